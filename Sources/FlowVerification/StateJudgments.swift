internal import FlowChecklist
internal import FlowModel
import FlowRuntime

/// What the verifier judges of each state when the search comes to it, with the state's
/// navigator at hand, so that no stored state is unpacked again for it: the condition of
/// every property (for `after`, its `then`, judged where the event leads), what the state
/// shows (for `all-reachable`), and whether it has a request pending twice.
struct StateJudgments {
  /// Each property's condition (an `after` property's `then`), in the flow's order.
  private let conditions: [StateCondition]
  /// Each condition compiled to the program's indexes, `nil` where it does not
  /// compile (then the checklist's evaluator judges it on an observation).
  private let compiled: [CompiledCondition?]
  /// The parts of an observation the conditions that do not compile read.
  private let parts: ObservedParts
  /// Whether any condition does not compile: only then is an observation made of a state.
  private let observes: Bool
  private let file: String
  /// For each property, whether its condition holds in each state, by state id.
  private var verdicts: [[Bool]]
  /// The screens, alerts and tabs the states show.
  private(set) var shown: ShownDeclarations
  /// The states with a request pending twice with the same values, in the order of their ids.
  private(set) var statesPendingTwice: [Int] = []

  init(properties: [FlowProperty], program: NavigationProgram, file: String) {
    conditions = properties.map { property in
      switch property.statement {
      case .never(let condition), .always(let condition), .reachable(let condition),
        .after(_, let condition):
        condition
      }
    }
    compiled = conditions.map { CompiledCondition($0, program: program) }
    parts = zip(conditions, compiled).reduce(into: ObservedParts()) { parts, pair in
      if pair.1 == nil { parts.formUnion(pair.0.parts) }
    }
    observes = compiled.contains { $0 == nil }
    self.file = file
    verdicts = conditions.map { _ in [] }
    shown = ShownDeclarations(program: program)
  }

  /// Judges state `id`, which `navigator` is in; states come in the order of their ids.
  mutating func judge(_ id: Int, _ navigator: Navigator) {
    shown.gather(navigator)
    if navigator.pendsARequestTwice { statesPendingTwice.append(id) }
    guard observes else {
      // Every condition compiles, the common case: judged on the state's words, with no
      // observation made and none to destroy.
      for slot in compiled.indices {
        // Asked in place: a copy of a compiled condition retains it.
        if let holds = compiled[slot]?.holds(in: navigator) { verdicts[slot].append(holds) }
      }
      return
    }
    let observed = parts.isEmpty ? nil : navigator.stateObservation(of: parts)
    for slot in conditions.indices {
      if let holds = compiled[slot]?.holds(in: navigator) {
        verdicts[slot].append(holds)
      } else if let observed {
        verdicts[slot].append(conditions[slot].verdict(on: observed, file: file) == .holds)
      } else {
        verdicts[slot].append(false)
      }
    }
  }

  /// For property `index` of the flow, whether its condition (an `after` property's `then`)
  /// holds in each state, by state id.
  func verdicts(ofProperty index: Int) -> [Bool] { verdicts[index] }
}
