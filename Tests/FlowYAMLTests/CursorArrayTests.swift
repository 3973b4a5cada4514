import Testing

@testable import FlowYAML

@Suite("The tree builder's cursor arrays")
struct CursorArrayTests {
  @Test("content written in pieces reads back whole, and the room is dropped when finished")
  func contentReadsBack() {
    var array = CursorArray<UInt8>(filler: 0xFF, reserving: 10)
    let text = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    text.withUnsafeBufferPointer { all in
      array.append(contentsOf: UnsafeBufferPointer(rebasing: all[0..<3]))
      array.append(contentsOf: UnsafeBufferPointer(rebasing: all[3..<3]))
      array.append(contentsOf: UnsafeBufferPointer(rebasing: all[3...]))
    }
    array.append(UInt8(ascii: "!"))
    array.removeLast(2)
    #expect(array.count == 25)
    #expect(array[24] == UInt8(ascii: "y"))
    #expect(array.finished() == Array("abcdefghijklmnopqrstuvwxy".utf8))
  }

  @Test("content that fits the capacity reserved never grows the array, whatever its pieces")
  func staysWithinTheReserve() {
    for reserve in [1, 14, 256, 5_000, 1 << 20] {
      var array = CursorArray<Int32>(filler: 0, reserving: reserve)
      let capacity = array.capacity
      let piece = [Int32](repeating: 7, count: max(1, capacity / 3))
      // A few small appends, then pieces up to the last element of the reserve.
      array.append(1)
      piece.withUnsafeBufferPointer { piece in
        while array.count + piece.count <= capacity { array.append(contentsOf: piece) }
      }
      while array.count < capacity { array.append(2) }
      #expect(array.capacity == capacity, "reserving \(reserve)")
      #expect(array.finished().count == capacity, "reserving \(reserve)")
    }
  }

  @Test("content beyond the reserve grows the array and keeps every element")
  func growsBeyondTheReserve() {
    var array = CursorArray<UInt8>(filler: 0, reserving: 4)
    let big = [UInt8](repeating: 3, count: 10_000)
    big.withUnsafeBufferPointer { array.append(contentsOf: $0) }
    array.append(4)
    let content = array.finished()
    #expect(content.count == 10_001)
    #expect(content.dropLast().allSatisfy { $0 == 3 } && content.last == 4)
  }
}
