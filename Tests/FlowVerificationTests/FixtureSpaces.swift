import FlowSpec
import FlowTestSupport
import Testing

/// The fixtures whose every state the search tests walk: between them tabs, screens with
/// values, sheets with their own stacks, alerts with text, requests pending with values, child
/// flows and records.
let fixturesWithEveryKindOfState = [
  "verify/conditions.yaml", "verify/packing.yaml", "verify/retry.yaml", "verify/link-sheet.yaml",
  "coordinator.yaml", "restaurants.yaml", "shop.yaml", "todo.yaml", "navigation-service.yaml",
]

/// A fixture's state space, at most `states` states, with the navigator of each state in the
/// order of their ids.
struct FixtureSpace {
  let program: NavigationProgram
  let space: StateSpace
  let navigators: [Navigator]

  init(_ fixture: String, states: Int) throws {
    let document = try FlowDocument.load(path: TestFlows.fixture(fixture))
    let tree = try #require(document.validTree, "\(document.diagnostics.map(\.message))")
    program = NavigationProgram(tree: tree)
    var bounds = SearchBounds(tree.root.verification)
    bounds.states = min(bounds.states, states)
    var navigators: [Navigator] = []
    space = StateSpace(
      from: try Navigator(program: program), samples: EventSamples.forSearch(of: program),
      bounds: bounds, visit: { _, navigator in navigators.append(navigator) })
    self.navigators = navigators
  }
}

/// The report of verifying the flow `yaml`, its bounds changed by `change` first.
func verifyFlow(_ yaml: String, _ change: (inout PropertyVerifier) -> Void = { _ in }) throws
  -> VerificationReport
{
  var verifier = PropertyVerifier(tree: FlowTree(try TestFlows.flow(yaml)))
  change(&verifier)
  return verifier.verify()
}
