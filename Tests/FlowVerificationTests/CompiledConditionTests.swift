import FlowSpec
import FlowTestSupport
import Testing

/// `flowc verify` judges a property's condition on every state compiled to the program's
/// indexes (`CompiledCondition`) rather than through the checklist's evaluator; the two must
/// agree on every state, or a proof would say something the checklist does not.
@Suite("a compiled condition judges every state as the checklist's evaluator does")
struct CompiledConditionTests {
  private let somewhere = SourceRange(at: SourcePosition(line: 1, column: 1))

  private func located<T>(_ value: T) -> Located<T> { Located(value, at: somewhere) }

  private func target(_ instance: ScreenInstance, values: Bool = true) -> ScreenTarget {
    ScreenTarget(
      screen: located(instance.name),
      arguments: values
        ? instance.values.map {
          Assignment(name: located($0.name), value: located(.literal($0.value)))
        } : [])
  }

  private func condition(_ kinds: [FlowModel.Expectation.Kind]...) -> StateCondition {
    StateCondition(
      alternatives: kinds.map { $0.map { FlowModel.Expectation($0, range: somewhere) } },
      range: somewhere)
  }

  /// Conditions that describe `navigator`'s state, one key each, the way a property would
  /// write them: so that each holds there and fails in some other states.
  private func conditions(describing navigator: Navigator) -> [StateCondition] {
    var made: [StateCondition] = []
    let stack = navigator.screens
    made.append(condition([.stack(stack.map { target($0) })]))
    made.append(condition([.stack(stack.map { target($0, values: false) })]))
    if let root = stack.first { made.append(condition([.root(target(root))])) }
    if let top = stack.last {
      made.append(condition([.top(target(top))]))
      made.append(condition([.onStack([target(top)])]))
    }
    if let tab = navigator.selectedTab { made.append(condition([.tab(located(tab))])) }
    for (name, value) in navigator.state.sorted(by: { $0.key < $1.key }) {
      made.append(
        condition([.state([Assignment(name: located(name), value: located(.literal(value)))])]))
    }
    made.append(
      condition([
        .pending(
          navigator.pendingRequests.map { request in
            RequestPattern(
              request: located(request.name),
              arguments: request.values.map {
                Assignment(name: located($0.name), value: located(.literal($0.value)))
              })
          })
      ]))
    switch navigator.presented {
    case nil: made.append(condition([.presented(nil)]))
    case .alert(let alert):
      made.append(
        condition([.presented(PresentedExpectation(item: target(ScreenInstance(name: alert.name))))]
        ))
    case .screen(let screen, _, let own):
      made.append(condition([.presented(PresentedExpectation(item: target(screen)))]))
      for pushed in own ?? [] { made.append(condition([.onStack([target(pushed)])])) }
    }
    return made
  }

  @Test("on every state of a flow with tabs, values, sheets, alerts and requests")
  func agreesOnEveryState() throws {
    let (_, tree) = try verifyFixture("conditions.yaml")
    let program = NavigationProgram(tree: tree)
    let space = StateSpace(
      from: try Navigator(program: program), samples: EventSamples.forSearch(of: program),
      bounds: SearchBounds(tree.root.verification))
    #expect(space.count > 500)
    // The flow's own conditions, two written by hand with what compiles worst (a screen with
    // a value on a presented stack, alternatives), and those describing a spread of states.
    var judged = tree.root.properties.compactMap { property -> StateCondition? in
      switch property.statement {
      case .never(let condition), .always(let condition), .reachable(let condition): condition
      case .after(_, let condition): condition
      }
    }
    let detail2 = ScreenTarget(
      screen: located("Detail"),
      arguments: [Assignment(name: located("id"), value: located(.literal(.int(2))))])
    judged.append(condition([.onStack([detail2])]))
    judged.append(condition([.tab(located("Profile")), .presented(nil)], [.pending([])]))
    for state in stride(from: 0, to: space.count, by: 29) {
      judged += conditions(describing: space.navigator(state))
    }
    let observations = (0..<space.count).map { space.navigator($0).stateObservation }
    var agreed = 0
    var telling = 0
    for condition in judged {
      let compiled = try #require(CompiledCondition(condition, program: program))
      var holdsSomewhere = false
      var failsSomewhere = false
      for state in 0..<space.count {
        let expected = condition.verdict(on: observations[state], file: "f") == .holds
        let found = compiled.holds(in: space.snapshot(state))
        holdsSomewhere = holdsSomewhere || expected
        failsSomewhere = failsSomewhere || !expected
        if found != expected {
          Issue.record(
            "\(condition.alternatives.map { $0.map(\.kind.key) }) in state \(state) (\(observations[state].summary)): compiled \(found), evaluator \(expected)"
          )
          return
        }
        agreed += 1
      }
      if holdsSomewhere && failsSomewhere { telling += 1 }
    }
    #expect(agreed == judged.count * space.count)
    // Most conditions tell states apart: the comparison is not between two constant answers.
    #expect(telling * 10 > judged.count * 8, "\(telling) of \(judged.count)")
  }

  @Test("a condition the compiler does not read straight from a state is left to the evaluator")
  func keysLeftToTheEvaluator() throws {
    let (_, tree) = try verifyFixture("conditions.yaml")
    let program = NavigationProgram(tree: tree)
    let bar = NavigationBarExpectation(hidden: located(false))
    #expect(CompiledCondition(condition([.navigationBar(bar)]), program: program) == nil)
    let withStack = PresentedExpectation(item: ScreenTarget(screen: located("Compose")), pushed: [])
    #expect(CompiledCondition(condition([.presented(withStack)]), program: program) == nil)
    #expect(
      CompiledCondition(condition([.top(ScreenTarget(screen: located("Home")))]), program: program)
        != nil)
  }
}
