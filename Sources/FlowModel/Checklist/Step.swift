public import FlowDiagnostics

/// A step of a checklist item: set up state, send events, or check what happened.
public struct Step: Sendable {
  /// What the step does, by keyword: `given`, `when` or `expect`, with its decoded value.
  public enum Kind: Sendable {
    /// State overrides before the flow starts (only at the root of a scenario), and the stack
    /// to start from instead of running `start` (`given { stack: [List, Add] }`).
    case given([Assignment], stack: Located<[ScreenTarget]>?)
    /// Events sent in order.
    case when([EventStep])
    /// Expectations checked after the events.
    case expect([Expectation])
  }

  /// What the step does, with its state values, events or expectations.
  public var kind: Kind
  /// The step's keyword.
  public var keyword: Located<String>
  /// The keyword and its value.
  public var range: SourceRange

  /// A step of `kind` written with `keyword`, spanning `range`.
  public init(_ kind: Kind, keyword: Located<String>, range: SourceRange) {
    self.kind = kind
    self.keyword = keyword
    self.range = range
  }
}

extension Step {
  /// Whether this is a `when` step with events.
  public var sendsEvents: Bool {
    if case .when(let events) = kind { return !events.isEmpty }
    return false
  }

  /// Whether this is an `expect` step that expects the last event before it to be refused.
  public var expectsRefusal: Bool {
    guard case .expect(let expectations) = kind else { return false }
    return expectations.contains {
      if case .refused = $0.kind { return true }
      return false
    }
  }
}

extension [Step] {
  /// Whether the step after `index` expects a refusal: then the last event of the `when`
  /// step at `index` may be refused.
  public func refusalExpected(after index: Int) -> Bool {
    index + 1 < count && self[index + 1].expectsRefusal
  }
}

/// One event a `when` step sends.
public struct EventStep: Sendable, Hashable {
  /// What the event is: a named event, a tap, an alert action, a URL, a tab or a response.
  public enum Kind: Sendable, Hashable {
    /// An event the view sends, such as `login`, with its arguments.
    case event(Located<String>, arguments: [Assignment])
    /// A tap on the navigation bar: `{ tap: right }`, `{ tap: left }`, `{ tap: back }`.
    case tap(Located<TapTarget>)
    /// A tap on the presented alert's action with this title: `{ alert: Logout }`.
    case alertAction(Located<String>)
    /// The app opens a URL: `{ open: "monapp://product/42" }`.
    case open(Located<String>)
    /// A tap on a tab of the tab bar: `{ tab: Recherche }`.
    case tab(Located<String>)
    /// A pending request resolved: `{ complete: load, with: { restaurants: [KFC] } }`,
    /// `{ fail: addFavourite, with: { code: 500 }, index: 1 }`. `index` counts, from 0,
    /// the pending requests of that name in the order they started.
    case respond(
      Located<String>, RequestOutcome, values: [Assignment], index: Located<Int>?)

    /// The keyword that introduces this kind of event, `nil` for a named event.
    public var keyword: EventKeyword? {
      switch self {
      case .event: nil
      case .tap: .tap
      case .alertAction: .alert
      case .open: .open
      case .tab: .tab
      case .respond(_, let outcome, _, _): outcome.eventKeyword
      }
    }
  }

  /// The event sent, with its values.
  public var kind: Kind
  /// The event as written in the `when` list.
  public var range: SourceRange

  /// An event of `kind`, written at `range`.
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// What `tap:` can tap in the navigation bar.
public enum TapTarget: String, Sendable, Hashable, CaseIterable {
  /// The left or right bar button, or the system back button.
  case left, right, back
}

/// The keys that make a `when` mapping something other than a named event:
/// `{ tap: right }`, `{ alert: Logout }`, `{ open: URL }`, `{ tab: Name }`,
/// `{ complete: request }`, `{ fail: request }`.
///
/// `tap` and `alert` are reserved: no event may be named like them. The others are common
/// event names, so they stay free: their steps take a single value, where an event's
/// arguments are a mapping (`{ open: { item: 3 } }` sends the event `open`).
public enum EventKeyword: String, Sendable, Hashable, CaseIterable {
  /// Each keyword as written; `alert` taps an alert action, `complete` and `fail` resolve a
  /// pending request.
  case tap, alert, open, tab, complete, fail

  /// Whether no event may be named like this keyword.
  public var reservesEventName: Bool {
    switch self {
    case .tap, .alert: true
    case .open, .tab, .complete, .fail: false
    }
  }

  /// An example of the step, for messages.
  public var example: String {
    switch self {
    case .tap: "{ tap: right }"
    case .alert: "{ alert: Logout }"
    case .open: "{ open: \"monapp://product/42\" }"
    case .tab: "{ tab: Search }"
    case .complete: "{ complete: load, with: { items: [A] } }"
    case .fail: "{ fail: load, with: { code: 500 } }"
    }
  }
}
