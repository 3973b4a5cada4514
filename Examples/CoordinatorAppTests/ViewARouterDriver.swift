import ExampleCoordinator
import FlowSpec

/// Binds flows/coordinator.yaml (and its child flows) to the app's ViewARouter: the spy is
/// its navigation controller and makes the sheet's own; the children's events go to the
/// coordinator that runs them.
typealias ViewARouterDriver = RouterDriver<ViewARouter>

/// Over any ViewARouter, so tests can plant a bug in a subclass.
@MainActor struct RouterDriver<Router: ViewARouter>: FlowAppDriver {
  let spy = FlowNavigationControllerSpy()
  let events: Router

  init(start: ScenarioStart) {
    events = Router(
      navigationController: spy, makeNavigationController: spy.makeNavigationController)
    events.root()
  }
}

/// The children's events, by the coordinator that runs them.
extension ViewARouter: ViewARouterEvents {
  func done() { viewB?.done() }
  func next() { sheet?.next() }
}
