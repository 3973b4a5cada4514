import FlowSpec
import FlowTestSupport
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

/// A tiny app: a service that pushes Detail on `go`, and a bug switch.
final class HomeViewController: UIViewController {}
final class DetailViewController: UIViewController {}

@MainActor
final class TinyService {
  let navigation: UINavigationController
  let animatesGo: Bool
  /// How many times `go` pushes Detail: more than once is the double-tap bug.
  let pushesPerGo: Int

  init(navigation: UINavigationController, animatesGo: Bool, pushesPerGo: Int = 1) {
    self.navigation = navigation
    self.animatesGo = animatesGo
    self.pushesPerGo = pushesPerGo
    let home = HomeViewController()
    home.title = "Home"
    navigation.setViewControllers([home], animated: false)
  }

  func go() {
    for _ in 0..<pushesPerGo {
      navigation.pushViewController(DetailViewController(), animated: animatesGo)
    }
  }
}

/// How many times the tiny app's `go` pushes: its bug, if any.
protocol TinyBug { static var pushesPerGo: Int { get } }
/// The tiny app as written.
enum NoBug: TinyBug { static var pushesPerGo: Int { 1 } }

/// The tiny app, sound.
typealias TinyDriver = TinyAppDriver<NoBug>

/// A driver written by hand over the library's spy, as `FlowDriver` allows.
@MainActor
struct TinyAppDriver<Bug: TinyBug>: FlowDriver {
  let spy = FlowNavigationControllerSpy()
  let service: TinyService

  init(start: ScenarioStart) {
    service = TinyService(
      navigation: spy, animatesGo: start.bool("animates"), pushesPerGo: Bug.pushesPerGo)
  }

  func send(_ event: NavigationEvent) async throws {
    if event == "go" { return service.go() }
    guard try await spy.perform(event) else { throw DriverError.unsupported(event) }
  }

  func observe() -> Observation { spy.observation() }
}

/// The tiny app's flow, without its checklist.
let tinyFlowScreens = """
  flow: Tiny
  state: { animates: true }
  start: { setRoot: Home }
  screens:
    Home:
      navBar: { title: Home }
      on: { go: { push: Detail } }
    Detail: {}

  """

private let tinyFlow =
  tinyFlowScreens + """
    spec: |
      [ ] goes
          when go
          expect { stack: [Home, Detail], animated: true, calls: { push: 1 } }
      [ ] goes without animation, as the flow says it should not
          given { animates: false }
          when go
          expect { animated: true }
      [ ] what the app cannot show is not checked
          expect { navBar: { title: Home }, state: { animates: true }, pending: [] }
      [ ] a step the app cannot do fails at its line
          when nothing
    """

/// The same driver, declaring what the tiny app cannot show.
@MainActor
struct DeclaringTinyDriver: FlowDriver {
  static let unobservable: Set<ExpectationKey> = [.state, .pending]
  var tiny: TinyDriver

  init(start: ScenarioStart) { tiny = TinyDriver(start: start) }
  func send(_ event: NavigationEvent) async throws { try await tiny.send(event) }
  func observe() -> Observation { tiny.observe() }
}

@Suite("Drivers: checklist items against the app")
@MainActor
struct DriverTests {
  let runner = ChecklistRunner(flow: try! TestFlows.flow(tinyFlow))

  @Test(
    "an item the app does passes; one it does otherwise fails at the expectation, saying what it did"
  )
  func agreeAndDisagree() async throws {
    let passing = await runner.run(runner.entries[0], against: TinyDriver.self)
    #expect(passing.failures == [])
    let failing = await runner.run(runner.entries[1], against: TinyDriver.self)
    #expect(
      failing.failures.map(\.message) == [
        "the app disagrees: expected the last navigation call animated, found not animated (pushViewController(Detail, animated: false))"
      ])
    #expect(failing.failures.first?.range.start.line == 16)
  }

  @Test("what the driver declares the app cannot show is a known issue, never a pass")
  func unchecked() async {
    let result = await runner.run(runner.entries[2], against: DeclaringTinyDriver.self)
    #expect(result.failures == [])
    #expect(
      result.unchecked.map(\.message) == [
        "not checked: the app does not show state 'animates'",
        "not checked: the app does not show its pending requests",
      ])
  }

  @Test(
    "what the observation leaves out without a declaration fails the item, saying how to fix it")
  func undeclaredUnobservable() async {
    let result = await runner.run(runner.entries[2], against: TinyDriver.self)
    #expect(result.unchecked == [])
    #expect(result.failures.map(\.id) == ["driver.unobserved", "driver.unobserved"])
    #expect(
      result.failures.first?.message
        == "not checked: the driver's observation leaves out state 'animates'; observe it, or declare that the app cannot show it: static let unobservable: Set<ExpectationKey> = [.state]"
    )
    #expect(result.failures.first?.range.start.line == 18)
  }

  @Test("an event the driver cannot send fails the item at the step")
  func cannotSend() async {
    let result = await runner.run(runner.entries[3], against: TinyDriver.self)
    #expect(result.failures.map(\.id) == ["driver.send"])
    #expect(
      result.failures.first?.message
        == "the app could not do 'nothing': the driver does not send 'nothing' to the app")
  }

  @Test("the exploration finds nothing when the app agrees, and shrinks what it finds")
  func exploration() async throws {
    let clean = await runner.explore(against: TinyDriver.self, budget: .init(events: 50, seed: 3))
    #expect(clean == nil, "\(clean?.description ?? "")")
    let buggy = ChecklistRunner(
      flow: try TestFlows.flow(
        tinyFlow.replacingOccurrences(of: "animates: true", with: "animates: false")
          .replacingOccurrences(
            of: "{ go: { push: Detail } }", with: "{ go: { push: Detail, animated: true } }")))
    let finding = try #require(
      await buggy.explore(against: TinyDriver.self, budget: .init(events: 50, seed: 3)))
    #expect(finding.events == ["go"])
    #expect(finding.differences.map(\.description) == ["animated: flow true, app false"])
    #expect(finding.range.start.line == 7, "at the handler of go")
    #expect(
      finding.item.hasPrefix("[ ] After go, the app does what the flow says\n    when [go]\n"))
  }
}

extension ExplorationFinding: Equatable {
  public static func == (lhs: ExplorationFinding, rhs: ExplorationFinding) -> Bool {
    lhs.description == rhs.description
  }
}
