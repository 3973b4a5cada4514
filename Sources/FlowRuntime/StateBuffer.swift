/// The words of a navigation state (`NavigationState`): one buffer, copied on write, that
/// keeps room to grow, so that an event writes its state in place with one check that it
/// holds the buffer alone, and a search copies a stored state over it without allocating.
/// Two buffers are equal when their words are, and hash their words as bytes.
///
/// Sendable as an array is: a buffer is written only by the state that holds it alone
/// (`makeUnique`), so states on several threads never write one they share.
struct StateBuffer: @unchecked Sendable, Hashable {
  /// The buffer: its header holds how many words are in use and how many it has room for
  /// (kept there: asking the allocator for a block's size costs a call).
  private final class Storage: ManagedBuffer<Header, UInt32> {}

  private struct Header {
    var count: Int
    var capacity: Int
  }

  private var storage: Storage

  /// `count` zeros.
  init(zeros count: Int) {
    storage = Self.allocate(capacity: count)
    storage.withUnsafeMutablePointers { header, words in
      words.initialize(repeating: 0, count: count)
      header.pointee.count = count
    }
  }

  /// A copy of `words`.
  init(copying words: UnsafeBufferPointer<UInt32>) {
    storage = Self.allocate(capacity: words.count)
    storage.withUnsafeMutablePointers { header, target in
      if let source = words.baseAddress { target.initialize(from: source, count: words.count) }
      header.pointee.count = words.count
    }
  }

  private static func allocate(capacity: Int) -> Storage {
    // Room for a few entries more than asked: most states grow and shrink by a few words.
    let room = max(capacity + 16, 32)
    return unsafeDowncast(
      Storage.create(minimumCapacity: room) { _ in Header(count: 0, capacity: room) },
      to: Storage.self)
  }

  /// How many words are in use.
  var count: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }

  @inline(__always)
  subscript(position: Int) -> UInt32 {
    get {
      precondition(position >= 0 && position < count, "a state word out of range")
      return storage.withUnsafeMutablePointerToElements { $0[position] }
    }
    set {
      precondition(position >= 0 && position < count, "a state word out of range")
      makeUnique(capacity: count)
      storage.withUnsafeMutablePointerToElements { $0[position] = newValue }
    }
  }

  /// Calls `body` with the words in use.
  @inline(__always)
  func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result)
    -> Result
  {
    storage.withUnsafeMutablePointers { header, words in
      body(UnsafeBufferPointer(start: words, count: header.pointee.count))
    }
  }

  /// Makes `count` words the words in use, calling `body` with room for the larger of the
  /// old and the new count first, so that it can move words within it: words past the old
  /// count are uninitialized until `body` writes them, and it must write each one the new
  /// count keeps. The buffer is this state's alone from here on.
  @inline(__always)
  mutating func edit<Result>(
    toCount count: Int, _ body: (UnsafeMutableBufferPointer<UInt32>) -> Result
  ) -> Result {
    let old = self.count
    makeUnique(capacity: max(old, count))
    return storage.withUnsafeMutablePointers { header, words in
      let result = body(UnsafeMutableBufferPointer(start: words, count: max(old, count)))
      header.pointee.count = count
      return result
    }
  }

  /// Makes `words` the words in use, in this buffer when it is this state's alone and large
  /// enough: what a search does before every event it sends.
  mutating func assign(_ words: UnsafeBufferPointer<UInt32>) {
    edit(toCount: words.count) { target in
      if let source = words.baseAddress {
        target.baseAddress!.update(from: source, count: words.count)
      }
    }
  }

  /// Makes the buffer this state's alone, with room for `capacity` words.
  @inline(__always)
  private mutating func makeUnique(capacity: Int) {
    let room = storage.withUnsafeMutablePointerToHeader { $0.pointee.capacity }
    if isKnownUniquelyReferenced(&storage), room >= capacity { return }
    let count = self.count
    let grown = Self.allocate(capacity: capacity > room ? max(capacity, room * 2) : capacity)
    grown.withUnsafeMutablePointers { header, target in
      storage.withUnsafeMutablePointerToElements { target.initialize(from: $0, count: count) }
      header.pointee.count = count
    }
    storage = grown
  }

  /// The words in use, as an array.
  var array: [UInt32] { withUnsafeBufferPointer { Array($0) } }

  static func == (lhs: StateBuffer, rhs: StateBuffer) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.withUnsafeBufferPointer { left in
      rhs.withUnsafeBufferPointer { right in wordsEqual(left, right) }
    }
  }

  func hash(into hasher: inout Hasher) {
    withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
