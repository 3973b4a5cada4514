import FlowModel
import Testing

@testable import FlowChecker

@Suite("Shadowed links are found by shape, as a scan of every earlier link finds them")
struct LinkShapeIndexTests {
  @Test("on 3,000 random patterns the index names the same earlier link as the scan")
  func agreesWithTheScan() throws {
    // A small deterministic generator, so every run sees the same patterns.
    var generator = SplitMix(state: 7)
    let segments = ["a", "b", "{x", "{y"]
    let queries = ["", "?q={q}", "?q=1", "?q=1&r={r}"]
    var patterns: [URLPattern] = []
    for _ in 0..<3000 {
      let count = Int(generator.next() % 4)
      // A variable is named by its place, so no name appears twice.
      let path = (0..<count).map { place in
        let segment = segments[Int(generator.next() % 4)]
        return segment.hasPrefix("{") ? segment + "\(place)}" : segment
      }
      let scheme = generator.next() % 5 == 0 ? "other" : "app"
      let text = "\(scheme)://h/" + path.joined(separator: "/") + queries[Int(generator.next() % 4)]
      patterns.append(try URLPattern.parse(text).get())
    }
    var index = LinkShapeIndex()
    var found = 0
    for (position, pattern) in patterns.enumerated() {
      let scanned = patterns[..<position].firstIndex { $0.covers(pattern) }
      #expect(index.firstCovering(pattern) == scanned, "\(pattern)")
      if scanned != nil { found += 1 }
      index.insert(pattern, at: position)
    }
    #expect(found > 1000, "the patterns overlap enough to test the index")
  }
}

private struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
