/// A navigator's log of records: frozen chunks that copies share, and a short tail of its own.
///
/// Exploration and property checking copy a navigator for every state they reach and send
/// one event to the copy. With the log in one array, the copy's first append copied the
/// whole history, so walking a long path cost its length squared; here a copy shares the
/// frozen chunks and copies at most one tail of `chunkSize` records.
struct RecordLog: Sendable {
  /// Records that no navigator appends to any more, and the chunk before them.
  private final class Chunk: @unchecked Sendable {
    let records: [LogRecord]
    /// Mutated only by `deinit`, to release the chain without recursion.
    var previous: Chunk?
    /// How many records this chunk and those before it hold.
    let count: Int

    init(_ records: [LogRecord], after previous: Chunk?) {
      self.records = records
      self.previous = previous
      self.count = (previous?.count ?? 0) + records.count
    }

    deinit {
      // One at a time, not recursively: a log of a hundred million calls would otherwise
      // release its chunks on a stack of three million frames.
      var node = previous
      previous = nil
      while isKnownUniquelyReferenced(&node) {
        let following = node?.previous
        node?.previous = nil
        node = following
      }
    }
  }

  /// How many records the tail holds before it is frozen into a chunk: what a copy of a
  /// navigator copies at most, retaining what each record holds, when it first appends.
  static let chunkSize = 32

  private var frozen: Chunk?
  private var tail: [LogRecord] = []
  /// Whether records are kept: a search of every state, which needs no history, keeps none
  /// (nor counts calls), so that sending an event to a copy of a navigator allocates no log.
  private(set) var isRecording = true

  /// An empty log, which keeps what is appended to it unless `recording` is `false`.
  init(recording: Bool = true) {
    isRecording = recording
  }

  /// How many records the log holds.
  var count: Int { (frozen?.count ?? 0) + tail.count }

  /// The latest record, if any.
  var last: LogRecord? { tail.last ?? frozen?.records.last }

  mutating func append(_ record: LogRecord) {
    guard isRecording else { return }
    if tail.count == Self.chunkSize {
      frozen = Chunk(tail, after: frozen)
      tail = []
      tail.reserveCapacity(Self.chunkSize)
    }
    tail.append(record)
  }

  /// The records from position `start` (counted from 0) on, oldest first.
  func records(from start: Int) -> [LogRecord] {
    let total = count
    guard start < total else { return [] }
    var chunks: [Chunk] = []
    var chunk = frozen
    while let current = chunk, current.count > start {
      chunks.append(current)
      chunk = current.previous
    }
    var result: [LogRecord] = []
    result.reserveCapacity(total - max(start, 0))
    for current in chunks.reversed() {
      let first = current.count - current.records.count
      result += current.records[max(start - first, 0)...]
    }
    let tailStart = total - tail.count
    result += tail[max(start - tailStart, 0)...]
    return result
  }
}
