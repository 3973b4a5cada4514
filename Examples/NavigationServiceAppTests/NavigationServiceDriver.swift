import ExampleNavigationService
import FlowSpec

/// The spy stands in for the app's `UINavigationController`.
extension NavigationControllerSpy: NavigationControllerType
where ViewController == ExampleNavigationService.ViewController {}

/// Binds flows/navigation-service.yaml to the app's NavigationService: the generated tests
/// run every checklist item against it, and explore the flow beyond the checklist.
typealias NavigationServiceDriver = ServiceDriver<NavigationService>

/// A driver over any NavigationService, so tests can plant a bug in a subclass.
@MainActor
struct ServiceDriver<Service: NavigationService>: FlowDriver {
  let navigation = NavigationControllerSpy<ViewController>()
  let service: Service

  init(start: ScenarioStart) {
    service = Service(
      navigationController: navigation, isLogin: start.bool("isLogin"),
      isFirstLogin: start.bool("isFirstLogin"))
  }

  func send(_ event: NavigationEvent) throws {
    switch event {
    case .named("login", _): service.login()
    case .named("validateOnboarding", _): service.validateOnboarding()
    case .named("selectInfo", let arguments):
      guard case .string(let info) = arguments["info"] else {
        throw DriverError("selectInfo needs its 'info'")
      }
      service.displayInfoDetails(for: info)
    case .named("presentLogout", _): service.presentAlertSheetLogout()
    case .named("createInfo", _): service.displayNewInfo()
    case .named("create", _): service.create()
    case .tap(.right), .tap(.left):
      let item = navigation.viewControllers.last?.navigationItem
      guard let button = event == .tap(.right) ? item?.rightBarButtonItem : item?.leftBarButtonItem
      else { throw DriverError("the top screen has no such bar button") }
      button.performAction()
    case .tap(.back):
      guard navigation.viewControllers.count > 1 else { throw DriverError("no back button") }
      navigation.popViewController(animated: true)
    case .alertAction(let title):
      guard let alert = navigation.presentedViewController as? AlertController,
        let action = alert.actions.first(where: { $0.title == title })
      else { throw DriverError("no alert action '\(title)' is shown") }
      navigation.alertWasDismissedByUIKit()
      action.handler?(action)
    default:
      throw DriverError.unsupported(event)
    }
  }

  func observe() -> Observation {
    var observation = navigation.observation(describing: Self.describe)
    observation.state = [
      "isFirstLogin": .bool(service.isFirstLogin), "isLogin": .bool(service.isLogin),
    ]
    return observation
  }

  /// A view controller as the flow names it: `InfosView` is the screen `Infos`, the action
  /// sheet is `LogoutSheet`.
  static func describe(_ controller: ViewController) -> SpiedController {
    if let alert = controller as? AlertController {
      return .alert(
        PresentedAlert(
          name: "LogoutSheet", style: alert.preferredStyle == .actionSheet ? .actionSheet : .alert,
          title: alert.title, message: alert.message,
          actions: alert.actions.map {
            PresentedAlert.Action(
              title: $0.title ?? "",
              style: $0.style == .cancel
                ? .cancel : $0.style == .destructive ? .destructive : .default)
          }))
    }
    let hosting = controller as? HostingController
    let name =
      hosting.map { String($0.viewName.dropLast("View".count)) } ?? "\(type(of: controller))"
    let screen = ScreenInstance(
      name: name,
      values: (hosting?.values ?? [:]).sorted { $0.key < $1.key }.map {
        ($0.key, .string($0.value))
      })
    let item = controller.navigationItem
    func button(_ item: ExampleNavigationService.BarButtonItem?) -> ResolvedBarButton? {
      item.map {
        ResolvedBarButton(
          image: $0.image, title: nil, style: $0.style == .done ? .done : .plain,
          tint: $0.tintColor,
          action: $0.actionName)
      }
    }
    return .screen(
      screen,
      item: NavigationItemObservation(
        title: controller.title, left: button(item.leftBarButtonItem),
        right: button(item.rightBarButtonItem), hidesBackButton: item.hidesBackButton),
      isBarHidden: hosting?.isNavigationBarHidden ?? false)
  }
}
