/// The stored states of a search, each once, as packed words (`Navigator.withStateWords`),
/// and the id of each: the states one after another in one array, and an open-addressing
/// table of ids that keeps 32 bits of each state's hash beside its id, so that a probe
/// compares hashes without reading the states, growing the table hashes nothing again, and
/// a state costs its words and three machine words, with nothing to retain.
///
/// States are compared word for word after equal hashes: no two distinct states share an
/// id, whatever their hashes.
package struct PackedStateIndex {
  /// Every state's words, by id, one after another.
  private var words: [UInt32] = []
  /// Where each state's words start in `words`, and, last, where the next one will.
  private var starts: [Int] = [0]
  /// A slot holds an id in its high 32 bits and its state's hash's low 32 bits in its low
  /// ones; `emptySlot` is empty. Its count is a power of two, at least twice the number of
  /// states.
  private var slots: [UInt64]
  private static let emptySlot = UInt64.max

  package init() {
    slots = Array(repeating: Self.emptySlot, count: 1024)
  }

  /// How many states are stored.
  package var count: Int { starts.count - 1 }
  /// The words every state stored takes, together.
  package var wordCount: Int { words.count }

  /// The hash of a state's words: two lanes of a folded multiply, each taking four words a
  /// round (a pair of words exclusive-ored with the lane, multiplied by the next pair
  /// exclusive-ored with a key, into 128 bits whose halves are exclusive-ored), then four
  /// words more in one lane, then the rest one at a time through a multiply-and-shift mix;
  /// the lanes joined and finished. The lanes do not wait for each other, so the processor
  /// runs them side by side, and one multiplication mixes four words. A pair equal to its
  /// lane (or to its key) makes a product of 0, which forgets the words before: a hash, not
  /// an identity, so the index compares states word for word, and a collision costs time,
  /// never a wrong answer.
  package static func hash(_ state: UnsafeBufferPointer<UInt32>) -> UInt64 {
    let count = state.count
    var first: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    var second: UInt64 = 0xD6E8_FEB8_6659_FD93
    guard let base = state.baseAddress else { return finish(first, second) }
    let raw = UnsafeRawPointer(base)
    @inline(__always) func load(_ word: Int) -> UInt64 {
      raw.loadUnaligned(fromByteOffset: word &* 4, as: UInt64.self)
    }
    var index = 0
    while index &+ 8 <= count {
      first = fold(load(index) ^ first, load(index &+ 2) ^ 0xE703_7ED1_A0B4_28DB)
      second = fold(load(index &+ 4) ^ second, load(index &+ 6) ^ 0x8EBC_6AF0_9C88_C6E3)
      index &+= 8
    }
    if index &+ 4 <= count {
      first = fold(load(index) ^ first, load(index &+ 2) ^ 0x5899_65CC_7537_4CC3)
      index &+= 4
    }
    while index < count {
      first = mix(first, UInt64(base[index]))
      index &+= 1
    }
    return finish(first, second)
  }

  /// The two halves of `left × right`, exclusive-ored: every bit of either reaches the
  /// middle bits of the result.
  @inline(__always)
  private static func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
    let product = left.multipliedFullWidth(by: right)
    return product.high ^ product.low
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ words: UInt64) -> UInt64 {
    let mixed = (hash ^ words) &* 0xFF51_AFD7_ED55_8CCD
    return mixed ^ (mixed >> 29)
  }

  @inline(__always)
  private static func finish(_ first: UInt64, _ second: UInt64) -> UInt64 {
    var hash = mix(first, second &* 0x94D0_49BB_1331_11EB)
    hash = (hash ^ (hash >> 32)) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 29)
  }

  /// The id of `state`, if it is stored; `hash` is `hash(state)`.
  package func id(of state: UnsafeBufferPointer<UInt32>, hash: UInt64) -> Int32? {
    let mask = slots.count - 1
    let low = hash & 0xFFFF_FFFF
    var slot = Int(truncatingIfNeeded: low) & mask
    return slots.withUnsafeBufferPointer { slots in
      words.withUnsafeBufferPointer { words in
        while true {
          let entry = slots[slot]
          if entry == Self.emptySlot { return nil }
          if entry & 0xFFFF_FFFF == low {
            let id = Int(entry >> 32)
            let start = starts[id]
            let count = starts[id + 1] - start
            if count == state.count,
              memoryEqual(words.baseAddress! + start, state.baseAddress!, count: count)
            {
              return Int32(id)
            }
          }
          slot = (slot + 1) & mask
        }
      }
    }
  }

  /// Stores `state`, which is not stored yet, and returns its id; `hash` is `hash(state)`.
  package mutating func insert(_ state: UnsafeBufferPointer<UInt32>, hash: UInt64) -> Int32 {
    if (count + 1) * 2 > slots.count { grow() }
    let id = Int32(count)
    words.append(contentsOf: state)
    starts.append(words.count)
    place(UInt64(UInt32(id)) << 32 | hash & 0xFFFF_FFFF)
    return id
  }

  /// Calls `body` with state `id`'s words, which live as long as the call.
  package func withState<Result>(
    _ id: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    words.withUnsafeBufferPointer { words in
      body(UnsafeBufferPointer(rebasing: words[starts[id]..<starts[id + 1]]))
    }
  }

  /// The bytes the stored states take, their words and the table's slots.
  package var byteCount: Int {
    words.capacity * 4 + starts.capacity * 8 + slots.count * 8
  }

  private mutating func place(_ entry: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) & mask
    while slots[slot] != Self.emptySlot { slot = (slot + 1) & mask }
    slots[slot] = entry
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Self.emptySlot, count: old.count * 2)
    for entry in old where entry != Self.emptySlot { place(entry) }
  }
}

/// Whether `count` words at `first` and `second` are the same: four at a time, as two
/// 64-bit loads each, then one at a time.
private func memoryEqual(
  _ first: UnsafePointer<UInt32>, _ second: UnsafePointer<UInt32>, count: Int
) -> Bool {
  let left = UnsafeRawPointer(first)
  let right = UnsafeRawPointer(second)
  var index = 0
  while index &+ 4 <= count {
    let offset = index &* 4
    let low =
      left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      ^ right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    let high =
      left.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
      ^ right.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
    if low | high != 0 { return false }
    index &+= 4
  }
  while index < count {
    if first[index] != second[index] { return false }
    index &+= 1
  }
  return true
}
