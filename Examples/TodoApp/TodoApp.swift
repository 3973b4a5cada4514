// The fourth article's task list over UIPilot, as it writes it: `UIPilot<AppRoute>` is the
// router (`push`, `pop`), `AppRoute` is the `TodoAppRoute` FlowSpecPlugin generates from
// flows/todo.yaml, the views' view models do the work: `TaskListVM` lists the repository's
// tasks when its view appears and pushes `.add`; `AddTaskVM` saves its title and pops.

/// A task of the list.
public struct TodoTask: Equatable, Sendable {
  public var title: String
  public var isCompleted: Bool

  public init(title: String, isCompleted: Bool = false) {
    self.title = title
    self.isCompleted = isCompleted
  }
}

/// Where tasks are kept.
@MainActor
public final class TaskRepository {
  public private(set) var tasks: [TodoTask] = []

  public init() {}

  public func addTask(task: TodoTask) { tasks.append(task) }
}

/// What a view model asks of UIPilot.
@MainActor
public protocol PilotRouting: AnyObject {
  func push(_ route: TodoAppRoute)
  func pop()
}

/// `UIPilot<AppRoute>`: the path of routes above the initial one.
@MainActor
public final class UIPilot: PilotRouting {
  public private(set) var path: [TodoAppRoute] = []

  public init() {}

  public func push(_ route: TodoAppRoute) { path.append(route) }
  public func pop() { if !path.isEmpty { path.removeLast() } }
}

/// The list's view model.
@MainActor
open class TaskListVM {
  public let repository: TaskRepository
  public let pilot: any PilotRouting
  public private(set) var listed: [TodoTask] = []

  public required init(repository: TaskRepository, pilot: any PilotRouting) {
    self.repository = repository
    self.pilot = pilot
  }

  /// `.onAppear { vm.load() }`.
  open func load() { listed = repository.tasks }

  /// The Add button (`navigationBarItems(trailing:)`).
  open func onAdd() { pilot.push(.add) }
}

/// The Add task view's view model, made when the view appears.
@MainActor
open class AddTaskVM {
  public let repository: TaskRepository
  public let pilot: any PilotRouting
  /// Bound to the TextField.
  public var title = ""

  public required init(repository: TaskRepository, pilot: any PilotRouting) {
    self.repository = repository
    self.pilot = pilot
  }

  open func onSave() {
    repository.addTask(task: TodoTask(title: title))
    pilot.pop()
  }
}

/// The app's views as navigation sees them: the list's view model, and the Add view's while
/// it is shown. `open`, so the tests can plant a bug in the view models it makes.
@MainActor
open class TodoScreens {
  public let repository = TaskRepository()
  public let pilot: any PilotRouting
  public private(set) lazy var list = makeListVM()
  public private(set) var add: AddTaskVM?

  public required init(pilot: any PilotRouting) {
    self.pilot = pilot
    list.load()
  }

  open func makeListVM() -> TaskListVM { TaskListVM(repository: repository, pilot: pilot) }
  open func makeAddVM() -> AddTaskVM { AddTaskVM(repository: repository, pilot: pilot) }

  /// What the views do when one appears on top: `nil` is the list, the root.
  public func appeared(_ route: TodoAppRoute?) {
    switch route {
    case nil: list.load()
    case .add: add = makeAddVM()
    case .list: break
    }
  }

  // The views' buttons and fields.
  public func onAdd() { list.onAdd() }
  public func typeTitle(title: String) { add?.title = title }
  public func onSave() { add?.onSave() }
}
