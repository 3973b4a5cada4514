import FlowDiagnostics
import FlowYAML

/// How the second half's tree joins the first's, worked out before anything is changed:
/// the `screens` mappings to merge and the other top-level entries, or `nil` when the
/// halves do not fit together without a diagnostic (a key in both, an unexpected shape).
struct JoinPlan {
  private typealias Pair = (key: Int32, value: Int32)

  private let headRootPairs: [Pair]
  private let tailRootPairs: [Pair]
  private let headScreens: Range<Int>
  private let tailScreens: Range<Int>
  private let headScreensStart: SourcePosition
  private let tailScreensStart: SourcePosition
  private let tailScreensEnd: SourcePosition
  private let rootStart: SourcePosition
  private let rootEnd: SourcePosition

  /// The screen names of one half, hashed and sorted by hash, each with its key node.
  struct ScreenNames: Sendable {
    fileprivate var entries: [(hash: UInt64, key: Int32)]
  }

  /// Hashes the names in a half's `screens` mapping: the head's last top-level entry, the
  /// tail's first. Runs on the half's own core, right after its parse.
  static func screenNames(in storage: YAMLTree.Storage, isHead: Bool) -> ScreenNames? {
    guard let mapping = shape(of: storage, isHead: isHead)?.screens else { return nil }
    var entries: [(hash: UInt64, key: Int32)] = []
    entries.reserveCapacity(Int(mapping.count) / 2)
    for offset in stride(from: Int(mapping.first), to: Int(mapping.first + mapping.count), by: 2) {
      let key = storage.children[offset]
      entries.append((hash(key, in: storage), key))
    }
    entries.sort { $0.hash < $1.hash }
    return ScreenNames(entries: entries)
  }

  init?(
    head: YAMLTree.Storage, tail: YAMLTree.Storage, headNames: ScreenNames, tailNames: ScreenNames
  ) {
    guard let headShape = Self.shape(of: head, isHead: true),
      let tailShape = Self.shape(of: tail, isHead: false),
      let headRoot = head.rootIndex, let tailRoot = tail.rootIndex
    else { return nil }
    headRootPairs = headShape.rootPairs
    tailRootPairs = tailShape.rootPairs
    let headValue = headShape.screens
    let tailValue = tailShape.screens
    headScreens = Int(headValue.first)..<Int(headValue.first + headValue.count)
    tailScreens = Int(tailValue.first)..<Int(tailValue.first + tailValue.count)
    headScreensStart = headValue.start
    tailScreensStart = tailValue.start
    tailScreensEnd = tailValue.end
    rootStart = head.records[Int(headRoot)].start
    rootEnd = tail.records[Int(tailRoot)].end
    // A top-level key or a screen in both halves is a duplicate the whole parse reports.
    let headKeys = headRootPairs.map(\.key)
    for pair in tailRootPairs.dropFirst()
    where headKeys.contains(where: { Self.sameKey($0, head, pair.key, tail) }) {
      return nil
    }
    // Both lists are sorted by hash: walk them together, comparing bytes where hashes meet.
    let left = headNames.entries
    let right = tailNames.entries
    var leftIndex = 0
    var rightIndex = 0
    while leftIndex < left.count, rightIndex < right.count {
      let hash = left[leftIndex].hash
      if hash < right[rightIndex].hash {
        leftIndex += 1
      } else if hash > right[rightIndex].hash {
        rightIndex += 1
      } else {
        let leftEnd = left[leftIndex...].firstIndex { $0.hash != hash } ?? left.count
        let rightEnd = right[rightIndex...].firstIndex { $0.hash != hash } ?? right.count
        for lhs in left[leftIndex..<leftEnd] {
          for rhs in right[rightIndex..<rightEnd] where Self.sameKey(lhs.key, head, rhs.key, tail) {
            return nil
          }
        }
        leftIndex = leftEnd
        rightIndex = rightEnd
      }
    }
  }

  /// A half's top-level entries and its `screens` mapping, which must be the head's last
  /// entry and the tail's first; `nil` for a half shaped otherwise.
  private static func shape(of storage: YAMLTree.Storage, isHead: Bool) -> (
    rootPairs: [Pair], screens: YAMLTree.Record
  )? {
    guard let root = storage.rootIndex, storage.records[Int(root)].kind == .mapping else {
      return nil
    }
    let rootPairs = pairs(of: root, in: storage)
    guard let screens = isHead ? rootPairs.last : rootPairs.first,
      key(screens.key, in: storage, is: "screens")
    else { return nil }
    let mapping = storage.records[Int(screens.value)]
    return mapping.kind == .mapping ? (rootPairs, mapping) : nil
  }

  /// Appends the second half's arrays to the first's (which has room reserved for the whole
  /// file), then a merged `screens` mapping and a new root.
  func append(_ tail: YAMLTree.Storage, to head: inout YAMLTree.Storage) {
    let recordShift = Int32(head.records.count)
    let childShift = Int32(head.children.count)
    let byteShift = Int32(head.bytes.count)
    // Block collections closed by the cut end, in the whole file, where the next screen starts.
    let cutEnd = SourcePosition(line: tailScreensStart.line, column: 1)
    for index in head.records.indices
    where head.records[index].end == cutEnd && head.records[index].kind != .scalar {
      head.records[index].end = tailScreensStart
    }
    head.records.reserveCapacity(head.records.count + tail.records.count + 2)
    head.children.reserveCapacity(
      head.children.count + tail.children.count + headScreens.count + tailScreens.count
        + 2 * (headRootPairs.count + tailRootPairs.count))
    head.records.append(contentsOf: tail.records)
    head.records.withUnsafeMutableBufferPointer { records in
      for index in Int(recordShift)..<records.count {
        records[index].first += records[index].kind == .scalar ? byteShift : childShift
      }
    }
    head.children.append(contentsOf: tail.children)
    head.children.withUnsafeMutableBufferPointer { children in
      for index in Int(childShift)..<children.count { children[index] += recordShift }
    }
    head.bytes.append(contentsOf: tail.bytes)

    let screensFirst = Int32(head.children.count)
    head.children.append(contentsOf: head.children[headScreens])
    for offset in tailScreens { head.children.append(tail.children[offset] + recordShift) }
    head.records.append(
      YAMLTree.Record(
        first: screensFirst, count: Int32(head.children.count) - screensFirst,
        start: headScreensStart,
        end: tailScreensEnd, kind: .mapping, style: .plain, isTaggedString: false))
    let screens = Int32(head.records.count - 1)

    let rootFirst = Int32(head.children.count)
    for pair in headRootPairs.dropLast() {
      head.children.append(pair.key)
      head.children.append(pair.value)
    }
    head.children.append(headRootPairs.last!.key)
    head.children.append(screens)
    for pair in tailRootPairs.dropFirst() {
      head.children.append(pair.key + recordShift)
      head.children.append(pair.value + recordShift)
    }
    head.records.append(
      YAMLTree.Record(
        first: rootFirst, count: Int32(head.children.count) - rootFirst, start: rootStart,
        end: rootEnd,
        kind: .mapping, style: .plain, isTaggedString: false))
    head.rootIndex = Int32(head.records.count - 1)
  }

  private static func pairs(of mapping: Int32, in storage: YAMLTree.Storage) -> [Pair] {
    let record = storage.records[Int(mapping)]
    return stride(from: Int(record.first), to: Int(record.first + record.count), by: 2).map {
      (storage.children[$0], storage.children[$0 + 1])
    }
  }

  private static func scalarBytes(_ index: Int32, in storage: YAMLTree.Storage) -> ArraySlice<
    UInt8
  >? {
    let record = storage.records[Int(index)]
    guard record.kind == .scalar else { return nil }
    return storage.bytes[Int(record.first)..<Int(record.first + record.count)]
  }

  private static func key(_ index: Int32, in storage: YAMLTree.Storage, is text: String) -> Bool {
    scalarBytes(index, in: storage).map { $0.elementsEqual(text.utf8) } ?? false
  }

  private static func sameKey(
    _ lhs: Int32, _ left: YAMLTree.Storage, _ rhs: Int32, _ right: YAMLTree.Storage
  ) -> Bool {
    guard let leftBytes = scalarBytes(lhs, in: left), let rightBytes = scalarBytes(rhs, in: right)
    else { return false }
    return leftBytes.elementsEqual(rightBytes)
  }

  /// FNV-1a over a key's bytes: cheap, and collisions are settled by comparing bytes.
  private static func hash(_ index: Int32, in storage: YAMLTree.Storage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in scalarBytes(index, in: storage) ?? [] {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
