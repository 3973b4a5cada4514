import ExampleNavigationService
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

/// Logging in after a logout, or starting logged out, shows login with an animation the
/// article says it must not have.
final class AnimatedLoginService: NavigationService {
  override func setLoginViewAsRoot() {
    navigationController.setNavigationBarHidden(true, animated: false)
    navigationController.setViewControllers(
      [UIHostingController(rootView: LoginView())], animated: true)
  }
}

/// "Create" pops once instead of popping to the root.
final class PopOnceService: NavigationService {
  override func create() {
    navigationController.popViewController(animated: true)
  }
}

/// Logout forgets to set login as the root.
final class StuckLogoutService: NavigationService {
  override func logout() {}
}

/// Onboarding shows a navigation bar; no checklist item looks at it.
final class VisibleOnboardingBarService: NavigationService {
  override func displayOnboardingView() {
    navigationController.pushViewController(
      UIHostingController(rootView: OnboardingView()), animated: true)
    navigationController.setNavigationBarHidden(false, animated: false)
  }
}

@Suite("A bug planted in the app fails exactly the items about it, at their YAML lines")
@MainActor
struct PlantedBugTests {
  static let path = repositoryRoot() + "/flows/navigation-service.yaml"
  static let checklist = ChecklistVerifier(
    filePath: path, source: try! String(contentsOfFile: path, encoding: .utf8))
  static let items = try! #require(
    FlowDocument.load(path: path).flow?.checklist?.entries)

  /// The texts of the items the app fails, with every failure on its item's lines.
  func failing<Service: NavigationService>(_ service: Service.Type) async -> [String] {
    var failing: [String] = []
    for entry in Self.items {
      let app = await Self.checklist.appFailures(
        ofItem: entry.id, driver: ServiceDriver<Service>.self)
      guard !app.failures.isEmpty else { continue }
      failing.append(entry.item.text.value)
      for failure in app.failures {
        #expect(entry.item.lines.contains(failure.line), "\(failure.line): \(failure.message)")
        #expect(failure.filePath == Self.path)
      }
    }
    return failing
  }

  @Test("the article's service passes every item")
  func soundService() async {
    #expect(await failing(NavigationService.self) == [])
  }

  @Test("login shown with an animation")
  func animatedLogin() async throws {
    #expect(
      await failing(AnimatedLoginService.self) == [
        "On init user not login set login view as root with no animation",
        "Confirm logout set login as root with no animation",
      ])
    let failure = try #require(
      await Self.checklist.appFailures(ofItem: 0, driver: ServiceDriver<AnimatedLoginService>.self)
        .failures.first)
    #expect(
      failure.message
        == "the app disagrees: expected the last navigation call not animated, found animated (setViewControllers(Login, animated: true))"
    )
  }

  @Test("create pops once instead of popping to the root")
  func popOnce() async {
    #expect(
      await failing(PopOnceService.self) == ["Create new info pop to the root view (infos view)"])
  }

  @Test("logout without setting login as the root")
  func stuckLogout() async {
    #expect(
      await failing(StuckLogoutService.self) == [
        "Confirm logout set login as root with no animation"
      ])
  }

  @Test("a bug no item covers is found by the exploration, shrunk, and written as an item")
  func exploration() async throws {
    #expect(await failing(VisibleOnboardingBarService.self) == [])
    let finding = try #require(
      await Self.checklist.explore(
        driver: ServiceDriver<VisibleOnboardingBarService>.self, events: 200, seed: 7))
    #expect(finding.message.contains("after login:"), "\(finding.message)")
    #expect(finding.message.contains("nav bar: the flow shows hidden"))
    #expect(finding.message.contains("    when [login]\n"))
    #expect(finding.message.contains("navBar: { hidden: true }"))
    #expect(finding.message.contains("seeded with 7"))
    #expect(await Self.checklist.explore(driver: NavigationServiceDriver.self, events: 200) == nil)
  }
}
