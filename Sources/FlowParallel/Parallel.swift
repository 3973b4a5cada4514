/// Splits work over the machine's cores, for the large flows where it pays.
///
/// The one place flowspec shares memory between threads. Each chunk of work runs on a thread
/// of its own and writes only its own result; the caller reads the results after joining
/// every thread, which orders those writes before the reads. So results and per-chunk state
/// need not be `Sendable`: a chunk's value is handed over whole, never shared while in use.
public enum Parallel {
  /// How many cores this process may use.
  public static let cores: Int = max(1, SystemCalls.processorCount)

  /// Runs `body` on consecutive ranges covering `0..<count`, one range per core when each
  /// range would hold at least `minimumChunk` elements, and returns the results in order.
  /// Small counts run on the calling thread, in one range.
  public static func map<Result>(
    count: Int, minimumChunk: Int, _ body: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let ranges = chunks(count: count, minimumChunk: minimumChunk)
    guard ranges.count > 1 else { return [body(0..<count)] }
    // Each chunk writes only its own slot; concurrentPerform returns when all are done.
    nonisolated(unsafe) let results = UnsafeMutablePointer<Result?>.allocate(
      capacity: ranges.count)
    results.initialize(repeating: nil, count: ranges.count)
    defer {
      results.deinitialize(count: ranges.count)
      results.deallocate()
    }
    // Threads of flowc's own, with a large stack, rather than dispatch workers (512 KiB of
    // stack on macOS): decoding, checking and running recurse once per level of nesting.
    withoutActuallyEscaping(body) { body in
      SystemCalls.runOnThreads(count: ranges.count, stackSize: largeStack) { chunk in
        results[chunk] = body(ranges[chunk])
      }
    }
    return (0..<ranges.count).map { results[$0]! }
  }

  /// The stack of the threads `map` and `onLargeStack` run on: room for `YAMLLimits`'s
  /// deepest nesting in a debug build, reserved, not committed.
  public static let largeStack = 512 << 20

  /// Runs `body` on a thread with a large stack and returns its result: for work that
  /// recurses once per level of a flow's nesting, started from a thread whose stack may be
  /// small (a test's, a dispatch worker's).
  public static func onLargeStack<Result>(_ body: () -> Result) -> Result {
    withoutActuallyEscaping(body) { body in
      nonisolated(unsafe) var result: Result?
      nonisolated(unsafe) let work = body
      SystemCalls.runOnThreads(count: 1, stackSize: largeStack) { _ in result = work() }
      return result!
    }
  }

  /// Transforms every index of `0..<count` on every core, as `map` splits them, into one
  /// array of the non-`nil` results in index order.
  ///
  /// Each range gets its own `State`, made by `makeState` and returned with the elements.
  /// Elements are written straight into the result and moved, never copied: for thousands
  /// of screens, copying would retain and release every string and array they hold.
  public static func compactMap<Element, State>(
    count: Int, minimumChunk: Int, makeState: @Sendable (Range<Int>) -> State,
    transform: @Sendable (Int, inout State) -> Element?
  ) -> (elements: [Element], states: [State]) {
    let ranges = chunks(count: count, minimumChunk: minimumChunk)
    // Too few for a second core: a plain loop on this thread.
    guard ranges.count > 1 else {
      var state = makeState(0..<count)
      let elements = (0..<count).compactMap { transform($0, &state) }
      return (elements, [state])
    }
    var states: [State] = []
    let elements = [Element](unsafeUninitializedCapacity: count) { buffer, initializedCount in
      HugePages.advise(buffer)
      nonisolated(unsafe) let base = buffer.baseAddress
      // Each range fills slots from its own start; what it wrote is then moved down so the
      // elements are contiguous.
      let filled = map(count: count, minimumChunk: minimumChunk) { range in
        var state = makeState(range)
        var next = range.lowerBound
        for index in range {
          if let element = transform(index, &state) {
            (base! + next).initialize(to: consume element)
            next += 1
          }
        }
        return (written: next - range.lowerBound, state: state)
      }
      var end = 0
      for (range, chunk) in zip(ranges, filled) {
        if end != range.lowerBound, chunk.written > 0 {
          (base! + end).moveInitialize(from: base! + range.lowerBound, count: chunk.written)
        }
        end += chunk.written
      }
      initializedCount = end
      states = filled.map(\.state)
    }
    return (elements, states)
  }

  /// The consecutive ranges `map` runs: one per core when each holds `minimumChunk`.
  private static func chunks(count: Int, minimumChunk: Int) -> [Range<Int>] {
    let chunks = max(1, min(cores, count / max(1, minimumChunk)))
    return (0..<chunks).map { chunk in
      (chunk * count / chunks)..<((chunk + 1) * count / chunks)
    }
  }
}
