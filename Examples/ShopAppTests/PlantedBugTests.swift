import ExampleShop
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// Re-tapping the selected tab pops the home tab's stack, whichever tab it is.
final class WrongTabRetapRouter: AppRouter {
  override func tap(_ tab: Tab) {
    if tab == selectedTab { home.popToRoot() }
    selectedTab = tab
  }
}

/// A deep link's routes are pushed one by one onto the stack there, not set at once.
final class AppendingLinkRouter: AppRouter {
  override func handle(_ url: URL) {
    guard let link = ShopRoute.link(url), !link.routes.isEmpty else { return }
    if let name = link.tab, let tab = Tab(rawValue: name) { selectedTab = tab }
    for route in link.routes { current.push(route) }
  }
}

@Suite("A bug planted in the shop app fails the items about it, at their YAML lines")
@MainActor
struct ShopPlantedBugTests {
  static let path = repositoryRoot() + "/flows/shop.yaml"
  static let source = try! String(contentsOfFile: path, encoding: .utf8)
  static let checklist = ChecklistVerifier(filePath: path, source: source)

  /// The texts of the items the app fails, with every failure on its item's lines.
  func failing<App: AppRouter>(_: App.Type) async -> [String] {
    await failingItems(of: Self.checklist, through: AppDriver<App>.self)
  }

  @Test("the article's router passes every item and the exploration")
  func soundApp() async {
    #expect(!Self.checklist.entries.isEmpty, "the flow loads")
    #expect(await failing(AppRouter.self) == [])
    #expect(await Self.checklist.explore(driver: ShopDriver.self, events: 300) == nil)
  }

  @Test("a re-tap that pops the wrong tab: no item re-taps another tab, the exploration does")
  func wrongTabRetap() async throws {
    #expect(await failing(WrongTabRetapRouter.self) == [])
    let finding = try #require(
      await Self.checklist.explore(driver: AppDriver<WrongTabRetapRouter>.self, events: 300))
    // Only the field that differs, at the tab the last event taps.
    let differences = finding.message.components(separatedBy: "\n").dropFirst()
      .prefix { !$0.hasPrefix("checklist item") }
    #expect(
      Array(differences) == [
        #"  stack: flow [Account], app [Account, Profile(userID: "abc"), Settings]"#
      ],
      "\(finding.message)")
    #expect(finding.line == lineNumber(of: "  Profil: {", in: Self.source))
    let item = String(finding.message[finding.message.range(of: "[ ] After")!.lowerBound...])
    let pasted = ChecklistVerifier(
      filePath: Self.path, source: pastingItem(item, intoFlow: Self.source))
    let id = try #require(pasted.entries.last?.id)
    #expect(pasted.failures(ofItem: id) == [])
    let app = await pasted.appFailures(ofItem: id, driver: AppDriver<WrongTabRetapRouter>.self)
    #expect(
      app.failures.map(\.message) == [
        #"the app disagrees: expected stack [Account], found [Account, Profile(userID: "abc"), Settings]"#
      ])
  }

  @Test("a deep link that appends its routes one by one fails every 'at once' item")
  func appendingLink() async throws {
    let failed = await failing(AppendingLinkRouter.self)
    #expect(
      failed == [
        "monapp://product/42 affiche [.productDetail(id: 42)] d'un coup",
        "monapp://profile/abc/settings affiche [.profile(userID: \"abc\"), .settings] dans Profil",
        "monapp://profile/abc affiche [.profile(userID: \"abc\")] dans Profil",
      ])
    let entry = try #require(
      Self.checklist.entries.first { $0.item.text.value.hasPrefix("monapp://product/42") })
    let failures = await Self.checklist.appFailures(
      ofItem: entry.id, driver: AppDriver<AppendingLinkRouter>.self
    ).failures
    #expect(failures.map(\.message).contains { $0.contains("push") }, "\(failures.map(\.message))")
  }

  /// A benchmark, skipped unless asked for:
  /// `FLOWSPEC_BENCH=1 swift test -c release --filter explorationSpeed`.
  @Test(.enabled(if: ExplorationSpeed.isRequested, "a benchmark: set FLOWSPEC_BENCH to run it"))
  func explorationSpeed() async {
    await ExplorationSpeed.measure(
      "the fifth article's shop router", checklist: Self.checklist, driver: ShopDriver.self)
  }
}
