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

/// Two bugs at once: onboarding shows its bar, and the logout button's action is misnamed.
final class TwoBugsService: NavigationService {
  override func displayOnboardingView() {
    navigationController.pushViewController(
      UIHostingController(rootView: OnboardingView()), animated: true)
    navigationController.setNavigationBarHidden(false, animated: false)
  }

  override func setInfosViewAsRoot(animated: Bool = false) {
    super.setInfosViewAsRoot(animated: animated)
    let button = UIBarButtonItem(
      image: UIImage(systemName: "arrowshape.turn.up.left.circle"),
      primaryAction: UIAction(identifier: .init("showSettings")) { [weak self] _ in
        self?.presentAlertSheetLogout()
      })
    button.tintColor = .red
    navigationController.topViewController?.navigationItem.rightBarButtonItem = button
  }
}

@Suite("A bug planted in the app fails exactly the items about it, at their YAML lines")
@MainActor
struct PlantedBugTests {
  static let path = repositoryRoot() + "/flows/navigation-service.yaml"
  static let source = try! String(contentsOfFile: path, encoding: .utf8)
  static let checklist = ChecklistVerifier(filePath: path, source: source)
  static let items = try! #require(
    FlowDocument.load(path: path).flow?.checklist?.entries)

  /// The texts of the items the app fails, with every failure on its item's lines.
  func failing<Service: NavigationService>(_: Service.Type) async -> [String] {
    await failingItems(of: Self.checklist, through: ServiceDriver<Service>.self, inFile: Self.path)
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

  @Test("a bug no item covers is found by the exploration, shrunk, placed, and written as an item")
  func exploration() async throws {
    #expect(await failing(VisibleOnboardingBarService.self) == [])
    let finding = try #require(
      await Self.checklist.explore(
        driver: ServiceDriver<VisibleOnboardingBarService>.self, events: 200, seed: 7))
    // Only the field that differs, at the onboarding screen's bar declaration.
    #expect(
      finding.message.hasPrefix(
        "the app disagrees with the flow after login:\n  nav bar: flow hidden, app visible\nchecklist item"
      ),
      "\(finding.message)")
    #expect(
      finding.line == lineNumber(of: "navBar: hidden", after: "  Onboarding:", in: Self.source))
    #expect(finding.message.contains("seeded with 7"))
    // Pasted into the checklist, the item passes against the flow and fails against the
    // app for the same reason.
    let item = String(finding.message[finding.message.range(of: "[ ] After")!.lowerBound...])
    let pasted = ChecklistVerifier(
      filePath: Self.path, source: pastingItem(item, intoFlow: Self.source))
    let id = try #require(pasted.entries.last?.id)
    #expect(pasted.entries.count == Self.items.count + 1)
    #expect(pasted.failures(ofItem: id) == [])
    let app = await pasted.appFailures(
      ofItem: id, driver: ServiceDriver<VisibleOnboardingBarService>.self)
    #expect(app.failures.map(\.message).contains { $0.contains("nav bar") }, "\(app.failures)")
    #expect(await Self.checklist.explore(driver: NavigationServiceDriver.self, events: 200) == nil)
  }

  @Test("one finding does not hide the next; an accepted one stops failing, a new one does not")
  func severalFindings() async throws {
    let findings = await Self.checklist.explorationFindings(
      driver: ServiceDriver<TwoBugsService>.self, events: 200, seed: 7)
    // The two bugs, and what the second leads to: the flow's `presentLogout` cannot be tapped.
    #expect(findings.count == 3, "\(findings.map(\.message))")
    #expect(
      findings.contains {
        $0.message.contains("'presentLogout': flow done, app refused")
          && $0.line == lineNumber(of: "presentLogout: {", after: "  Infos:", in: Self.source)
      })
    let bar = try #require(findings.first { $0.message.contains("nav bar: flow hidden") })
    #expect(bar.line == lineNumber(of: "navBar: hidden", after: "  Onboarding:", in: Self.source))
    let action = try #require(
      findings.first {
        $0.message.contains("right bar button action: flow 'presentLogout', app 'showSettings'")
      })
    #expect(action.line == lineNumber(of: "right:", after: "  Infos:", in: Self.source))
    #expect(action.message.contains("right: { image: arrowshape.turn.up.left.circle"))
    // Accepting the first by its item's text leaves the second failing.
    let title = try #require(
      bar.message.components(separatedBy: "\n").first { $0.hasPrefix("[ ] ") }?.dropFirst(4))
    let left = await Self.checklist.explorationFindings(
      driver: ServiceDriver<TwoBugsService>.self, events: 200, seed: 7,
      accepting: [String(title)])
    #expect(left.map(\.message) == findings.filter { $0 != bar }.map(\.message))
  }

  /// A benchmark, skipped unless asked for:
  /// `FLOWSPEC_BENCH=1 swift test -c release --filter explorationSpeed`.
  @Test(.enabled(if: ExplorationSpeed.isRequested, "a benchmark: set FLOWSPEC_BENCH to run it"))
  func explorationSpeed() async {
    await ExplorationSpeed.measure(
      "the first article's navigation service", checklist: Self.checklist,
      driver: NavigationServiceDriver.self)
  }
}
