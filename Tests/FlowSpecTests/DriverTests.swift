import FlowSpec
import FlowTestSupport
import Testing

/// A tiny app: a service that pushes Detail on `go`, and a bug switch.
@MainActor
final class TinyService {
  let navigation: NavigationControllerSpy<String>
  let animatesGo: Bool

  init(navigation: NavigationControllerSpy<String>, animatesGo: Bool) {
    self.navigation = navigation
    self.animatesGo = animatesGo
    navigation.setViewControllers(["Home"], animated: false)
  }

  func go() { navigation.pushViewController("Detail", animated: animatesGo) }
}

@MainActor
struct TinyDriver: FlowDriver {
  static let bar = NavigationItemObservation(title: "Home")
  let service: TinyService

  init(start: ScenarioStart) {
    service = TinyService(navigation: NavigationControllerSpy(), animatesGo: start.bool("animates"))
  }

  func send(_ event: NavigationEvent) throws {
    switch event {
    case "go": service.go()
    case .tap(.back): service.navigation.popViewController(animated: true)
    default: throw DriverError.unsupported(event)
    }
  }

  func observe() -> Observation {
    service.navigation.observation { name in
      .screen(ScreenInstance(name: name), item: name == "Home" ? Self.bar : nil, isBarHidden: false)
    }
  }
}

private let tinyFlow = """
  flow: Tiny
  state: { animates: true }
  start: { setRoot: Home }
  screens:
    Home:
      navBar: { title: Home }
      on: { go: { push: Detail } }
    Detail: {}
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
  func send(_ event: NavigationEvent) throws { try tiny.send(event) }
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

  @Test("the spy keeps a stack as UINavigationController does and names calls with UIKit's words")
  func spy() {
    let spy = NavigationControllerSpy<String>()
    spy.setViewControllers(["A"], animated: false)
    spy.pushViewController("B", animated: true)
    #expect(spy.popToRootViewController(animated: true) == ["B"])
    #expect(spy.popViewController(animated: false) == nil)
    spy.present("Sheet", animated: true, completion: nil)
    let observation = spy.observation {
      .screen(ScreenInstance(name: $0), item: nil, isBarHidden: false)
    }
    #expect(observation.stack?.map(\.name) == ["A"])
    #expect(observation.presentations?.map(\.name) == ["Sheet"])
    #expect(
      observation.calls?.map(\.description) == [
        "setViewControllers(A, animated: false)", "pushViewController(B, animated: true)",
        "popToRootViewController(B, animated: true)", "popViewController(animated: false)",
        "present(Sheet, animated: true)",
      ])
    #expect(spy.isAnimate == true)
  }

  @Test("the path spy changes its path as a router's does; a reset does not animate")
  func pathSpy() {
    let spy = PathSpy<Int>()
    spy.push(1)
    spy.push(2)
    spy.pop()
    spy.reset(to: [7, 8])
    let observation = spy.observation(root: ScreenInstance(name: "Root")) {
      ScreenInstance(name: "N", values: [("n", .int($0))])
    }
    #expect(observation.stack?.map(\.description) == ["Root", "N(n: 7)", "N(n: 8)"])
    #expect(observation.lastAnimated == false)
    #expect(observation.calls?.map(\.call) == [.push, .push, .pop, .reset])
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
    #expect(finding.differences == ["animated: the flow shows true, the app false"])
    #expect(
      finding.item.hasPrefix("[ ] After go, the app does what the flow says\n    when [go]\n"))
  }
}

extension ExplorationFinding: Equatable {
  public static func == (lhs: ExplorationFinding, rhs: ExplorationFinding) -> Bool {
    lhs.description == rhs.description
  }
}
