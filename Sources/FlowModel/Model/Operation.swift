public import FlowDiagnostics

/// Something the navigation service does: a navigation call, a state change, a branch on
/// state, or several of these in order.
public struct Operation: Sendable {
  /// What the operation does.
  public enum Kind: Sendable {
    /// `setViewControllers([screen], animated:)`.
    case setRoot(ScreenTarget)
    /// `pushViewController(_:animated:)`.
    case push(ScreenTarget)
    /// The whole stack above the root replaced at once, as `router.reset(to:)` and
    /// `path = routes` do: `setViewControllers([root] + routes, animated: false)`.
    case reset([ScreenTarget])
    /// The tab bar selects a tab (`selectedIndex`); its stack is kept as it was.
    case select(Located<String>)
    /// `popViewController(animated:)`.
    case pop
    /// `popToRootViewController(animated:)`.
    case popToRoot
    /// `present(_:animated:)` of an alert, or of a screen as a sheet or full-screen cover.
    case present(Presentation)
    /// `dismiss(animated:)` of what is presented.
    case dismiss
    /// Writes state values.
    case set([Assignment])
    /// Adds to Int state values: `{ add: { count: 1 } }` (a negative number subtracts).
    case add([Assignment])
    /// Appends to list state values: `{ append: { favourites: $restaurant } }`.
    case append([Assignment])
    /// Removes every equal element from list state values; a record removes every record
    /// holding its fields (`{ remove: { tasks: { title: $title } } }`).
    case remove([Assignment])
    /// Sets fields of the records of list state values, or of a record state value's record,
    /// that hold the fields given:
    /// `{ update: { tasks: { where: { title: $title }, set: { isCompleted: true } } } }`.
    case update([RecordUpdate])
    /// Starts a request that stays pending until a step completes or fails it.
    case request(RequestCall)
    /// Starts a child flow (a coordinator in another file): its `start` runs on the current
    /// navigation stack, or on a stack of its own presented modally.
    case startFlow(FlowStart)
    /// A child flow tells its parent it is done: an event the parent handles, with values.
    case finish(FlowFinish)
    /// `if:` a condition `then:` one operation, `else:` another.
    indirect case branch(Condition, then: Operation, otherwise: Operation?)
    /// Several operations, run in order.
    case sequence([Operation])
  }

  /// What the operation does, with its targets and values.
  public var kind: Kind
  /// The operation's `animated:` flag, when written; the UIKit default applies otherwise.
  public var animated: Located<Bool>?
  /// The operation's keyword (`push`, `if`, …) or, for a list, its first item.
  public var range: SourceRange

  /// An operation of `kind` written at `range`, with its `animated:` flag if given.
  public init(_ kind: Kind, animated: Located<Bool>? = nil, range: SourceRange) {
    self.kind = kind
    self.animated = animated
    self.range = range
  }

  /// The navigation call this operation makes, if it is one.
  public var call: NavigationCall? {
    switch kind {
    case .setRoot: .setRoot
    case .push: .push
    case .reset: .reset
    case .select: .select
    case .pop: .pop
    case .popToRoot: .popToRoot
    case .present: .present
    case .dismiss: .dismiss
    case .set, .add, .append, .remove, .update, .request, .startFlow, .finish, .branch, .sequence:
      nil
    }
  }

  /// Whether the call animates: the written flag, else the UIKit default.
  public var isAnimated: Bool {
    animated?.value ?? call?.animatesByDefault ?? false
  }

  /// This operation and every operation nested in it, depth first.
  public func visit(_ body: (Operation) -> Void) {
    body(self)
    switch kind {
    case .branch(_, let then, let otherwise):
      then.visit(body)
      otherwise?.visit(body)
    case .sequence(let operations):
      // By index, in place: iterating would copy each operation out of the list.
      operations.withUnsafeBufferPointer { list in
        for index in list.indices { list[index].visit(body) }
      }
    default:
      break
    }
  }
}

/// The navigation calls a flow makes, as a spy counts them: the navigation controller's,
/// the router's `reset`, and the tab bar's `select`.
///
/// Each call is also the keyword of the operation that makes it (`push: Screen`), so the
/// operation keywords, the keys of `calls:` and the log's names all come from this list.
/// Its raw value is the call's position in the list, and its name is spelt once, in
/// `keyword`: `name`, `description` and `init?(name:)` derive from it.
public enum NavigationCall: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Each call by its keyword; see `Operation.Kind` for the UIKit call each stands for.
  case setRoot, push, pop, popToRoot, reset, present, dismiss, select

  /// UIKit's (and flowspec's) default for `animated`: replacing the stack and selecting a
  /// tab do not animate, the rest do.
  public var animatesByDefault: Bool {
    switch self {
    case .setRoot, .reset, .select: false
    case .push, .pop, .popToRoot, .present, .dismiss: true
    }
  }

  /// The call's name as a literal, for comparing YAML keys as bytes.
  public var keyword: StaticString {
    switch self {
    case .setRoot: "setRoot"
    case .push: "push"
    case .pop: "pop"
    case .popToRoot: "popToRoot"
    case .reset: "reset"
    case .present: "present"
    case .dismiss: "dismiss"
    case .select: "select"
    }
  }

  /// The call's position in `allCases`, for counting without hashing.
  public var ordinal: Int { rawValue }

  /// The call's name, as a flow spells it: `push`, `popToRoot`.
  public var name: String { keyword.description }

  /// The call a flow spells `name`, if any.
  public init?(name: String) {
    guard let call = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = call
  }

  /// The call's name, `push`, as the log and messages print it.
  public var description: String { name }
}

/// A screen with values for its parameters: what `push` and `setRoot` show (`with:`), a
/// route of `reset:`, a deep link or a tab's root (`{ ProductDetail: { id: 42 } }`), and, in
/// an expectation, a stack entry to match (values checked where given).
public struct ScreenTarget: Sendable, Hashable {
  /// The name of the screen, as declared under `screens:`.
  public var screen: Located<String>
  /// Values for the screen's parameters, by name; in an expectation, only these are checked.
  public var arguments: [Assignment]

  /// The screen `screen` with `arguments` for its parameters.
  public init(screen: Located<String>, arguments: [Assignment] = []) {
    self.screen = screen
    self.arguments = arguments
  }
}

/// A request to start, with the values it is started with (`with:`).
public struct RequestCall: Sendable, Hashable {
  /// The name of the request to start, as declared under `requests:`.
  public var request: Located<String>
  /// Values for the request's parameters, by name.
  public var arguments: [Assignment]

  /// A call starting `request` with `arguments`.
  public init(request: Located<String>, arguments: [Assignment] = []) {
    self.request = request
    self.arguments = arguments
  }
}

/// `{ start: ViewBCoordinator, with: { … }, presented: sheet }`: a child flow to start, the
/// values of its state to set (its state is its own otherwise), and how it is shown.
public struct FlowStart: Sendable {
  /// The name the parent's `use:` gives the child.
  public var flow: Located<String>
  /// Values for the child's state.
  public var arguments: [Assignment]
  /// `nil` to run on the current navigation stack (the parent passes its navigation
  /// controller on); a modal style to present it with a navigation stack of its own.
  public var presentation: Located<ModalStyle>?
  /// For a presented child: `stack: false` presents its root as a single screen, with no
  /// navigation stack of its own (a coordinator started on any view controller); a stack of
  /// its own unless given.
  public var hasOwnStack: Located<Bool>?

  /// A child flow start; by default on the current stack, with the child's own state.
  public init(
    flow: Located<String>, arguments: [Assignment] = [], presentation: Located<ModalStyle>? = nil,
    hasOwnStack: Located<Bool>? = nil
  ) {
    self.flow = flow
    self.arguments = arguments
    self.presentation = presentation
    self.hasOwnStack = hasOwnStack
  }
}

/// One list's change in `update:`: the records that hold the `where` fields (every record
/// when none are given) get the `set` fields.
public struct RecordUpdate: Sendable {
  /// The list state.
  public var state: Located<String>
  /// The fields a record must hold, with these values, to be changed.
  public var match: [Assignment]
  /// The fields written into each record that matches.
  public var changes: [Assignment]

  /// A change of list `state`: records holding `match` get `changes`.
  public init(state: Located<String>, match: [Assignment], changes: [Assignment]) {
    self.state = state
    self.match = match
    self.changes = changes
  }
}

/// `{ finish: viewBDidFinish, with: { … } }`: the event a child flow sends its parent.
public struct FlowFinish: Sendable {
  /// The event the parent receives, which its `on:` handles.
  public var event: Located<String>
  /// The values sent with the event, as its arguments.
  public var arguments: [Assignment]

  /// A finish sending `event` to the parent with `arguments`.
  public init(event: Located<String>, arguments: [Assignment] = []) {
    self.event = event
    self.arguments = arguments
  }
}

/// What `present:` shows: an alert by name, or a screen in a modal style.
public struct Presentation: Sendable, Hashable {
  /// An alert's or a screen's name.
  public var target: Located<String>
  /// Arguments for a screen's parameters.
  public var arguments: [Assignment]
  /// For a screen: how it is presented (a sheet unless declared).
  public var style: Located<ModalStyle>?
  /// For a screen: whether it is presented in a navigation controller of its own
  /// (`stack: true`), on which `push`, `pop` and `popToRoot` then act.
  public var hasNavigationStack: Located<Bool>?

  /// A presentation of `target`; for a screen, a sheet with no stack of its own by default.
  public init(
    target: Located<String>, arguments: [Assignment] = [], style: Located<ModalStyle>? = nil,
    hasNavigationStack: Located<Bool>? = nil
  ) {
    self.target = target
    self.arguments = arguments
    self.style = style
    self.hasNavigationStack = hasNavigationStack
  }
}

/// How a screen is presented modally.
public enum ModalStyle: String, Sendable, Hashable, CaseIterable {
  /// A page sheet (`.sheet` in SwiftUI).
  case sheet
  /// A full-screen cover (`.fullScreenCover` in SwiftUI).
  case fullScreen
}

/// A condition on state, as written after `if:`.
///
/// Only `not` is boxed: a flag or a comparison, the common cases, allocate nothing.
public enum Condition: Sendable, Hashable {
  /// A flag that must be true: `if: isLogin`.
  case flag(Located<String>)
  /// `if: "!isLogin"` or `if: not isLogin`.
  indirect case not(Condition)
  /// A state value that must equal a value: `if: { role: admin }`.
  case equals(Located<String>, Located<ValueExpression>)
  /// Every condition must hold (a mapping with several entries).
  case all([Condition])

  /// The condition as written: `isLogin`, `not isLogin`, `role = admin`.
  public var text: String {
    switch self {
    case .flag(let name): name.value
    case .not(let inner): "not \(inner.text)"
    case .equals(let name, let value): "\(name.value) = \(value.value)"
    case .all(let conditions): conditions.map(\.text).joined(separator: " and ")
    }
  }

  /// The opposite condition as written, for the `else` arm: `isLogin` for `not isLogin`,
  /// `not (a and b)` for several, `not isLogin` otherwise.
  public var negatedText: String {
    switch self {
    case .not(let inner): inner.text
    case .all(let conditions) where conditions.count > 1: "not (\(text))"
    case .flag, .equals, .all: "not \(text)"
    }
  }

  /// Each `{ state: value }` comparison, in the order written: the state's name and the
  /// value (a literal, or `$name`) it is compared with.
  public var comparisons: [(state: String, value: ValueExpression)] {
    locatedComparisons.map { ($0.state.value, $0.value.value) }
  }

  /// `comparisons`, each name and value with its place.
  public var locatedComparisons: [(state: Located<String>, value: Located<ValueExpression>)] {
    locatedComparisons(whateverTheState: false)
  }

  /// `locatedComparisons`; `whateverTheState`: only those asked whenever the condition is,
  /// as the conditions of `all` are asked in order until one fails (the first always).
  public func locatedComparisons(whateverTheState: Bool) -> [(
    state: Located<String>, value: Located<ValueExpression>
  )] {
    switch self {
    case .flag: []
    case .not(let condition): condition.locatedComparisons(whateverTheState: whateverTheState)
    case .equals(let name, let value): [(name, value)]
    case .all(let conditions):
      (whateverTheState ? Array(conditions.prefix(1)) : conditions).flatMap {
        $0.locatedComparisons(whateverTheState: whateverTheState)
      }
    }
  }

  /// The state names the condition reads, with their places.
  public var stateNames: [Located<String>] {
    switch self {
    case .flag(let name): [name]
    case .not(let condition): condition.stateNames
    case .equals(let name, _): [name]
    case .all(let conditions): conditions.flatMap(\.stateNames)
    }
  }
}
