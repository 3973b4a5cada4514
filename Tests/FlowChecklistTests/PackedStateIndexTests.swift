import Testing

@testable import FlowChecklist

/// The index a search keeps its states in: each state once, found again by its words
/// exactly, whatever the hash says, at every length the hash and the comparison read in
/// chunks of eight and four words and then one at a time.
@Suite("Packed state index: states stored once and found by their words")
struct PackedStateIndexTests {
  /// States of every length from 0 to 21 words, and, of each length, one per word position
  /// with that word changed: the chunked loops and their tails all read the word changed.
  private static let states: [[UInt32]] = {
    var states: [[UInt32]] = []
    for length in 0...21 {
      let base = (0..<length).map { UInt32($0 &* 7 &+ 1) }
      states.append(base)
      for position in 0..<length {
        var changed = base
        changed[position] ^= 0x8000_0000
        states.append(changed)
      }
    }
    return states
  }()

  private static func hash(_ state: [UInt32]) -> UInt64 {
    state.withUnsafeBufferPointer { PackedStateIndex.hash($0) }
  }

  @Test("a word changed anywhere changes the hash")
  func everyWordIsHashed() {
    let hashes = Self.states.map(Self.hash)
    #expect(Set(hashes).count == Self.states.count)
  }

  @Test("each state is stored once, and found again by its id with the same words")
  func storedAndFound() {
    var index = PackedStateIndex()
    for state in Self.states {
      let id = state.withUnsafeBufferPointer { words in
        let hash = PackedStateIndex.hash(words)
        #expect(index.id(of: words, hash: hash) == nil)
        return index.insert(words, hash: hash)
      }
      #expect(index.withState(Int(id)) { Array($0) } == state)
    }
    #expect(index.count == Self.states.count)
    for (expected, state) in Self.states.enumerated() {
      let found = state.withUnsafeBufferPointer {
        index.id(of: $0, hash: PackedStateIndex.hash($0))
      }
      #expect(found == Int32(expected))
    }
  }

  @Test("states that share a hash are still told apart by their words")
  func equalHashesAreComparedWordForWord() {
    var index = PackedStateIndex()
    // Every state given the same hash: each lookup walks the slots of all before it.
    let sameHash: UInt64 = 0x1234_5678_9ABC_DEF0
    for (expected, state) in Self.states.enumerated() {
      state.withUnsafeBufferPointer { words in
        #expect(index.id(of: words, hash: sameHash) == nil)
        #expect(index.insert(words, hash: sameHash) == Int32(expected))
      }
    }
    for (expected, state) in Self.states.enumerated() {
      #expect(state.withUnsafeBufferPointer { index.id(of: $0, hash: sameHash) } == Int32(expected))
    }
  }

  @Test("the table grows past its first size and keeps every state")
  func growsKeepingEveryState() {
    var index = PackedStateIndex()
    let count = 5_000
    for number in 0..<count {
      let state: [UInt32] = [UInt32(number), UInt32(number % 3), 42]
      _ = state.withUnsafeBufferPointer { index.insert($0, hash: PackedStateIndex.hash($0)) }
    }
    #expect(index.count == count)
    #expect(index.wordCount == count * 3)
    for number in stride(from: 0, to: count, by: 97) {
      let state: [UInt32] = [UInt32(number), UInt32(number % 3), 42]
      let found = state.withUnsafeBufferPointer {
        index.id(of: $0, hash: PackedStateIndex.hash($0))
      }
      #expect(found == Int32(number))
    }
    let absent: [UInt32] = [UInt32(count), 0, 42]
    #expect(
      absent.withUnsafeBufferPointer { index.id(of: $0, hash: PackedStateIndex.hash($0)) } == nil)
  }
}
