internal import FlowModel

/// What a navigator shows and holds: a stack per tab (one without tabs), the selected tab,
/// what is presented over them (bottom first), the requests still pending, and the state.
struct NavigationState: Sendable, Hashable {
  var stacks: [[StackEntry]]
  var selectedTab = 0
  /// Which tabs have been shown (their root's `onEnter` has run), as UIKit loads a tab's
  /// view controllers the first time it is selected.
  var loadedTabs: [Bool]
  /// What is presented, bottom first: a sheet, an alert over it.
  var layers: [Layer] = []
  /// Requests started and not yet resolved, in the order they started.
  var pending: [PendingRequest] = []
  /// Child flows started and not yet finished, in the order they started.
  var children: [ChildFlow] = []
  var stateValues: [Value]

  init(tabCount: Int, stateValues: [Value]) {
    stacks = Array(repeating: [], count: max(1, tabCount))
    loadedTabs = Array(repeating: false, count: max(1, tabCount))
    self.stateValues = stateValues
  }

  /// The topmost presented screen's layer index, if a screen is presented.
  var topScreenLayer: Int? {
    guard !layers.isEmpty else { return nil }
    return layers.lastIndex { if case .screen = $0 { true } else { false } }
  }

  /// The index of the alert on top, if the top layer is one.
  var topAlertIndex: Int? {
    if case .alert(let index, _) = layers.last { return index }
    return nil
  }

  /// The alert on top, if the top layer is one.
  var topAlert: (index: Int, text: AlertText)? {
    if case .alert(let index, let text) = layers.last { return (index, text) }
    return nil
  }
}

/// A screen in a stack: its index and one value per parameter (`nil` for an optional
/// parameter left out).
struct StackEntry: Sendable, Hashable {
  var screen: Int
  var arguments: [Value?]
}

/// One thing presented modally.
enum Layer: Sendable, Hashable {
  /// An alert, with its title and message as they were when it was presented.
  case alert(Int, AlertText)
  /// A screen, as a sheet or a full-screen cover, with a navigation stack of its own when
  /// presented with `stack: true` (its root first).
  case screen(ModalStack)
}

/// A presented screen and, when it has a navigation controller, what was pushed on it.
struct ModalStack: Sendable, Hashable {
  var entries: [StackEntry]
  var style: ModalStyle
  var hasNavigation: Bool
}

/// An alert's text, with its values inserted when it was presented.
struct AlertText: Sendable, Hashable {
  var title: String?
  var message: String?
}

/// A child flow running: who started it, to tell when it finishes.
struct ChildFlow: Sendable, Hashable {
  var flow: Int
  var parent: Int
  /// The screen whose handler started it, if a screen's did.
  var starter: StackEntry?
}

/// A request started and not yet completed or failed.
struct PendingRequest: Sendable, Hashable {
  var request: Int
  var arguments: [Value?]
}

/// What an instruction can read when it runs: the event's arguments (or a request's values),
/// and the screen whose handler or `onEnter` runs, with its values.
struct ExecutionContext {
  /// What to name when an argument is missing: the event, or a request's outcome.
  var source: ArgumentSource = .none
  /// The flow whose operation runs: its state, its children.
  var flow = 0
  var eventArguments: [String: Value] = [:]
  /// The screen whose handler or `onEnter` runs.
  var screen: Int?
  /// That screen's values, one per parameter.
  var screenArguments: [Value?] = []

  /// Whether `operand` reads the screen's parameter of its name, which the screen was
  /// shown without (an optional left out), and no event's argument of that name.
  func readsLeftOutParameter(_ operand: Operand) -> Bool {
    guard case .reference(let name, let parameter?, _) = operand, eventArguments[name] == nil,
      parameter < screenArguments.count
    else { return false }
    return screenArguments[parameter] == nil
  }

  /// Where the arguments come from, for messages.
  enum ArgumentSource {
    case none
    case event(String)
    case outcome(String, RequestOutcome)
  }
}
