internal import FlowModel

/// A navigation state written as 32-bit words: what a search of every state stores,
/// hashes and compares, where a `NavigationSnapshot` would be a tree of arrays to retain,
/// hash field by field and compare element by element.
///
/// Every part says its own length, so two states give the same words exactly when they
/// are equal, and the words give back an equal state. Text is compared by its UTF-8 bytes:
/// two spellings that Swift calls equal (a composed and a decomposed accent) are two
/// states, which costs a search a duplicate at most, never a state.
extension NavigationState {
  /// Appends this state's words to `words`.
  func pack(into words: inout PackedWords) {
    words.append(UInt32(truncatingIfNeeded: selectedTab))
    words.append(UInt32(truncatingIfNeeded: stacks.count))
    var bits: UInt32 = 0
    for (tab, loaded) in loadedTabs.enumerated() {
      if loaded { bits |= 1 << UInt32(tab % 32) }
      if tab % 32 == 31 || tab == loadedTabs.count - 1 {
        words.append(bits)
        bits = 0
      }
    }
    for tab in stacks.indices { Self.pack(stacks[tab], into: &words) }
    words.append(UInt32(truncatingIfNeeded: layers.count))
    for layer in layers {
      switch layer {
      case .alert(let index, let text):
        words.append(0)
        words.append(UInt32(truncatingIfNeeded: index))
        Self.pack(text.title, into: &words)
        Self.pack(text.message, into: &words)
      case .screen(let modal):
        words.append(modal.style == .sheet ? 1 : 2)
        words.append(modal.hasNavigation ? 1 : 0)
        Self.pack(modal.entries, into: &words)
      }
    }
    words.append(UInt32(truncatingIfNeeded: pending.count))
    for request in pending {
      words.append(UInt32(truncatingIfNeeded: request.request))
      Self.pack(request.arguments, into: &words)
    }
    words.append(UInt32(truncatingIfNeeded: children.count))
    for child in children {
      words.append(UInt32(truncatingIfNeeded: child.flow))
      words.append(UInt32(truncatingIfNeeded: child.parent))
      if let starter = child.starter {
        words.append(1)
        Self.pack(starter, into: &words)
      } else {
        words.append(0)
      }
    }
    // The count of state values is the program's, the same in every state.
    for index in stateValues.indices { stateValues[index].pack(into: &words) }
  }

  /// The state `words` hold, as `pack(into:)` wrote them; `stateCount` values of state.
  init(unpacking words: UnsafeBufferPointer<UInt32>, stateCount: Int) {
    var reader = PackedReader(words)
    let selectedTab = Int(reader.next())
    let tabCount = Int(reader.next())
    self.init(tabCount: tabCount, stateValues: [])
    self.selectedTab = selectedTab
    var bits: UInt32 = 0
    for tab in 0..<tabCount {
      if tab % 32 == 0 { bits = reader.next() }
      loadedTabs[tab] = bits & (1 << UInt32(tab % 32)) != 0
    }
    for tab in 0..<tabCount { stacks[tab] = Self.entries(&reader) }
    let layerCount = Int(reader.next())
    if layerCount > 0 {
      layers.reserveCapacity(layerCount)
      for _ in 0..<layerCount {
        let kind = reader.next()
        if kind == 0 {
          let index = Int(reader.next())
          let title = Self.text(&reader)
          layers.append(.alert(index, AlertText(title: title, message: Self.text(&reader))))
        } else {
          let hasNavigation = reader.next() == 1
          layers.append(
            .screen(
              ModalStack(
                entries: Self.entries(&reader), style: kind == 1 ? .sheet : .fullScreen,
                hasNavigation: hasNavigation)))
        }
      }
    }
    let pendingCount = Int(reader.next())
    if pendingCount > 0 {
      pending.reserveCapacity(pendingCount)
      for _ in 0..<pendingCount {
        let request = Int(reader.next())
        pending.append(PendingRequest(request: request, arguments: Self.arguments(&reader)))
      }
    }
    let childCount = Int(reader.next())
    if childCount > 0 {
      children.reserveCapacity(childCount)
      for _ in 0..<childCount {
        let flow = Int(reader.next())
        let parent = Int(reader.next())
        let starter = reader.next() == 1 ? Self.entry(&reader) : nil
        children.append(ChildFlow(flow: flow, parent: parent, starter: starter))
      }
    }
    stateValues.reserveCapacity(stateCount)
    for _ in 0..<stateCount { stateValues.append(Value.unpack(&reader)!) }
  }

  private static func pack(_ entries: [StackEntry], into words: inout PackedWords) {
    words.append(UInt32(truncatingIfNeeded: entries.count))
    for index in entries.indices { pack(entries[index], into: &words) }
  }

  private static func pack(_ entry: StackEntry, into words: inout PackedWords) {
    words.append(UInt32(truncatingIfNeeded: entry.screen))
    pack(entry.arguments, into: &words)
  }

  private static func pack(_ arguments: [Value?], into words: inout PackedWords) {
    words.append(UInt32(truncatingIfNeeded: arguments.count))
    for index in arguments.indices {
      if let argument = arguments[index] {
        argument.pack(into: &words)
      } else {
        words.append(PackedTag.none)
      }
    }
  }

  private static func pack(_ text: String?, into words: inout PackedWords) {
    if let text {
      words.append(PackedTag.string)
      Value.packBytes(of: text, into: &words)
    } else {
      words.append(PackedTag.none)
    }
  }

  private static func entries(_ reader: inout PackedReader) -> [StackEntry] {
    let count = Int(reader.next())
    var entries: [StackEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count { entries.append(entry(&reader)) }
    return entries
  }

  private static func entry(_ reader: inout PackedReader) -> StackEntry {
    let screen = Int(reader.next())
    return StackEntry(screen: screen, arguments: arguments(&reader))
  }

  private static func arguments(_ reader: inout PackedReader) -> [Value?] {
    let count = Int(reader.next())
    guard count > 0 else { return [] }
    var arguments: [Value?] = []
    arguments.reserveCapacity(count)
    for _ in 0..<count { arguments.append(Value.unpack(&reader)) }
    return arguments
  }

  private static func text(_ reader: inout PackedReader) -> String? {
    reader.next() == PackedTag.none ? nil : Value.unpackBytes(&reader)
  }
}

/// The first word of a packed value: which kind follows.
private enum PackedTag {
  static let none: UInt32 = 0
  static let `false`: UInt32 = 1
  static let `true`: UInt32 = 2
  static let int: UInt32 = 3
  static let string: UInt32 = 4
  static let list: UInt32 = 5
  static let record: UInt32 = 6
}

extension Value {
  /// Appends the value's words: its tag, then what it holds (an Int as two words, text as
  /// its byte count and bytes, a list as its count and values, a record as its count and
  /// its fields in the order of their names).
  fileprivate func pack(into words: inout PackedWords) {
    switch self {
    case .bool(let flag):
      words.append(flag ? PackedTag.true : PackedTag.false)
    case .int(let number):
      let bits = UInt64(bitPattern: Int64(number))
      words.append(PackedTag.int)
      words.append(UInt32(truncatingIfNeeded: bits))
      words.append(UInt32(truncatingIfNeeded: bits >> 32))
    case .string(let text):
      words.append(PackedTag.string)
      Self.packBytes(of: text, into: &words)
    case .list(let values):
      words.append(PackedTag.list)
      words.append(UInt32(truncatingIfNeeded: values.count))
      for index in values.indices { values[index].pack(into: &words) }
    case .record(let fields):
      words.append(PackedTag.record)
      words.append(UInt32(truncatingIfNeeded: fields.count))
      for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
        Self.packBytes(of: name, into: &words)
        value.pack(into: &words)
      }
    }
  }

  /// The value (`nil` for `PackedTag.none`) at the reader's position.
  fileprivate static func unpack(_ reader: inout PackedReader) -> Value? {
    switch reader.next() {
    case PackedTag.false: return .bool(false)
    case PackedTag.true: return .bool(true)
    case PackedTag.int:
      let low = UInt64(reader.next())
      let high = UInt64(reader.next())
      return .int(Int(Int64(bitPattern: high << 32 | low)))
    case PackedTag.string: return .string(unpackBytes(&reader))
    case PackedTag.list:
      let count = Int(reader.next())
      var values: [Value] = []
      values.reserveCapacity(count)
      for _ in 0..<count { values.append(unpack(&reader)!) }
      return .list(values)
    case PackedTag.record:
      let count = Int(reader.next())
      var fields: [String: Value] = [:]
      fields.reserveCapacity(count)
      for _ in 0..<count {
        let name = unpackBytes(&reader)
        fields[name] = unpack(&reader)!
      }
      return .record(fields)
    default: return nil
    }
  }

  /// Appends `text`'s byte count, then its UTF-8 bytes, four to a word, the last padded
  /// with zeros.
  fileprivate static func packBytes(of text: String, into words: inout PackedWords) {
    let count = text.utf8.count
    words.append(UInt32(truncatingIfNeeded: count))
    let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      words.append(bytes: UnsafeRawBufferPointer(bytes))
    }
    if written == nil {
      Array(text.utf8).withUnsafeBytes { words.append(bytes: $0) }
    }
  }

  /// The text `packBytes(of:into:)` wrote at the reader's position.
  fileprivate static func unpackBytes(_ reader: inout PackedReader) -> String {
    let count = Int(reader.next())
    return reader.bytes(count) { String(decoding: $0, as: UTF8.self) }
  }
}

/// Reads packed words in order.
private struct PackedReader {
  let words: UnsafeBufferPointer<UInt32>
  var position = 0

  init(_ words: UnsafeBufferPointer<UInt32>) {
    self.words = words
  }

  mutating func next() -> UInt32 {
    defer { position += 1 }
    return words[position]
  }

  /// Reads `count` bytes packed four to a word, and moves past their words.
  mutating func bytes<Result>(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    let start = UnsafeRawPointer(words.baseAddress!.advanced(by: position))
    position += (count + 3) / 4
    return body(UnsafeRawBufferPointer(start: start, count: count))
  }
}

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

  mutating func append(_ word: UInt32) {
    if count == capacity { grow(to: count + 1) }
    base[count] = word
    count += 1
  }

  /// Appends `bytes` four to a word, the last word padded with zeros.
  mutating func append(bytes: UnsafeRawBufferPointer) {
    let wordCount = (bytes.count + 3) / 4
    guard wordCount > 0, let source = bytes.baseAddress else { return }
    if count + wordCount > capacity { grow(to: count + wordCount) }
    base[count + wordCount - 1] = 0
    UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
    count += wordCount
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
  /// Appends the state's words (see `NavigationState.pack(into:)`) to `words`: what a
  /// search of every state stores for it.
  package func packState(into words: inout PackedWords) {
    current.pack(into: &words)
  }

  /// The state's words (see `NavigationState.pack(into:)`).
  package var packedState: [UInt32] {
    var words = PackedWords()
    current.pack(into: &words)
    return words.words()
  }

  /// Puts the navigator in the state `words` hold, as `packState(into:)` wrote them,
  /// keeping its history.
  package mutating func restore(packed words: UnsafeBufferPointer<UInt32>) {
    current = NavigationState(unpacking: words, stateCount: program.initialState.count)
  }
}

extension NavigationSnapshot {
  /// The state `words` hold, as `Navigator.packState(into:)` wrote them for `program`.
  package init(packed words: UnsafeBufferPointer<UInt32>, program: NavigationProgram) {
    self.init(
      state: NavigationState(unpacking: words, stateCount: program.initialState.count))
  }
}
