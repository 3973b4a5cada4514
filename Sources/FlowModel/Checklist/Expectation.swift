public import FlowDiagnostics

/// Something a checklist item expects to be true after its events.
public struct Expectation: Sendable {
  /// What is checked, with the values expected: one case per key of `expect`.
  public enum Kind: Sendable {
    /// The whole stack (the selected tab's), root first; values checked where given.
    case stack([ScreenTarget])
    /// The root screen.
    case root(ScreenTarget)
    /// The top screen.
    case top(ScreenTarget)
    /// The selected tab.
    case tab(Located<String>)
    /// Several tabs' stacks at once.
    case tabs([TabStackExpectation])
    /// The `animated` flag of the last navigation call.
    case animated(Bool)
    /// The presented alert or screen; `nil` expects nothing presented.
    case presented(PresentedExpectation?)
    /// Any subset of the visible screen's navigation bar.
    case navigationBar(NavigationBarExpectation)
    /// Any subset of the presented alert.
    case alert(AlertExpectation)
    /// Some state values.
    case state([Assignment])
    /// How many times each navigation call was made.
    case calls([CallCount])
    /// Some parameters of the top screen.
    case params([Assignment])
    /// The requests still pending, in the order they started; values checked where given.
    case pending([RequestPattern])
    /// The last event of the `when` step before was refused and changed nothing: for any
    /// reason (`nil`, written `refused: true`), or for the kind of refusal given, the id of
    /// the runtime's refusal after `run.` (`argument-type`, `unhandled-event`, …).
    case refused(Located<String>?)
    /// Each screen is somewhere on a stack: any tab's, or a presented screen's own.
    case onStack([ScreenTarget])
    /// The flow's property of that name holds where the item's steps end (`holds: …`): what
    /// `flowc verify` writes to reproduce a counterexample.
    case holds(Located<String>)
  }

  /// What the expectation checks and the values it expects.
  public var kind: Kind
  /// The expectation's key.
  public var range: SourceRange

  /// An expectation of `kind`, written at the key `range`.
  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

extension Expectation.Kind {
  /// The key this expectation is written with.
  public var key: ExpectationKey {
    switch self {
    case .stack: .stack
    case .root: .root
    case .top: .top
    case .tab: .tab
    case .tabs: .tabs
    case .animated: .animated
    case .presented: .presented
    case .navigationBar: .navBar
    case .alert: .alert
    case .state: .state
    case .calls: .calls
    case .params: .params
    case .pending: .pending
    case .refused: .refused
    case .onStack: .onStack
    case .holds: .holds
    }
  }
}

/// The keys of an `expect` mapping, one per kind of expectation.
public enum ExpectationKey: String, Sendable, Hashable, CaseIterable {
  /// Each key as written, such as `stack:` or `navBar:` (which expects `navigationBar`).
  case stack, root, top, tab, tabs, animated, presented, navBar, alert, state, calls, params,
    pending, refused, onStack, holds

  /// Whether the key checks one state, so that a property's condition may use it; the others
  /// check the calls or the event that led there.
  public var describesState: Bool {
    switch self {
    case .animated, .calls, .refused, .holds: false
    default: true
    }
  }
}

/// An expected pending request: its name and, where given, the values it was started with.
public struct RequestPattern: Sendable {
  /// The name of the request expected pending.
  public var request: Located<String>
  /// The values it must have been started with; a parameter not listed is not checked.
  public var arguments: [Assignment]

  /// A pattern for a pending `request` started with at least the values `arguments` give.
  public init(request: Located<String>, arguments: [Assignment]) {
    self.request = request
    self.arguments = arguments
  }
}

/// One tab's expected stack in `tabs: { Home: [Home, Detail] }`.
public struct TabStackExpectation: Sendable {
  /// The name of the tab whose stack is checked.
  public var tab: Located<String>
  /// The tab's expected navigation stack, root first; values checked where given.
  public var stack: [ScreenTarget]

  /// The expectation that tab `tab` holds `stack`.
  public init(tab: Located<String>, stack: [ScreenTarget]) {
    self.tab = tab
    self.stack = stack
  }
}

/// `push: 2` in `calls:`.
public struct CallCount: Sendable, Hashable {
  /// The navigation call counted, written as the key (`push`).
  public var call: Located<NavigationCall>
  /// How many times the item's own steps must make the call: exactly, not at least.
  public var count: Located<Int>

  /// The expectation that `call` is made `count` times.
  public init(call: Located<NavigationCall>, count: Located<Int>) {
    self.call = call
    self.count = count
  }
}

/// Expected navigation-bar fields; a field left `nil` is not checked.
public struct NavigationBarExpectation: Sendable, Hashable {
  /// Whether the bar is expected hidden (`hidden: true`) or shown.
  public var hidden: Located<Bool>?
  /// The expected title; `.some(nil)` expects no title.
  public var title: Located<String?>?
  /// The expected left item; `.some(nil)` expects none.
  public var left: Located<BarButtonExpectation?>?
  /// The expected right item; `.some(nil)` expects none.
  public var right: Located<BarButtonExpectation?>?
  /// Whether the back button is expected `visible` or `hidden`.
  public var backButton: Located<Visibility>?

  /// An expectation checking only the fields given.
  public init(
    hidden: Located<Bool>? = nil, title: Located<String?>? = nil,
    left: Located<BarButtonExpectation?>? = nil, right: Located<BarButtonExpectation?>? = nil,
    backButton: Located<Visibility>? = nil
  ) {
    self.hidden = hidden
    self.title = title
    self.left = left
    self.right = right
    self.backButton = backButton
  }
}

/// Expected fields of a bar button; a field left `nil` is not checked.
public struct BarButtonExpectation: Sendable, Hashable {
  /// The expected SF Symbol name, such as `plus`.
  public var image: Located<String>?
  /// The expected title.
  public var title: Located<String>?
  /// The expected style, `plain` or `done`.
  public var style: Located<BarButtonStyle>?
  /// The expected tint, as a flow declares it (`red`, `#RRGGBB`).
  public var tint: Located<String>?
  /// The event the button is expected to send when tapped.
  public var action: Located<String>?

  /// An expectation checking only the fields given.
  public init(
    image: Located<String>? = nil, title: Located<String>? = nil,
    style: Located<BarButtonStyle>? = nil, tint: Located<String>? = nil,
    action: Located<String>? = nil
  ) {
    self.image = image
    self.title = title
    self.style = style
    self.tint = tint
    self.action = action
  }
}

/// Expected fields of the presented alert; a field left `nil` is not checked.
public struct AlertExpectation: Sendable, Hashable {
  /// The expected style, `alert` or `actionSheet`.
  public var style: Located<AlertStyle>?
  /// The expected title; `.some(nil)` expects no title.
  public var title: Located<String?>?
  /// The expected message; `.some(nil)` expects no message.
  public var message: Located<String?>?
  /// Every action, in order (`actions:`).
  public var actions: Located<[AlertActionExpectation]>?
  /// Actions that must be among the alert's (`action:`).
  public var includedActions: [AlertActionExpectation]

  /// An expectation checking only the fields given.
  public init(
    style: Located<AlertStyle>? = nil, title: Located<String?>? = nil,
    message: Located<String?>? = nil, actions: Located<[AlertActionExpectation]>? = nil,
    includedActions: [AlertActionExpectation] = []
  ) {
    self.style = style
    self.title = title
    self.message = message
    self.actions = actions
    self.includedActions = includedActions
  }
}

/// An expected alert action: its title and, optionally, its style.
public struct AlertActionExpectation: Sendable, Hashable {
  /// The action's expected title, by which `action:` also finds it among the alert's.
  public var title: Located<String>
  /// The expected style (`default`, `cancel`, `destructive`); `nil` when not checked.
  public var style: Located<AlertActionStyle>?
  /// The expected action as written: its title alone or its mapping.
  public var range: SourceRange

  /// An expected action titled `title`, of `style` if given.
  public init(title: Located<String>, style: Located<AlertActionStyle>?, range: SourceRange) {
    self.title = title
    self.style = style
    self.range = range
  }
}

/// An expected presentation: an alert or screen by name (values checked where given) and,
/// for a screen with a stack of its own, what is pushed on it: `{ Compose: [Step2] }`.
public struct PresentedExpectation: Sendable {
  /// The alert or screen expected presented, by name, with the values to check.
  public var item: ScreenTarget
  /// The screens pushed above the presented one, bottom first; `nil` when not checked.
  public var pushed: [ScreenTarget]?

  /// An expectation that `item` is presented, with `pushed` above it when given.
  public init(item: ScreenTarget, pushed: [ScreenTarget]? = nil) {
    self.item = item
    self.pushed = pushed
  }
}

/// What `refused:` may name.
public enum RefusalKind {
  /// Runtime refusals that are defects of the flow or the checklist, never of the app (an
  /// error the checker reports, a value of the wrong type for a state, `given` naming no
  /// state or screen): an item expecting a refusal fails on them as on any other step.
  public static let defects: Set<String> = [
    "flow-error", "state-type", "unknown-state", "unknown-screen",
  ]
}
