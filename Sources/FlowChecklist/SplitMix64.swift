/// A small, fast, seeded generator (SplitMix64): the same seed walks the same way, so an
/// exploration, or a randomised test, can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator that produces the sequence of `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence, all 64 bits of it.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
