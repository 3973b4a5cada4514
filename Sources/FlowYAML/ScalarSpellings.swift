/// A fixed set of literal spellings that scalars are matched against by length and first
/// byte, so a lookup compares the few candidates that could match instead of walking the
/// whole list: for a vocabulary of a dozen words or more, read for every key of a large
/// document.
///
/// Positions are those of the literals as given; the first literal a scalar spells wins.
public struct ScalarSpellings: Sendable {
  /// The spellings, in the order positions refer to.
  public let literals: [StaticString]
  /// Where each slot's candidates start in `candidates`; one more entry than there are slots.
  @usableFromInline let slotStarts: [Int32]
  /// The candidates' positions, slot after slot, each slot's in the literals' order.
  @usableFromInline let candidates: [Int32]

  /// Slots literals are spread over by length and first byte.
  @usableFromInline static let slotCount = 64

  /// The slot of a spelling of `length` bytes whose first byte is `first`.
  @inlinable
  static func slot(length: Int, first: UInt8) -> Int {
    (length &* 31 &+ Int(first)) & (slotCount - 1)
  }

  /// A set of `literals`, each a non-empty ASCII or UTF-8 spelling.
  public init(_ literals: [StaticString]) {
    self.literals = literals
    var bySlot = [[Int32]](repeating: [], count: Self.slotCount)
    for (position, literal) in literals.enumerated() where literal.utf8CodeUnitCount > 0 {
      let slot = Self.slot(length: literal.utf8CodeUnitCount, first: literal.utf8Start.pointee)
      bySlot[slot].append(Int32(position))
    }
    var starts: [Int32] = [0]
    for slot in bySlot { starts.append(starts[starts.count - 1] + Int32(slot.count)) }
    self.slotStarts = starts
    self.candidates = bySlot.flatMap { $0 }
  }

  /// The position of the literal spelled exactly like `bytes`, if any.
  @inlinable
  public func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = bytes.first else { return nil }
    let slot = Self.slot(length: bytes.count, first: first)
    for index in Int(slotStarts[slot])..<Int(slotStarts[slot + 1]) {
      let position = Int(candidates[index])
      let literal = literals[position]
      guard literal.utf8CodeUnitCount == bytes.count else { continue }
      if YAMLTree.bytes(bytes, at: 0, equal: YAMLTree.utf8(literal)) { return position }
    }
    return nil
  }
}
