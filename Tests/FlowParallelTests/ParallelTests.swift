import Testing

@testable import FlowParallel

/// A class, so that a copy the helper should not make would show in the reference counts.
private final class Box: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}

@Suite("Work split over cores")
struct ParallelTests {
  @Test("compactMap keeps index order and drops nils, across chunks", arguments: [0, 1, 7, 1_001])
  func compactMapMatchesSequential(count: Int) {
    let (elements, states) = Parallel.compactMap(
      count: count, minimumChunk: 100, makeState: { range in [range.lowerBound] },
      transform: { index, seen -> Box? in
        seen.append(index)
        return index % 3 == 1 ? nil : Box(index * 2)
      })
    #expect(elements.map(\.value) == (0..<count).filter { $0 % 3 != 1 }.map { $0 * 2 })
    // Every index went to exactly one state, and the states come back in range order.
    #expect(states.flatMap { $0.dropFirst() } == Array(0..<count))
    #expect(states.map { $0[0] } == states.map { $0[0] }.sorted())
    if count >= 2 * 100, Parallel.cores > 1 { #expect(states.count > 1) }
  }

  @Test("compactMap moves elements: each is referenced once by the result")
  func compactMapMovesElements() {
    var (elements, _) = Parallel.compactMap(
      count: 5_000, minimumChunk: 1_000, makeState: { _ in () },
      transform: { index, _ -> Box? in index.isMultiple(of: 2) ? Box(index) : nil })
    #expect(elements.count == 2_500)
    var copied = 0
    for index in elements.indices where !isKnownUniquelyReferenced(&elements[index]) {
      copied += 1
    }
    #expect(copied == 0)
  }
}
