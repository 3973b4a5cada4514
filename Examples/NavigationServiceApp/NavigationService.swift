#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

/// The first article's navigation service, as it ends: it owns a `UINavigationController`,
/// decides the root at start, pushes onboarding on a first login, configures each screen's
/// navigation bar and presents the logout action sheet. Its behaviour is specified in
/// flows/navigation-service.yaml, whose checklist runs against it in
/// ExampleNavigationServiceTests. Where UIKit does not exist (Linux, macOS), UIKitStandIns
/// gives the same names, so this is the article's code on every platform.
///
/// `open`, so the tests can plant a bug in one method and watch exactly the items about it
/// fail.
@MainActor
open class NavigationService {
  public let navigationController: UINavigationController
  public private(set) var isLogin: Bool
  public private(set) var isFirstLogin: Bool

  public required init(
    navigationController: UINavigationController, isLogin: Bool, isFirstLogin: Bool
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
    let controller = UIHostingController(rootView: InfoDetailsView(info: info))
    controller.title = "Info Details"
    controller.navigationItem.rightBarButtonItem = barButton(
      systemName: "plus", tint: .blue, action: "createInfo"
    ) { [weak self] in self?.displayNewInfo() }
    navigationController.pushViewController(controller, animated: true)
  }

  /// The details' plus button.
  open func displayNewInfo() {
    let controller = UIHostingController(rootView: NewInfoView())
    controller.title = "New Info"
    navigationController.pushViewController(controller, animated: true)
  }

  /// The new info view's create button.
  open func create() {
    navigationController.popToRootViewController(animated: true)
  }

  /// The infos bar's logout button.
  open func presentAlertSheetLogout() {
    let sheet = UIAlertController(
      title: "Want to logout?", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    sheet.addAction(
      UIAlertAction(title: "Logout", style: .destructive) { [weak self] _ in self?.logout() })
    navigationController.present(sheet, animated: true, completion: nil)
  }

  /// The sheet's logout action.
  open func logout() {
    setLoginViewAsRoot()
  }

  // MARK: Helpers

  open func setLoginViewAsRoot() {
    navigationController.setNavigationBarHidden(true, animated: false)
    navigationController.setViewControllers(
      [UIHostingController(rootView: LoginView())], animated: false)
  }

  open func displayOnboardingView() {
    navigationController.setNavigationBarHidden(true, animated: false)
    navigationController.pushViewController(
      UIHostingController(rootView: OnboardingView()), animated: true)
  }

  open func setInfosViewAsRoot(animated: Bool = false) {
    isFirstLogin = false
    let controller = UIHostingController(rootView: InfosView())
    controller.title = "Infos"
    controller.navigationItem.rightBarButtonItem = barButton(
      systemName: "arrowshape.turn.up.left.circle", tint: .red, action: "presentLogout"
    ) { [weak self] in self?.presentAlertSheetLogout() }
    navigationController.setNavigationBarHidden(false, animated: false)
    navigationController.setViewControllers([controller], animated: animated)
  }

  private func barButton(
    systemName: String, tint: UIColor, action: String, _ perform: @escaping @MainActor () -> Void
  ) -> UIBarButtonItem {
    let item = UIBarButtonItem(
      image: UIImage(systemName: systemName),
      primaryAction: UIAction(identifier: UIAction.Identifier(action)) { _ in perform() })
    item.style = .plain
    item.tintColor = tint
    return item
  }
}
