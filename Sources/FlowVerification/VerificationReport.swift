public import FlowDiagnostics
internal import FlowModel
public import FlowRuntime

/// How far a search has come: what `flowc verify` shows while a long one runs.
public struct SearchProgress: Sendable {
  /// The distinct states visited so far.
  public var states: Int
  /// The flow's `never` and `always` properties a state visited so far breaks, by name, in
  /// the order they were found to: each fails, whatever the rest of the search finds.
  public var failing: [String]

  /// How far a search has come: `states` visited, the properties `failing` so far.
  public init(states: Int, failing: [String]) {
    self.states = states
    self.failing = failing
  }
}

/// What `flowc verify` found for one flow: each property that fails with its shortest
/// counterexample, and how much of the state space was visited.
public struct VerificationReport: Sendable {
  /// One property that does not hold, or that the search could not settle.
  public struct Failure: Sendable {
    /// The property's name, or the built-in property's id (`no-trap`).
    public var property: String
    /// The diagnostic id: `verify.property` for the flow's own, `verify.<id>` for a
    /// built-in one.
    public var id: String
    /// Where it is declared (the property's name; for `all-reachable`, what is not reached).
    public var file: String
    /// The place in `file`.
    public var range: SourceRange
    /// Why it fails, in a sentence.
    public var message: String
    /// The events of a shortest path to a state where it fails; `nil` when no path shows it
    /// (something never reached).
    public var path: [NavigationEvent]?
    /// The checklist item that reproduces it, ready to paste: it fails for this reason.
    public var item: String?
  }

  /// The flow verified.
  public var flow: String
  /// Its file.
  public var file: String
  /// The properties that fail, in the order of the file (the flow's), then built-in ones.
  public var failures: [Failure]
  /// What the search could not settle, in the same form: an `after` property whose event no
  /// reachable state accepts (it holds, but says nothing), a declaration `all-reachable` did
  /// not reach within bounds the search hit (it may be reached beyond them).
  public var warnings: [Failure] = []
  /// How many properties were checked, the flow's and the built-in ones switched on.
  public var propertiesChecked: Int
  /// Distinct states visited.
  public var states: Int
  /// Accepted events between them.
  public var transitions: Int
  /// The longest of the shortest paths, in events.
  public var depth: Int
  /// The bounds the search hit, by their names in `verify:` (`depth`, `states`, `lists`,
  /// `ints`, `stack`, `texts`): when any is, what holds was proved only within them.
  public var boundsHit: [String]
  /// The value each bound in `boundsHit` had, in the same order: the one asked for, or what
  /// the start state, the flow's literals or the samples raised it to.
  public var boundLimits: [Int] = []
  /// The value each bound in `boundsHit` was asked to have (by the flow's `verify:`, the
  /// command or the default), before the search raised it to what the flow and its samples
  /// hold.
  public var boundsAsked: [Int] = []
  /// The bounds on lists, Ints and stacks the search raised above what was asked, hit or
  /// not, by their names in `verify:`, in its order: to what the start holds, the flow
  /// writes or the samples send, so that nothing is cut off that did not grow.
  public var boundsRaised: [RaisedBound] = []
  /// A bound asked for, and what the search raised it to.
  public struct RaisedBound: Sendable, Hashable {
    /// The bound's name in `verify:` (`lists`, `ints`, `stack`).
    public var name: String
    /// The value asked for, by the flow's `verify:`, the command or the default.
    public var asked: Int
    /// The value the search kept to.
    public var raisedTo: Int
  }
  /// Where the flow sets its bounds (its `verify:`), if it does: where a note that the search
  /// hit them points.
  public var boundsRange: SourceRange?
  /// Why the flow could not be started, if it could not.
  public var startFailure: String?
  /// Where the flow's `start:` is, if it has one: where its failure to start is reported.
  public var startRange: SourceRange?
  /// Whether the search was interrupted (Ctrl-C) before it had searched from every state:
  /// what holds was proved only over the states it came to.
  public var interrupted = false

  /// The flow's failure to start, if it could not, as a failure at its `start:` (its first
  /// line without one) (`verify.start`): what text, SARIF and JSON report alike.
  public var failureToStart: Failure? {
    startFailure.map { reason in
      Failure(
        property: "", id: "verify.start", file: file,
        range: startRange ?? SourceRange(at: .start),
        message: "flow '\(flow)' cannot start, so nothing is verified: \(reason)", path: nil,
        item: nil)
    }
  }
}
