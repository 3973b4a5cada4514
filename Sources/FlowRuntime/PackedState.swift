internal import FlowModel

/// Words that a state is packed into: a buffer that grows as it is written, appended to
/// without the checks of an array's append (a search packs every state it reaches).
package struct PackedWords: ~Copyable {
  private var base: UnsafeMutablePointer<UInt32>
  private var capacity: Int
  /// How many words were written.
  package private(set) var count = 0

  /// An empty buffer with room for `capacity` words before it grows.
  package init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Appends `words`.
  mutating func append(contentsOf words: UnsafeBufferPointer<UInt32>) {
    if count + words.count > capacity { grow(to: count + words.count) }
    guard let source = words.baseAddress else { return }
    (base + count).update(from: source, count: words.count)
    count += words.count
  }

  /// Forgets what was written, keeping the room.
  package mutating func removeAll() { count = 0 }

  /// Calls `body` with the words written, which live as long as the call.
  package func withWords<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  /// The words written, from `start` on.
  package func words(from start: Int = 0) -> [UInt32] {
    Array(UnsafeBufferPointer(start: base + start, count: count - start))
  }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}

extension Navigator {
  /// Appends the state's words (see `NavigationState`) to `words`: what a search of every
  /// state stores for it. Two navigators append the same words exactly when their states
  /// are equal.
  package func packState(into words: inout PackedWords) {
    current.withWords { words.append(contentsOf: $0) }
  }

  /// Calls `body` with the state's words, as `packState(into:)` would append them.
  package func withStateWords<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
    current.withWords(body)
  }

  /// The state's words (see `NavigationState`).
  package var packedState: [UInt32] { current.words.array }

  /// Puts the navigator in the state `words` hold, as `packState(into:)` wrote them,
  /// keeping its history.
  package mutating func restore(packed words: UnsafeBufferPointer<UInt32>) {
    current.assign(words)
  }
}

extension NavigationSnapshot {
  /// The state `words` hold, as `Navigator.packState(into:)` wrote them for `program`.
  package init(packed words: UnsafeBufferPointer<UInt32>, program: NavigationProgram) {
    self.init(state: NavigationState(words: words))
  }
}
