/// The first article's navigation service, as it ends: it decides the root at start, pushes
/// onboarding on a first login, configures each screen's navigation bar and presents the
/// logout action sheet. Its behaviour is specified in flows/navigation-service.yaml, whose
/// checklist runs against it in ExampleNavigationServiceTests.
///
/// `open`, so the tests can plant a bug in one method and watch exactly the items about it
/// fail.
@MainActor
open class NavigationService {
  public let navigationController: any NavigationControllerType
  public private(set) var isLogin: Bool
  public private(set) var isFirstLogin: Bool
  public private(set) var alertSheet: AlertController?

  public required init(
    navigationController: any NavigationControllerType, isLogin: Bool, isFirstLogin: Bool
  ) {
    self.navigationController = navigationController
    self.isLogin = isLogin
    self.isFirstLogin = isFirstLogin
    if isLogin {
      setInfosViewAsRoot()
    } else {
      setLoginViewAsRoot()
    }
  }

  /// The login view's button.
  open func login() {
    if isFirstLogin {
      displayOnboardingView()
    } else {
      setInfosViewAsRoot(animated: true)
    }
  }

  /// The onboarding view's button.
  open func validateOnboarding() {
    setInfosViewAsRoot(animated: true)
  }

  /// A row of the infos list.
  open func displayInfoDetails(for info: String) {
    let controller = HostingController(rootView: "InfoDetailsView", values: ["info": info])
    controller.title = "Info Details"
    controller.navigationItem.rightBarButtonItem = barButton(
      image: "plus", tint: "blue", action: "createInfo"
    ) { [weak self] in self?.displayNewInfo() }
    navigationController.pushViewController(controller, animated: true)
  }

  /// The details' plus button.
  open func displayNewInfo() {
    let controller = HostingController(rootView: "NewInfoView")
    controller.title = "New Info"
    navigationController.pushViewController(controller, animated: true)
  }

  /// The new info view's create button.
  open func create() {
    navigationController.popToRootViewController(animated: true)
  }

  /// The infos bar's logout button.
  open func presentAlertSheetLogout() {
    let sheet = AlertController(
      title: "Want to logout?", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
    sheet.addAction(
      AlertAction(title: "Logout", style: .destructive) { [weak self] _ in self?.logout() })
    alertSheet = sheet
    navigationController.present(sheet, animated: true, completion: nil)
  }

  /// The sheet's logout action.
  open func logout() {
    setLoginViewAsRoot()
  }

  // MARK: Helpers

  open func setLoginViewAsRoot() {
    let controller = HostingController(rootView: "LoginView")
    controller.isNavigationBarHidden = true
    navigationController.setViewControllers([controller], animated: false)
  }

  open func displayOnboardingView() {
    let controller = HostingController(rootView: "OnboardingView")
    controller.isNavigationBarHidden = true
    navigationController.pushViewController(controller, animated: true)
  }

  open func setInfosViewAsRoot(animated: Bool = false) {
    isFirstLogin = false
    let controller = HostingController(rootView: "InfosView")
    controller.title = "Infos"
    controller.navigationItem.rightBarButtonItem = barButton(
      image: "arrowshape.turn.up.left.circle", tint: "red", action: "presentLogout"
    ) { [weak self] in self?.presentAlertSheetLogout() }
    navigationController.setViewControllers([controller], animated: animated)
  }

  private func barButton(
    image: String, tint: String, action: String, _ perform: @escaping @MainActor () -> Void
  ) -> BarButtonItem {
    let item = BarButtonItem(image: image, style: .plain, actionName: action, action: perform)
    item.tintColor = tint
    return item
  }
}
