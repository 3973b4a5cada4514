package import FlowModel

/// What a navigator shows and holds, as a value: equal for two navigators in the same state
/// (stacks, presentations, pending requests, child flows, state), whatever led there and
/// whatever they logged. What an exploration of every state stores and compares.
public struct NavigationSnapshot: Sendable, Hashable {
  let state: NavigationState

  /// The longest list, the largest Int (by magnitude) and the longest text the state holds
  /// anywhere (in its state values, its screens' and its requests' values; the pending
  /// requests and the child flows running each count as a list), and its highest stack (the
  /// presentations over the screens count as one, so that a sheet presenting itself again
  /// and again is bounded): what a bounded search limits.
  public var valueExtent: ValueExtent {
    var extent = ValueExtent()
    extent.longestList = max(state.pending.count, state.children.count)
    extent.highestStack = state.layers.count
    for index in state.stateValues.indices { extent.measure(state.stateValues[index]) }
    for tab in state.stacks.indices { extent.measure(state.stacks[tab]) }
    for layer in state.layers {
      guard case .screen(let modal) = layer else { continue }
      extent.measure(modal.entries)
    }
    for request in state.pending.indices { extent.measure(state.pending[request].arguments) }
    return extent
  }
}

/// How far a state's values reach: the longest list, the largest Int, the longest text and
/// the highest stack it holds.
public struct ValueExtent: Sendable, Hashable {
  /// Nothing measured yet: every figure 0.
  public init() {}

  /// The most items in a list (pending requests and running child flows included).
  public var longestList = 0
  /// The largest magnitude of an Int (`Int.max` for `Int.min`).
  public var largestInt = 0
  /// The most characters (Unicode scalars) in a text.
  public var longestText = 0
  /// The most screens in a stack (a tab's or a presented screen's), or the most screens and
  /// alerts presented one over another.
  public var highestStack = 0

  mutating func measure(_ stack: [StackEntry]) {
    highestStack = max(highestStack, stack.count)
    for entry in stack.indices where !stack[entry].arguments.isEmpty {
      measure(stack[entry].arguments)
    }
  }

  mutating func measure(_ values: [Value?]) {
    for index in values.indices {
      if let value = values[index] { measure(value) }
    }
  }

  /// Takes `value` into account: its lists, Ints and texts, anything nested in it too.
  package mutating func measure(_ value: Value) {
    switch value {
    case .int(let number): largestInt = max(largestInt, number.magnitudeClamped)
    case .list(let values):
      longestList = max(longestList, values.count)
      for index in values.indices { measure(values[index]) }
    case .record(let fields):
      for field in fields.values { measure(field) }
    case .string(let text):
      // Counting scalars walks the text: only one longer than any seen so far in bytes can
      // be longer in scalars. Scalars, not characters: a combining mark inserted into
      // itself grows a text without adding a character.
      if text.utf8.count > longestText {
        longestText = max(longestText, text.unicodeScalars.count)
      }
    case .bool: break
    }
  }
}

extension Int {
  /// The magnitude, `Int.max` for `Int.min`.
  fileprivate var magnitudeClamped: Int { self == .min ? .max : Swift.abs(self) }
}

extension Navigator {
  /// The state as a value; see `NavigationSnapshot`.
  public var snapshot: NavigationSnapshot { NavigationSnapshot(state: current) }

  /// This navigator with its history forgotten and none kept from now on: no calls logged
  /// or counted, no coverage recorded, no `animated` flag until the next call. What a search
  /// keeps to bring back each stored state with `restore(_:)`, since a state's events do not
  /// depend on how it was reached.
  package var withoutHistory: Navigator {
    var copy = self
    copy.records = RecordLog(recording: false)
    copy.callCounts = [Int](repeating: 0, count: NavigationCall.allCases.count)
    copy.lastAnimated = nil
    copy.coveredTargets = nil
    return copy
  }

  /// Puts the navigator in the state `snapshot` holds, keeping its history.
  ///
  /// Its state values are written over, not replaced: a search restores a state before
  /// every event it sends, and an array the navigator holds alone is then written in place
  /// by the event, where one shared with the snapshot would be copied first.
  package mutating func restore(_ snapshot: NavigationSnapshot) {
    current.assign(snapshot.state)
  }
}

extension NavigationState {
  /// Makes this state equal to `other`. The state values are written over in place (see
  /// `Array.assignElements(of:)`): events set them most, and the navigator then writes its
  /// own array. The other parts are replaced: a state reached for the first time shares
  /// them with the search's queue, so writing over them copied more than it saved.
  mutating func assign(_ other: NavigationState) {
    stacks = other.stacks
    selectedTab = other.selectedTab
    loadedTabs = other.loadedTabs
    layers = other.layers
    pending = other.pending
    children = other.children
    stateValues.assignElements(of: other.stateValues)
  }
}

extension Array {
  /// Makes this array equal to `other`. With as many elements, each is written over in
  /// place, so a buffer this array holds alone stays its own (a later write to it copies
  /// nothing); otherwise, or when both share one buffer already, it becomes `other`.
  fileprivate mutating func assignElements(of other: [Element]) {
    guard count == other.count, !isEmpty else {
      self = other
      return
    }
    let shared = withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
    guard !shared else { return }
    for index in indices { self[index] = other[index] }
  }
}
