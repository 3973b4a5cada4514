internal import FlowModel

/// How each part of a navigation state is written in 32-bit words (`NavigationState`): a
/// value, a screen's values, a stack entry, an alert's text. Every part says its own length,
/// so a part's words can be skipped without reading it, two parts have the same words exactly
/// when they are the same (text compared by its UTF-8 bytes), and the words give the part
/// back.
///
/// - A value: its tag (`StateWordTag`), then what it holds: nothing for a flag, an Int as two
///   words (low, high), text as its byte count and its bytes four to a word (the last padded
///   with zeros), a list as its count and its values, a record as its count and, in the order
///   of their names, each field's name (as text without the tag) and value.
/// - Values that may be left out (a screen's, a request's): their count, then each value, or
///   `StateWordTag.none` for one left out.
/// - A stack entry: its screen's index, its values, then its own word count, so that a stack's
///   top entry is found from the stack's end without walking the stack.
/// - A layer: what it is (`Layer.Word`), its own word count, so that layers are skipped
///   without reading them, then what it holds.
/// - Text that may be absent (an alert's title): `none`, or `string` and the text.
enum StateWordTag {
  static let none: UInt32 = 0
  static let `false`: UInt32 = 1
  static let `true`: UInt32 = 2
  static let int: UInt32 = 3
  static let string: UInt32 = 4
  static let list: UInt32 = 5
  static let record: UInt32 = 6
}

/// Words being read, in order, from a position.
struct StateWordReader {
  let words: UnsafeBufferPointer<UInt32>
  var position: Int

  init(_ words: UnsafeBufferPointer<UInt32>, at position: Int) {
    self.words = words
    self.position = position
  }

  @inline(__always)
  mutating func next() -> UInt32 {
    let word = words[position]
    position += 1
    return word
  }

  /// The next word as an Int.
  @inline(__always)
  mutating func nextInt() -> Int { Int(next()) }
}

/// Words being written at a position of a buffer that has room for them.
struct StateWordWriter {
  let words: UnsafeMutableBufferPointer<UInt32>
  var position: Int

  init(_ words: UnsafeMutableBufferPointer<UInt32>, at position: Int) {
    self.words = words
    self.position = position
  }

  @inline(__always)
  mutating func write(_ word: UInt32) {
    words[position] = word
    position += 1
  }

  /// Writes a count, an index or a length: never negative, nor beyond 32 bits (a text's
  /// length is capped far below), so a value that is traps rather than corrupting the words.
  @inline(__always)
  mutating func write(_ number: Int) { write(UInt32(number)) }

  /// Writes `text`'s byte count, then its bytes four to a word, the last padded with zeros.
  mutating func write(bytesOf text: String) {
    let count = text.utf8.count
    write(count)
    let wordCount = (count + 3) / 4
    guard wordCount > 0 else { return }
    words[position + wordCount - 1] = 0
    let target = UnsafeMutableRawPointer(words.baseAddress! + position)
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      target.copyMemory(from: bytes.baseAddress!, byteCount: count)
    }
    if copied == nil {
      var contiguous = text
      contiguous.withUTF8 { target.copyMemory(from: $0.baseAddress!, byteCount: count) }
    }
    position += wordCount
  }
}

/// Whether two runs of state words are the same: a plain loop, as a search compares words
/// for every state it comes to (`elementsEqual` goes through the generic sequence protocol).
func wordsEqual(_ left: UnsafeBufferPointer<UInt32>, _ right: UnsafeBufferPointer<UInt32>)
  -> Bool
{
  guard left.count == right.count else { return false }
  for index in left.indices where left[index] != right[index] { return false }
  return true
}

/// The words text takes after its tag: its byte count and its bytes.
func stateWordCount(bytesOf text: String) -> Int { 1 + (text.utf8.count + 3) / 4 }

/// A part of a navigation state that a list of its kind holds (a stack's entries, the layers,
/// the pending requests, the child flows): it says how many words it takes, writes them,
/// reads them back, and skips them without reading.
protocol StateWordPart {
  /// How many words `write(to:)` writes.
  var stateWordCount: Int { get }
  /// Writes the part's words.
  func write(to writer: inout StateWordWriter)
  /// The part whose words start at the reader's position; the reader moves past them.
  static func read(_ reader: inout StateWordReader) -> Self
  /// The position after the part whose words start at `position`.
  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int
}

extension Value {
  /// How many words the value takes.
  var stateWordCount: Int {
    switch self {
    case .bool: return 1
    case .int: return 3
    case .string(let text): return 1 + FlowRuntime.stateWordCount(bytesOf: text)
    case .list(let values):
      var count = 2
      for index in values.indices { count += values[index].stateWordCount }
      return count
    case .record(let fields):
      var count = 2
      for (name, value) in fields {
        count += FlowRuntime.stateWordCount(bytesOf: name) + value.stateWordCount
      }
      return count
    }
  }

  /// Writes the value's words.
  func write(to writer: inout StateWordWriter) {
    switch self {
    case .bool(let flag):
      writer.write(flag ? StateWordTag.true : StateWordTag.false)
    case .int(let number):
      let bits = UInt64(bitPattern: Int64(number))
      writer.write(StateWordTag.int)
      writer.write(UInt32(truncatingIfNeeded: bits))
      writer.write(UInt32(truncatingIfNeeded: bits >> 32))
    case .string(let text):
      writer.write(StateWordTag.string)
      writer.write(bytesOf: text)
    case .list(let values):
      writer.write(StateWordTag.list)
      writer.write(values.count)
      for index in values.indices { values[index].write(to: &writer) }
    case .record(let fields):
      writer.write(StateWordTag.record)
      writer.write(fields.count)
      for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
        writer.write(bytesOf: name)
        value.write(to: &writer)
      }
    }
  }

  /// The value at the reader's position, `nil` for `StateWordTag.none`.
  static func read(_ reader: inout StateWordReader) -> Value? {
    switch reader.next() {
    case StateWordTag.false: return .bool(false)
    case StateWordTag.true: return .bool(true)
    case StateWordTag.int:
      let low = UInt64(reader.next())
      let high = UInt64(reader.next())
      return .int(Int(Int64(bitPattern: high << 32 | low)))
    case StateWordTag.string: return .string(readText(&reader))
    case StateWordTag.list:
      let count = reader.nextInt()
      var values: [Value] = []
      values.reserveCapacity(count)
      for _ in 0..<count { values.append(read(&reader)!) }
      return .list(values)
    case StateWordTag.record:
      let count = reader.nextInt()
      var fields: [String: Value] = [:]
      fields.reserveCapacity(count)
      for _ in 0..<count {
        let name = readText(&reader)
        fields[name] = read(&reader)!
      }
      return .record(fields)
    default: return nil
    }
  }

  /// Text written by `StateWordWriter.write(bytesOf:)` at the reader's position.
  static func readText(_ reader: inout StateWordReader) -> String {
    let count = reader.nextInt()
    let start = UnsafeRawPointer(reader.words.baseAddress! + reader.position)
    reader.position += (count + 3) / 4
    return String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }

  /// The position after the value (or `none`) at `position`.
  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    switch words[position] {
    case StateWordTag.int: return position + 3
    case StateWordTag.string: return position + 2 + (Int(words[position + 1]) + 3) / 4
    case StateWordTag.list:
      var next = position + 2
      for _ in 0..<Int(words[position + 1]) { next = skip(words, at: next) }
      return next
    case StateWordTag.record:
      var next = position + 2
      for _ in 0..<Int(words[position + 1]) {
        next += 1 + (Int(words[next]) + 3) / 4
        next = skip(words, at: next)
      }
      return next
    default: return position + 1
    }
  }
}

/// Values that may be left out (a screen's, a request's), as words.
enum StateArgumentWords {
  static func count(_ arguments: [Value?]) -> Int {
    var count = 1
    for index in arguments.indices { count += arguments[index]?.stateWordCount ?? 1 }
    return count
  }

  static func write(_ arguments: [Value?], to writer: inout StateWordWriter) {
    writer.write(arguments.count)
    for index in arguments.indices {
      if let argument = arguments[index] {
        argument.write(to: &writer)
      } else {
        writer.write(StateWordTag.none)
      }
    }
  }

  static func read(_ reader: inout StateWordReader) -> [Value?] {
    let count = reader.nextInt()
    guard count > 0 else { return [] }
    var arguments: [Value?] = []
    arguments.reserveCapacity(count)
    for _ in 0..<count { arguments.append(Value.read(&reader)) }
    return arguments
  }

  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    var next = position + 1
    for _ in 0..<Int(words[position]) { next = Value.skip(words, at: next) }
    return next
  }
}

extension StackEntry: StateWordPart {
  /// The entry's words: its screen, its values, its word count.
  var stateWordCount: Int { 2 + StateArgumentWords.count(arguments) }

  func write(to writer: inout StateWordWriter) {
    let start = writer.position
    writer.write(screen)
    StateArgumentWords.write(arguments, to: &writer)
    writer.write(writer.position + 1 - start)
  }

  @inline(__always)
  static func read(_ reader: inout StateWordReader) -> StackEntry {
    let screen = reader.nextInt()
    // Most screens have no values: nothing to read.
    if reader.words[reader.position] == 0 {
      reader.position += 2
      return StackEntry(screen: screen, arguments: [])
    }
    let entry = StackEntry(screen: screen, arguments: StateArgumentWords.read(&reader))
    reader.position += 1
    return entry
  }

  /// The position after the entry at `position`.
  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    // Most screens have no values: three words.
    words[position + 1] == 0
      ? position + 3 : StateArgumentWords.skip(words, at: position + 1) + 1
  }

  /// Where the entry that ends at `end` starts.
  static func start(endingAt end: Int, in words: UnsafeBufferPointer<UInt32>) -> Int {
    end - Int(words[end - 1])
  }
}

/// Text that may be absent (an alert's title or message), as words.
enum StateOptionalTextWords {
  static func count(_ text: String?) -> Int {
    text.map { 1 + stateWordCount(bytesOf: $0) } ?? 1
  }

  static func write(_ text: String?, to writer: inout StateWordWriter) {
    if let text {
      writer.write(StateWordTag.string)
      writer.write(bytesOf: text)
    } else {
      writer.write(StateWordTag.none)
    }
  }

  static func read(_ reader: inout StateWordReader) -> String? {
    reader.next() == StateWordTag.none ? nil : Value.readText(&reader)
  }
}

extension Layer: StateWordPart {
  /// Where each part of a layer's words is, from the layer's start. An alert: `kind` 0, its
  /// `length`, its index (`detail`), its title and message (from `text`). A presented
  /// screen: `kind` 1 for a sheet or 2 for a full-screen cover, its `length`, whether it has
  /// a navigation controller (`detail`, 0 or 1), its entry count (`entries`) and its entries.
  enum Word {
    static let kind = 0
    static let length = 1
    static let detail = 2
    static let entries = 3
    static let text = 3
  }

  var stateWordCount: Int {
    switch self {
    case .alert(_, let text):
      return 3 + StateOptionalTextWords.count(text.title)
        + StateOptionalTextWords.count(text.message)
    case .screen(let modal):
      var count = 4
      for index in modal.entries.indices { count += modal.entries[index].stateWordCount }
      return count
    }
  }

  func write(to writer: inout StateWordWriter) {
    switch self {
    case .alert(let index, let text):
      writer.write(UInt32(0))
      writer.write(stateWordCount)
      writer.write(index)
      StateOptionalTextWords.write(text.title, to: &writer)
      StateOptionalTextWords.write(text.message, to: &writer)
    case .screen(let modal):
      writer.write(modal.style == .sheet ? UInt32(1) : 2)
      writer.write(stateWordCount)
      writer.write(modal.hasNavigation ? UInt32(1) : 0)
      writer.write(modal.entries.count)
      for index in modal.entries.indices { modal.entries[index].write(to: &writer) }
    }
  }

  static func read(_ reader: inout StateWordReader) -> Layer {
    let kind = reader.next()
    reader.position += 1
    if kind == 0 {
      let index = reader.nextInt()
      let title = StateOptionalTextWords.read(&reader)
      return .alert(index, AlertText(title: title, message: StateOptionalTextWords.read(&reader)))
    }
    let hasNavigation = reader.next() == 1
    let count = reader.nextInt()
    var entries: [StackEntry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count { entries.append(StackEntry.read(&reader)) }
    return .screen(
      ModalStack(
        entries: entries, style: kind == 1 ? .sheet : .fullScreen, hasNavigation: hasNavigation))
  }

  /// The position after the layer at `position`.
  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    position + Int(words[position + Word.length])
  }
}

extension PendingRequest: StateWordPart {
  /// The request's index, then its values.
  var stateWordCount: Int { 1 + StateArgumentWords.count(arguments) }

  func write(to writer: inout StateWordWriter) {
    writer.write(request)
    StateArgumentWords.write(arguments, to: &writer)
  }

  static func read(_ reader: inout StateWordReader) -> PendingRequest {
    let request = reader.nextInt()
    return PendingRequest(request: request, arguments: StateArgumentWords.read(&reader))
  }

  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    StateArgumentWords.skip(words, at: position + 1)
  }
}

extension ChildFlow: StateWordPart {
  /// The flow, its parent, then `0`, or `1` and the entry of the screen that started it.
  var stateWordCount: Int { 3 + (starter?.stateWordCount ?? 0) }

  func write(to writer: inout StateWordWriter) {
    writer.write(flow)
    writer.write(parent)
    if let starter {
      writer.write(UInt32(1))
      starter.write(to: &writer)
    } else {
      writer.write(UInt32(0))
    }
  }

  static func read(_ reader: inout StateWordReader) -> ChildFlow {
    let flow = reader.nextInt()
    let parent = reader.nextInt()
    let starter = reader.next() == 1 ? StackEntry.read(&reader) : nil
    return ChildFlow(flow: flow, parent: parent, starter: starter)
  }

  static func skip(_ words: UnsafeBufferPointer<UInt32>, at position: Int) -> Int {
    words[position + 2] == 1 ? StackEntry.skip(words, at: position + 3) : position + 3
  }
}
