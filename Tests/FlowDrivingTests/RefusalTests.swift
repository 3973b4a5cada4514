import FlowSpec
import FlowTestSupport
import Foundation
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

/// A link and an event that take an `Int` id: what a trips app refuses when it is not one.
private let tripsDeclarations = """
  links:
    "trips://destination/{id}": [Home, { Detail: { id: $id } }]
  start: { setRoot: Home }
  screens:
    Home:
      on:
        showDestination: { push: Detail, with: { id: $id } }
    Detail:
      params: { id: Int }
  """

private let tripsFlow = """
  flow: Trips
  \(tripsDeclarations)
  spec: |
    [ ] a destination id that is not a number is refused
        when { showDestination: { id: abc } }
        expect { refused: argument-type, stack: [Home] }
        [ ] and the next one goes on from where it was
            when { showDestination: { id: 4 } }
            expect { stack: [Home, Detail], refused: true }
    [ ] a link whose id is not a number is refused and changes nothing
        when { open: "trips://destination/abc" }
        expect { refused: argument-type, stack: [Home] }
    [ ] an unknown link is refused
        when [{ showDestination: { id: 1 } }, { tap: back }, { open: "trips://nowhere" }]
        expect { refused: unmatched-link, stack: [Home] }
    [ ] a good id is expected refused
        when { showDestination: { id: 3 } }
        expect { refused: true }
    [ ] a refusal of another kind
        when { tap: back }
        expect { refused: unhandled-event }
    [ ] a refused event with no refused expectation
        when [{ tap: back }, { showDestination: { id: 2 } }]
        expect { stack: [Home, Detail] }
  """

@Suite("A refusal can be expected: 'expect { refused }' after the event the app cannot do")
@MainActor
struct RefusalTests {
  let checklist = ChecklistVerifier(filePath: "trips.yaml", source: tripsFlow)

  func messages(_ index: Int) -> [String] {
    checklist.failures(ofItem: checklist.entries[index].id).map(\.message)
  }

  @Test("in the flow: refused of the kind given, the stack as before, the next item goes on")
  func inTheFlow() {
    #expect(messages(0) == [])
    // The child replays the refused event, then goes on from the stack before it.
    #expect(
      messages(1) == [
        "expected 'showDestination(id: 4)' to be refused, but it was done"
      ])
    #expect(messages(2) == [])
    #expect(messages(3) == [])
  }

  @Test("an event done, or refused for another reason, fails at the expectation")
  func failures() {
    #expect(messages(4) == ["expected 'showDestination(id: 3)' to be refused, but it was done"])
    let other = checklist.failures(ofItem: checklist.entries[5].id)
    #expect(
      other.map(\.message) == [
        "expected 'tap back' to be refused as unhandled-event, but it was refused as no-back-button: 'Home' is the root, so there is no back button"
      ])
    #expect(other.first?.line == 29)
    #expect(other.first?.column == 25)
    // Without `refused` after it, a refused event fails its step as before.
    #expect(messages(6).count == 1)
    #expect(messages(6).first?.hasPrefix("'tap back' failed") == true)
  }

  @Test("the checker lets a refused event carry a value of the wrong type, and no other")
  func checker() {
    let source = """
      flow: Trips
      \(tripsDeclarations)
      spec: |
        [ ] refused
            when [{ showDestination: { id: abc } }]
            expect { refused: true }
        [ ] not the last event
            when [{ showDestination: { id: abc } }, { tap: back }]
            expect { refused: true }
        [ ] not expected refused
            when { showDestination: { id: abc } }
            expect { stack: [Home] }
      """
    let errors = TestFlows.document(source).diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == ["check.event-argument-type", "check.event-argument-type"])
    #expect(errors.map(\.position.line) == [16, 19])
  }

  @Test("a defect of the flow is no refusal: the step fails, and 'refused' cannot name one")
  func defects() {
    let source = """
      flow: Counter
      state: { count: 0 }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            setCount: { set: { count: $value } }
      spec: |
        [ ] a text for the count
            when { setCount: { value: abc } }
            expect { refused: true }
        [ ] named as a kind
            when { setCount: { value: 1 } }
            expect { refused: state-type }
      """
    let errors = TestFlows.document(source).diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == ["checklist.unknown-refusal"])
    let defect = ChecklistVerifier(
      filePath: "c.yaml",
      source: source.replacingOccurrences(of: "refused: state-type", with: "refused: true"))
    let failures = defect.failures(ofItem: defect.entries[0].id)
    #expect(
      failures.map(\.message).first?.hasPrefix("'setCount(value: \"abc\")' failed") == true,
      "\(failures)")
  }

  @Test("a misspelt kind gets a did-you-mean; 'refused' with no event before is an error")
  func misplaced() {
    let source = """
      flow: Trips
      start: { setRoot: Home }
      screens:
        Home: {}
      spec: |
        [ ] misspelt
            when { tap: back }
            expect { refused: no-back-buton }
        [ ] nothing before
            expect { refused: true }
        [ ] after a given
            given { }
            expect { refused: true }
        [ ] not a kind
            when { tap: back }
            expect { refused: [a] }
      """
    let errors = TestFlows.document(source).diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map(\.id) == [
        "checklist.unknown-refusal", "checklist.refused-without-event",
        "checklist.refused-without-event", "model.wrong-type",
      ], "\(errors.map(\.message))")
    #expect(
      errors.first?.message.hasPrefix(
        "'no-back-buton' is no kind of refusal (did you mean 'no-back-button'?)") == true)
    #expect(errors.first?.fixIts.first?.replacement == "no-back-button")
    #expect(errors.map(\.position.line) == [8, 10, 13, 16])
    // `refused: false` is not a kind, and not needed: a refused event fails the item.
    let notRefused = TestFlows.document(
      source.replacingOccurrences(of: "expect { refused: [a] }", with: "expect { refused: false }"))
    #expect(
      notRefused.diagnostics.filter { $0.severity == .error }.last?.message
        == "'refused: false' is not needed: an item whose event is refused fails unless it expects 'refused'; remove it, and expect what the event shows instead"
    )
  }
}

// MARK: - Against the app

/// A trips app whose destination takes a typed id, and whose links are parsed by the app.
@MainActor
final class TripsApp {
  enum Bug: String { case none, linkAsZero, linkThrows, pushesThenThrows }

  let navigation: UINavigationController
  let bug: Bug

  init(navigation: UINavigationController, bug: Bug) {
    self.navigation = navigation
    self.bug = bug
    navigation.setViewControllers([HomeViewController()], animated: false)
  }

  func showDestination(id: Int) throws {
    navigation.pushViewController(DetailViewController(), animated: true)
    if bug == .pushesThenThrows { throw BadLink() }
  }

  struct BadLink: Error {}

  /// `trips://destination/<number>`; anything else is ignored, as most apps do.
  func open(url: URL) throws {
    let parts = url.absoluteString.components(separatedBy: "/")
    guard parts.count == 4, parts[2] == "destination" else {
      if bug == .linkThrows { throw BadLink() }
      return
    }
    guard let id = Int(parts[3]) ?? (bug == .linkAsZero ? 0 : nil) else {
      if bug == .linkThrows { throw BadLink() }
      return
    }
    navigation.setViewControllers([HomeViewController(), DetailViewController()], animated: false)
    _ = id
  }
}

@MainActor
struct TripsDriver: FlowAppDriver {
  let spy = FlowNavigationControllerSpy()
  let events: TripsApp

  init(start: ScenarioStart) {
    events = TripsApp(navigation: spy, bug: TripsApp.Bug(rawValue: start.string("bug")) ?? .none)
  }

  /// What the generated `receive` does: typed arguments read from the event.
  func receive(_ event: NavigationEvent, visibleScreen: String?) async throws -> Bool {
    switch event {
    case .named("showDestination", let values):
      try events.showDestination(id: try EventArguments(values, of: "showDestination").int("id"))
    case .open(let url):
      guard let url = URL(string: url) else { return true }
      try events.open(url: url)
    default: return false
    }
    return true
  }
}

private let tripsAppFlow = """
  flow: Trips
  state: { bug: none }
  \(tripsDeclarations)
  spec: |
    [ ] a destination id that is not a number is refused
        when { showDestination: { id: abc } }
        expect { refused: argument-type, stack: [Home] }
    [ ] a link whose id is not a number changes nothing
        when { open: "trips://destination/abc" }
        expect { refused: true, stack: [Home] }
    [ ] an unknown link changes nothing
        when { open: "trips://nowhere" }
        expect { refused: unmatched-link }
    [ ] a link read as destination zero is a bug
        given { bug: linkAsZero }
        when { open: "trips://destination/abc" }
        expect { refused: true }
    [ ] an app that throws on a bad link refuses it
        given { bug: linkThrows }
        when { open: "trips://nowhere" }
        expect { refused: unmatched-link }
    [ ] the back button at the root is refused
        when { tap: back }
        expect { refused: no-back-button }
    [ ] a shown back button is not refused
        when [{ showDestination: { id: 1 } }, { tap: back }]
        expect { refused: true }
    [ ] an app that throws after navigating did not refuse
        given { bug: pushesThenThrows }
        when { showDestination: { id: 1 } }
        expect { refused: true }
  """

@Suite("A refusal the app makes: the driver throws one, or nothing the app shows changes")
@MainActor
struct AppRefusalTests {
  let runner = ChecklistRunner(flow: try! TestFlows.flow(tripsAppFlow))

  func appMessages(_ index: Int) async -> [String] {
    await runner.run(runner.entries[index], against: TripsDriver.self).failures.map(\.message)
  }

  @Test("the typed method cannot take the value; an ignored link changes nothing")
  func refusedByTheApp() async {
    #expect(await appMessages(0) == [])
    #expect(await appMessages(1) == [])
    #expect(await appMessages(2) == [])
    // The app's own error is a refusal of any kind.
    #expect(await appMessages(4) == [])
    // The spy refuses a back button that does not show, of the interpreter's kind.
    #expect(await appMessages(5) == [])
  }

  @Test("an app that does what the flow refuses fails, saying what it changed")
  func doneByTheApp() async {
    let linkAsZero = await appMessages(3)
    #expect(
      linkAsZero == [
        "the app disagrees: expected 'open trips://destination/abc' to be refused, but it was done: stack [Home] → [Home, Detail], back button hidden → visible, calls setViewControllers(Home, Detail, animated: false)"
      ])
    let back = await appMessages(6)
    #expect(
      back == [
        "the app disagrees: expected 'tap back' to be refused, but it was done: stack [Home, Detail] → [Home], back button visible → hidden, calls popViewController(Detail, animated: true)"
      ])
  }

  @Test("a refusal thrown after the app changed what it shows fails, saying what changed")
  func thrownAfterAChange() async {
    let messages = await appMessages(7)
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        "the app disagrees: expected 'showDestination(id: 1)' to be refused and change nothing, but it changed stack [Home] → [Home, Detail]"
      ) == true, "\(messages)")
    #expect(messages.first?.contains("calls pushViewController(Detail") == true, "\(messages)")
  }

  @Test("a driver that cannot send the event fails the item; it is no refusal")
  func cannotSend() async {
    let flow = try! TestFlows.flow(
      """
      flow: Trips
      start: { setRoot: Home }
      screens:
        Home: { on: { share: { push: Detail } } }
        Detail: {}
      spec: |
        [ ] share is refused
            when { share }
            expect { refused: true }
      """)
    let runner = ChecklistRunner(flow: flow)
    let result = await runner.run(runner.entries[0], against: TripsDriver.self)
    #expect(result.failures.map(\.id) == ["driver.send"])
    #expect(result.failures.first?.message.contains("does not send 'share'") == true)
  }
}
