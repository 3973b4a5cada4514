import ExampleCoordinator
import FlowSpec
import FlowTestSupport
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

/// ViewB is started on a new navigation controller, presented: the article's anti-pattern.
final class PresentsViewB: ViewARouter {
  override func didTapNavigateButton() {
    let stack = makeNavigationController()
    ViewBCoordinator(navigationController: stack, parent: self).start()
    navigationController.present(stack, animated: true, completion: nil)
  }
}

/// The sheet's view is pushed on the router's own stack instead of a stack of its own.
final class SheetOnSameStack: ViewARouter {
  override func didTapShowSheet() {
    makeSheetCoordinator(on: navigationController).start()
  }
}

/// ViewB says it is done, and the router forgets to pop it.
final class NoPopOnFinish: ViewARouter {
  override func viewBDidFinish() {}
}

/// Closing the sheet dismisses nothing.
final class SheetStays: ViewARouter {
  override func sheetDidFinish() {}
}

/// The sheet's detail is titled "Details", where the flow says "Detail": no item looks.
final class MistitledDetail: ViewARouter {
  final class Sheet: SheetCoordinator {
    override func next() {
      super.next()
      navigationController.topViewController?.title = "Details"
    }
  }
  override func makeSheetCoordinator(on stack: UINavigationController) -> SheetCoordinator {
    Sheet(navigationController: stack, parent: self)
  }
}

@Suite("A bug planted in the coordinators fails the items about it, or the exploration finds it")
@MainActor
struct CoordinatorPlantedBugTests {
  static let path = repositoryRoot() + "/flows/coordinator.yaml"
  static let sheetPath = repositoryRoot() + "/flows/coordinators/sheet-only.yaml"
  /// The flow with its child flows, as the generated tests embed them.
  static let checklist = ChecklistVerifier(
    filePath: path, source: try! String(contentsOfFile: path, encoding: .utf8),
    files: Dictionary(
      uniqueKeysWithValues: ["view-b", "sheet-only"].map { name in
        let child = repositoryRoot() + "/flows/coordinators/\(name).yaml"
        return (child, try! String(contentsOfFile: child, encoding: .utf8))
      }))

  /// The texts of the items the app fails, with every failure on its item's lines.
  func failing<Router: ViewARouter>(_: Router.Type) async -> [String] {
    await failingItems(of: Self.checklist, through: RouterDriver<Router>.self)
  }

  @Test("the article's coordinators pass every item and the exploration")
  func soundApp() async {
    #expect(Self.checklist.entries.count == 7, "the flow and its child flows load")
    #expect(await failing(ViewARouter.self) == [])
    #expect(await Self.checklist.explore(driver: ViewARouterDriver.self, events: 300) == nil)
  }

  @Test("four bugs, each failing the items about it")
  func itemsCatchThem() async {
    #expect(
      await failing(PresentsViewB.self).contains(
        "Did tap should push ViewB on the router's navigation controller"))
    #expect(
      await failing(SheetOnSameStack.self).contains(
        "A view only presented as a sheet gets a stack of its own"))
    #expect(
      await failing(NoPopOnFinish.self) == [
        "ViewB tells its parent it is done, and the router pops it"
      ])
    #expect(
      await failing(SheetStays.self) == ["Closing the sheet tells the router, which dismisses it"])
  }

  @Test("a mistitled screen of a child flow: found by the exploration, in the child's own file")
  func mistitledDetail() async throws {
    #expect(await failing(MistitledDetail.self) == [])
    let finding = try #require(
      await Self.checklist.explore(driver: RouterDriver<MistitledDetail>.self, events: 300))
    let differences = finding.message.components(separatedBy: "\n").dropFirst()
      .prefix { !$0.hasPrefix("checklist item") }
    #expect(Array(differences) == ["  nav bar title: flow 'Detail', app 'Details'"], "\(finding)")
    #expect(finding.filePath == Self.sheetPath)
    let sheet = try String(contentsOfFile: Self.sheetPath, encoding: .utf8)
    #expect(finding.line == lineNumber(of: "title: Detail", after: "  SheetDetail:", in: sheet))
  }

  /// A benchmark, skipped unless asked for:
  /// `FLOWSPEC_BENCH=1 swift test -c release --filter explorationSpeed`.
  @Test(.enabled(if: ExplorationSpeed.isRequested, "a benchmark: set FLOWSPEC_BENCH to run it"))
  func explorationSpeed() async {
    await ExplorationSpeed.measure(
      "the second article's ViewARouter", checklist: Self.checklist, driver: ViewARouterDriver.self)
  }
}
