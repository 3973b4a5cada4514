public import FlowDiagnostics

/// A named statement about every state a flow can reach (`properties:`), which
/// `flowc verify` proves or refutes by visiting them all.
///
/// ```yaml
/// properties:
///   the user can always get home:
///     reachable: { root: Home, presented: none }
///   logged out, no account screen is kept:
///     never: { state: { isLoggedIn: false }, onStack: Account }
///   a product link leaves nothing on top:
///     after: { open: "monapp://product/{id}" }
///     then: { top: Product, presented: none }
/// ```
public struct FlowProperty: Sendable {
  /// What the property states, by its keyword.
  public enum Statement: Sendable {
    /// No reachable state matches the condition.
    case never(StateCondition)
    /// Every reachable state matches the condition.
    case always(StateCondition)
    /// From every reachable state, some state matching the condition can be reached.
    case reachable(StateCondition)
    /// Wherever the event is accepted, the state it leads to matches the condition. A link's
    /// URL may be a pattern (`monapp://product/{id}`): then every URL it matches is meant.
    case after(EventStep, then: StateCondition)

    /// The keyword the statement is written with.
    public var keyword: String {
      switch self {
      case .never: "never"
      case .always: "always"
      case .reachable: "reachable"
      case .after: "after"
      }
    }
  }

  /// The property's name, its key under `properties:`, by which a checklist's
  /// `expect: { holds: … }` names it.
  public var name: Located<String>
  /// What it states.
  public var statement: Statement

  /// A property `name` stating `statement`.
  public init(name: Located<String>, statement: Statement) {
    self.name = name
    self.statement = statement
  }
}

/// A condition over one navigation state, written with the keys of a checklist's `expect`
/// (`stack`, `top`, `presented`, `state`, `pending`, `onStack`, …): a mapping holds when all
/// of its keys do; a list of mappings holds when any of them does.
public struct StateCondition: Sendable {
  /// The alternatives: the condition holds when every expectation of one of them does.
  public var alternatives: [[Expectation]]
  /// The condition as written.
  public var range: SourceRange

  /// A condition holding when one of `alternatives` holds whole.
  public init(alternatives: [[Expectation]], range: SourceRange) {
    self.alternatives = alternatives
    self.range = range
  }
}

/// The properties every flow has unless `verify: { off: [...] }` switches them off.
public enum BuiltInProperty: String, Sendable, Hashable, CaseIterable {
  /// Every declared screen, alert, tab and link is reached in some reachable state: a guard
  /// that is never true leaves what it leads to unreachable even when the graph has an edge.
  case allReachable = "all-reachable"
  /// No reachable state is a trap, where nothing the user can do changes anything, unless
  /// its visible screen is declared `final`.
  case noTrap = "no-trap"
  /// No request is started again, with the same values, while it is still pending.
  case noRepeatedRequest = "no-repeated-request"
  /// No event sent twice in a row pushes the same screen twice (a double tap), unless the
  /// screen is declared `repeatable`.
  case noDoublePush = "no-double-push"

  /// What the property states, for messages and help.
  public var summary: String {
    switch self {
    case .allReachable: "every screen, alert, tab and link is reached in some state"
    case .noTrap: "no state leaves the user without a way to change anything"
    case .noRepeatedRequest: "no request starts again while the same one is pending"
    case .noDoublePush: "no event sent twice pushes the same screen twice"
    }
  }
}

/// `verify:`: what `flowc verify` assumes and how far it looks.
public struct VerificationSettings: Sendable {
  /// Built-in properties switched off.
  public var off: [Located<BuiltInProperty>] = []
  /// Screens with no way out on purpose (a receipt, the end of a flow): no trap.
  public var finalScreens: [Located<String>] = []
  /// Screens an event may push on themselves (a photo browser's next photo).
  public var repeatableScreens: [Located<String>] = []
  /// The most events a path may have.
  public var depth: Located<Int>?
  /// The most distinct states visited.
  public var states: Located<Int>?
  /// The longest list a state may hold before it is out of bounds.
  public var listLength: Located<Int>?
  /// The largest absolute Int a state may hold before it is out of bounds.
  public var intMagnitude: Located<Int>?
  /// The highest stack a state may have before it is out of bounds.
  public var stackHeight: Located<Int>?
  /// How many characters (Unicode scalars) a text may grow beyond the longest the flow
  /// starts with, writes or sends before its state is out of bounds.
  public var textLength: Located<Int>?

  /// Where the flow writes `verify:`; `nil` when it does not.
  public var range: SourceRange?

  /// Whether the flow writes `verify:` at all (even empty): it asks for its states to be searched.
  public var isDeclared: Bool { range != nil }

  /// Settings with every bound at its default and nothing switched off.
  public init() {}
}
