import FlowSpec
import FlowTestSupport
import Testing

/// The search leaves out work where it can tell the answer from the flow alone; each shortcut
/// must give the answer the work would have.
@Suite("the search's shortcuts give the answers of the work they leave out")
struct SearchShortcutTests {
  /// The screens presented, bottom first, each with its own stack: an alert is no screen.
  private func presentedScreens(_ navigator: Navigator) -> [PresentedItem] {
    navigator.presentations.filter { if case .screen = $0 { true } else { false } }
  }

  /// `no-double-push` sends an event again from a state the search did not go on from only
  /// where the event may change a stack; where the program says it may not, sending it must
  /// leave the stack the user sees as it was.
  @Test(
    "an event said to change no stack changes none, in every state of a flow",
    arguments: fixturesWithEveryKindOfState)
  func eventsThatChangeNoStack(fixture: String) throws {
    let walked = try FixtureSpace(fixture, states: 5_000)
    var said = 0
    for (state, navigator) in walked.navigators.enumerated() {
      let situation = walked.space.situation(of: state)
      for event in walked.space.events
      where !walked.program.mayChangeVisibleStack(sending: event, inSituation: situation) {
        said += 1
        var sent = navigator
        guard (try? sent.send(event)) != nil else { continue }
        #expect(
          sent.screens == navigator.screens
            && presentedScreens(sent) == presentedScreens(navigator),
          "state \(state), \(event)")
      }
    }
    #expect(said > 0)
  }
}
