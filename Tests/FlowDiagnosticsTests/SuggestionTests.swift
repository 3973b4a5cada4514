import FlowSpec
import Testing

@testable import FlowDiagnostics

private func randomName(_ random: inout SplitMix64, length: ClosedRange<Int>) -> String {
  let letters = Array("abcdeEFG12_")
  return String(
    (0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! }
  )
}

/// One random edit: insert, delete, substitute or swap neighbours.
private func edited(_ name: String, _ random: inout SplitMix64) -> String {
  var characters = Array(name)
  let letters = Array("abcxyz9")
  let position = Int.random(in: 0...max(0, characters.count - 1), using: &random)
  switch Int.random(in: 0..<4, using: &random) {
  case 0: characters.insert(letters.randomElement(using: &random)!, at: position)
  case 1 where !characters.isEmpty: characters.remove(at: position)
  case 2 where !characters.isEmpty: characters[position] = letters.randomElement(using: &random)!
  default:
    if position + 1 < characters.count { characters.swapAt(position, position + 1) }
  }
  return String(characters)
}

@Suite("Did you mean: bounded, and indexed for large sets")
struct SuggestionTests {
  @Test("a comparison cut off at a bound agrees with the full edit distance")
  func boundedDistanceAgrees() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let a = randomName(&random, length: 0...8)
      let b =
        Bool.random(using: &random)
        ? edited(edited(a, &random), &random) : randomName(&random, length: 0...8)
      let full = Suggestion.editDistance(a, b)
      for bound in 0...4 {
        let bounded = Suggestion.boundedDistance(
          Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: bound)
        #expect(bounded == (full <= bound ? full : nil), "\(a) → \(b), bound \(bound)")
      }
    }
  }

  @Test("small sets keep suggesting up to three edits away")
  func smallSets() {
    #expect(Suggestion.closest(to: "titel", among: ["title", "left", "right"]) == "title")
    #expect(Suggestion.closest(to: "Onbaording", among: ["Login", "Onboarding"]) == "Onboarding")
    #expect(Suggestion.closest(to: "navigationBar", among: ["navBar", "tint"]) == nil)
    #expect(Suggestion.closest(to: "LOGIN", among: ["Logout", "login"]) == "login")
    #expect(Suggestion.closest(to: "settigns", among: ["settings", "setting"]) == "settings")
    #expect(SuggestionIndex(["title", "left"]).closest(to: "titel") == "title")
  }

  @Test("an index over thousands of names suggests what a scan finds one edit away")
  func indexMatchesScan() {
    var random = SplitMix64(seed: 11)
    var names: [String] = []
    var seen: Set<String> = []
    while names.count < 2_000 {
      let name = randomName(&random, length: 3...10)
      if seen.insert(name).inserted { names.append(name) }
    }
    let index = SuggestionIndex(names)
    for trial in 0..<1_000 {
      let query =
        trial.isMultiple(of: 3)
        ? randomName(&random, length: 2...10)
        : edited(names.randomElement(using: &random)!, &random)
      let scanned = Suggestion.closest(to: query, among: names)
      let indexed = index.closest(to: query)
      if let scanned, Suggestion.editDistance(query.lowercased(), scanned.lowercased()) <= 1 {
        #expect(indexed == scanned, "\(query)")
      } else {
        #expect(indexed == nil, "\(query): only farther names, which a large set does not suggest")
      }
    }
  }
}

@Suite("Quoted source lines: escaped and clipped")
struct QuotedSourceLineTests {
  private func range(_ start: Int, _ end: Int) -> SourceRange {
    SourceRange(
      start: SourcePosition(line: 1, column: start), end: SourcePosition(line: 1, column: end))
  }

  @Test("control characters are escaped and the caret counts their escapes")
  func escapes() {
    let quoted = QuotedSourceLine("a: \"\u{1B}[2J\" x", range: range(11, 12))
    #expect(quoted.text == "a: \"\\u{1B}[2J\" x")
    #expect(quoted.caret == String(repeating: " ", count: 15) + "^")
  }

  @Test("a long line is cut around the place, the caret still under it")
  func clipping() {
    let line =
      String(repeating: "a", count: 10_000) + "WRONG" + String(repeating: "b", count: 10_000)
    let quoted = QuotedSourceLine(line, range: range(10_001, 10_006))
    #expect(quoted.text.count <= QuotedSourceLine.maximumWidth + 2)
    #expect(quoted.text.hasPrefix("…") && quoted.text.hasSuffix("…"))
    let caret = quoted.caret.firstIndex(of: "^")!
    let offset = quoted.caret.distance(from: quoted.caret.startIndex, to: caret)
    let under = quoted.text.index(quoted.text.startIndex, offsetBy: offset)
    #expect(quoted.text[under...].hasPrefix("WRONG"))
    #expect(quoted.caret.hasSuffix("^~~~~"))
  }

  @Test("wide characters take two columns of caret")
  func wide() {
    let quoted = QuotedSourceLine("名前: 画面X", range: range(5, 8))
    #expect(quoted.caret == "      ^~~~~")
  }
}

@Suite("JSON numbers")
struct JSONNumberTests {
  @Test("a number in tenths is written with at most one decimal, as a JSON number")
  func tenths() {
    let cases: [(Int, String)] = [
      (308, "30.8"), (1000, "100"), (0, "0"), (1, "0.1"), (-25, "-2.5"),
    ]
    for (tenths, text) in cases {
      #expect(JSONValue.tenths(tenths).serialized() == text)
    }
    #expect(JSONValue.object([("p", .tenths(917))]).serialized() == "{\"p\":91.7}")
  }
}
