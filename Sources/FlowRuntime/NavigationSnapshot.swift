package import FlowModel

/// What a navigator shows and holds, as a value: equal for two navigators in the same state
/// (stacks, presentations, pending requests, child flows, state), whatever led there and
/// whatever they logged. What an exploration of every state stores and compares. Text is
/// compared by its UTF-8 bytes: two spellings that Swift calls equal (a composed and a
/// decomposed accent) make two snapshots, as they make two states to a search.
public struct NavigationSnapshot: Sendable, Hashable {
  let state: NavigationState

  /// The longest list, the largest Int (by magnitude) and the longest text the state holds
  /// anywhere (in its state values, its screens' and its requests' values; the pending
  /// requests and the child flows running each count as a list), and its highest stack (the
  /// presentations over the screens count as one, so that a sheet presenting itself again
  /// and again is bounded): what a bounded search limits.
  public var valueExtent: ValueExtent { state.valueExtent }
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

  /// Takes the values at `position` into account (`StateArgumentWords`), and returns the
  /// position after them.
  mutating func measureArguments(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    var next = position + 1
    for _ in 0..<Int(words[position]) { next = measureValue(words, at: next) }
    return next
  }

  /// Takes the value (or `none`) at `position` into account, as `measure(_:)` takes a value,
  /// and returns the position after it.
  mutating func measureValue(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    switch words[position] {
    case StateWordTag.int:
      let bits = UInt64(words[position + 1]) | UInt64(words[position + 2]) << 32
      largestInt = max(largestInt, Int(Int64(bitPattern: bits)).magnitudeClamped)
      return position + 3
    case StateWordTag.string:
      let count = Int(words[position + 1])
      let end = position + 2 + (count + 3) / 4
      // Only a text longer than any seen so far in bytes can be longer in scalars: a
      // scalar's first byte is any but a continuation byte (10xxxxxx).
      guard count > longestText else { return end }
      let bytes = UnsafeRawPointer(words.baseAddress! + position + 2)
      var scalars = 0
      for offset in 0..<count
      where bytes.load(fromByteOffset: offset, as: UInt8.self) & 0xC0 != 0x80 {
        scalars += 1
      }
      longestText = max(longestText, scalars)
      return end
    case StateWordTag.list:
      let count = Int(words[position + 1])
      longestList = max(longestList, count)
      var next = position + 2
      for _ in 0..<count { next = measureValue(words, at: next) }
      return next
    case StateWordTag.record:
      var next = position + 2
      for _ in 0..<Int(words[position + 1]) {
        next += 1 + (Int(words[next]) + 3) / 4
        next = measureValue(words, at: next)
      }
      return next
    default:
      return position + 1
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
  var magnitudeClamped: Int { self == .min ? .max : Swift.abs(self) }
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
  /// The state's words are written over the navigator's own: a search restores a state
  /// before every event it sends, and the event then writes words the navigator holds alone,
  /// where words shared with the snapshot would be copied first.
  package mutating func restore(_ snapshot: NavigationSnapshot) {
    snapshot.state.withWords { current.assign($0) }
  }
}
