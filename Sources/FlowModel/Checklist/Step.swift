public import FlowDiagnostics

/// A step of a checklist item: set up state, send events, or check what happened.
public struct Step: Sendable {
  public enum Kind: Sendable {
    /// State overrides before the flow starts (only at the root of a scenario).
    case given([Assignment])
    /// Events sent in order.
    case when([EventStep])
    /// Expectations checked after the events.
    case expect([Expectation])
  }

  public var kind: Kind
  /// The step's keyword.
  public var keyword: Located<String>
  /// The keyword and its value.
  public var range: SourceRange

  public init(_ kind: Kind, keyword: Located<String>, range: SourceRange) {
    self.kind = kind
    self.keyword = keyword
    self.range = range
  }
}

/// One event a `when` step sends.
public struct EventStep: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// An event the view sends, such as `login`, with its arguments.
    case event(Located<String>, arguments: [Assignment])
    /// A tap on the navigation bar: `{ tap: right }`, `{ tap: left }`, `{ tap: back }`.
    case tap(Located<TapTarget>)
    /// A tap on the presented alert's action with this title: `{ alert: Logout }`.
    case alertAction(Located<String>)
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// What `tap:` can tap in the navigation bar.
public enum TapTarget: String, Sendable, Hashable, CaseIterable {
  case left, right, back
}
