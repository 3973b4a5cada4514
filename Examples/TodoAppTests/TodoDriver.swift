import ExampleTodo
import FlowSpec

/// Binds flows/todo.yaml to the app's view models over UIPilot, the pilot a path spy whose
/// routes the generated `TodoAppRoute` names. SwiftUI's bar is not observable here.
typealias TodoDriver = ScreensDriver<TodoScreens>

/// Over any TodoScreens, so tests can plant a bug in the view models it makes.
@MainActor struct ScreensDriver<Screens: TodoScreens>: FlowAppDriver {
  static var unobservable: Set<ExpectationKey> { [.navBar] }
  let spy = FlowPathSpy<TodoAppRoute>(root: "List")
  let events: Screens

  init(start: ScenarioStart) throws {
    events = Screens(pilot: spy)
    try spy.begin(at: start) { [events] in events.appeared($0) }
  }

  var state: [String: Value] {
    FlowValue.values([
      "tasks": events.repository.tasks, "listed": events.list.listed,
      "title": events.add?.title ?? "",
    ])
  }
}

extension FlowPathSpy: PilotRouting where Route == TodoAppRoute {}
extension TodoAppRoute: FlowRoute {}
extension TodoScreens: TodoAppEvents {}
