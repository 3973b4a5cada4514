public import FlowRuntime

/// The stored states of a search, each once, and the id of each: an open-addressing table
/// of ids into the states, which keeps each state's hash beside it, so that growing the
/// table moves ids without hashing any state again, and a state is stored once, not once in
/// an array and again as a dictionary's key.
///
/// States are compared by value (`==` after equal hashes): no two distinct states share an
/// id, whatever their hashes.
package struct SnapshotIndex {
  /// The states, by id.
  package private(set) var states: [NavigationSnapshot] = []
  /// Each state's hash, by id.
  private var hashes: [Int] = []
  /// Ids by slot; `-1` for an empty slot. Its count is a power of two, at least twice the
  /// number of states.
  private var slots: [Int32]

  package init() {
    slots = Array(repeating: -1, count: 1024)
  }

  /// How many states are stored.
  package var count: Int { states.count }

  /// The id of `state`, if it is stored; `hash` is its `hashValue`.
  package func id(of state: NavigationSnapshot, hash: Int) -> Int32? {
    let mask = slots.count - 1
    var slot = hash & mask
    while true {
      let id = slots[slot]
      if id < 0 { return nil }
      if hashes[Int(id)] == hash, states[Int(id)] == state { return id }
      slot = (slot + 1) & mask
    }
  }

  /// Stores `state`, which is not stored yet, and returns its id.
  package mutating func insert(_ state: NavigationSnapshot, hash: Int) -> Int32 {
    if (states.count + 1) * 2 > slots.count { grow() }
    let id = Int32(states.count)
    states.append(state)
    hashes.append(hash)
    place(id, hash: hash)
    return id
  }

  private mutating func place(_ id: Int32, hash: Int) {
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = id
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    for id in hashes.indices { place(Int32(id), hash: hashes[id]) }
  }
}
