import ExampleNavigationService
import FlowSpec

/// Binds flows/navigation-service.yaml to the app's NavigationService: the generated tests
/// run every checklist item against it, and explore the flow beyond the checklist. The spy
/// is the service's `UINavigationController`; it taps the service's own bar buttons and
/// alert actions, and the flow's other events go to the service itself.
typealias NavigationServiceDriver = ServiceDriver<NavigationService>

/// Over any NavigationService, so tests can plant a bug in a subclass.
@MainActor
struct ServiceDriver<Service: NavigationService>: FlowAppDriver {
  let spy = FlowNavigationControllerSpy()
  let events: Service

  init(start: ScenarioStart) {
    events = Service(
      navigationController: spy, isLogin: start.bool("isLogin"),
      isFirstLogin: start.bool("isFirstLogin"))
  }

  var state: [String: Value] {
    ["isLogin": .bool(events.isLogin), "isFirstLogin": .bool(events.isFirstLogin)]
  }
}

/// The flow's events, by the service's own names where they differ.
extension NavigationService: NavigationServiceEvents {
  func selectInfo(info: String) { displayInfoDetails(for: info) }
}
