/// An array written at a cursor, for the tree builder's arrays that grow by hundreds of
/// thousands of small appends: `Array.append(contentsOf:)` checks capacity and uniqueness
/// and goes through a generic copy on every call (about 90 instructions for a six-byte
/// scalar), where this writes memory past the cursor.
///
/// The array's elements past `count` are room, filled with `filler` a chunk at a time, so
/// every element stays initialized and the array is an ordinary one; `finished()` drops the
/// room. Only for elements that are plain bits (`BitwiseCopyable`): nothing to release.
struct CursorArray<Element: BitwiseCopyable> {
  /// The content, then room; never shorter than `count`.
  private var storage: [Element]
  /// How many elements are content.
  private(set) var count = 0
  /// What room is filled with until it is written.
  private let filler: Element

  /// How many elements of room each growth adds at least: small enough that the room left
  /// at the end costs little, large enough that filling it is rare.
  private static var chunk: Int { 4096 }

  /// An empty array with `capacity` reserved (not filled: pages are touched as they are
  /// written, by the fill that precedes the content).
  init(filler: Element, reserving capacity: Int) {
    self.filler = filler
    storage = []
    storage.reserveCapacity(capacity)
  }

  /// Passes the storage, filled or not, to `body` (for memory advice on the reserved room).
  mutating func withStorage(_ body: (inout [Element]) -> Void) {
    body(&storage)
  }

  /// Makes room for `extra` more elements past the cursor.
  @inline(__always)
  private mutating func ensureRoom(_ extra: Int) {
    if storage.count - count < extra { fill(extra) }
  }

  /// Fills room for `extra` elements past the cursor: a chunk at a time within the capacity
  /// reserved, never past it while the content fits (growing would copy the array and
  /// double its memory); past it, what is needed and a chunk more.
  @inline(never)
  private mutating func fill(_ extra: Int) {
    let needed = extra - (storage.count - count)
    let spare = storage.capacity - storage.count
    let added = spare >= needed ? min(max(needed, Self.chunk), spare) : needed + Self.chunk
    storage.append(contentsOf: repeatElement(filler, count: added))
  }

  /// The capacity of the array the content is written in, room included.
  var capacity: Int { storage.capacity }

  /// Appends one element.
  @inline(__always)
  mutating func append(_ element: Element) {
    ensureRoom(1)
    storage.withUnsafeMutableBufferPointer { $0[count] = element }
    count += 1
  }

  /// Appends the elements of `elements`, copied as memory.
  @inline(__always)
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    ensureRoom(elements.count)
    storage.withUnsafeMutableBufferPointer { buffer in
      (buffer.baseAddress! + count).update(from: source, count: elements.count)
    }
    count += elements.count
  }

  /// Drops the last `k` elements of the content (they become room).
  @inline(__always)
  mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "CursorArray.removeLast beyond the content")
    count -= k
  }

  /// The element at `index`, which must be within the content.
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "CursorArray index out of the content")
      return storage.withUnsafeBufferPointer { $0[index] }
    }
    set {
      precondition(index >= 0 && index < count, "CursorArray index out of the content")
      storage.withUnsafeMutableBufferPointer { $0[index] = newValue }
    }
  }

  /// Reads the content in place.
  @inline(__always)
  func withContent<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
  }

  /// The content as an array, the room dropped (the array keeps its capacity).
  mutating func finished() -> [Element] {
    storage.removeLast(storage.count - count)
    defer {
      storage = []
      count = 0
    }
    return storage
  }
}
