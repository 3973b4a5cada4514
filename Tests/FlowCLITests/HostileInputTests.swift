import FlowTestSupport
import Foundation
import Testing

/// A flow whose root screen pushes `count` screens that do not exist, each on its own event:
/// `count` errors and nothing else.
private func brokenPushes(_ count: Int) -> String {
  var lines = ["flow: Broken", "start: { setRoot: Home }", "screens:", "  Home:", "    on:"]
  for index in 0..<count { lines.append("      go\(index): { push: Missing\(index) }") }
  return lines.joined(separator: "\n") + "\n"
}

private func lines(_ text: String, containing part: String) -> Int {
  text.split(separator: "\n").filter { $0.contains(part) }.count
}

@Suite("flowc on hostile input: floods, long lines, control characters, other encodings")
struct HostileInputTests {
  @Test(
    "text shows 100 diagnostics a file by default, counts the rest, and --max-diagnostics changes it"
  )
  func diagnosticLimit() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("broken.yaml", brokenPushes(150))
    let standard = flowc(["check", path])
    #expect(standard.status == 1)
    #expect(lines(standard.output, containing: ": error: ") == 100)
    #expect(
      standard.output.hasSuffix(
        "\(path): 50 more diagnostics not shown (--max-diagnostics 0 shows them all)\n150 errors in 1 file\n"
      ))
    #expect(
      lines(flowc(["check", path, "--max-diagnostics", "0"]).output, containing: ": error: ") == 150
    )
    #expect(
      lines(flowc(["check", path, "--max-diagnostics", "7"]).output, containing: ": error: ") == 7)
    let json = flowc(["check", path, "--format", "json"])
    #expect(lines(json.output, containing: #""severity":"error""#) == 150, "JSON keeps them all")
    let wrong = flowc(["check", path, "--max-diagnostics", "few"])
    #expect(wrong.status == 2)
    #expect(
      wrong.errors.contains("'--max-diagnostics' must be a whole number (0 or more), not 'few'"))
  }

  @Test("a long one-line flow quotes a window of its line, so output grows with the mistakes only")
  func longLine() throws {
    let folder = try TemporaryFolder()
    let screens = (0..<300).map {
      #""S\#($0)": {"on": {"go": {"push": "Missing\#($0)"}, "next": {"push": "S\#($0 + 1)"}}}"#
    }
    let path = try folder.write(
      "oneline.yaml",
      #"{"flow": "Long", "start": {"setRoot": "S0"}, "screens": {"#
        + screens.joined(separator: ", ")
        + #", "S300": {}}}"# + "\n")
    let result = flowc(["check", path, "--max-diagnostics", "0"])
    #expect(result.status == 1)
    #expect(lines(result.output, containing: ": error: ") == 300)
    let longest = result.output.split(separator: "\n").map(\.count).max() ?? 0
    #expect(longest < 200, "quoted lines are clipped")
    #expect(result.output.utf8.count < 150_000, "\(result.output.utf8.count) bytes")
    #expect(result.output.contains("…"))
  }

  @Test("control characters in values are printed escaped, never raw")
  func controlCharacters() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "control.yaml", "flow: C\nstart: { setRoot: \"\\e[2JA\\0\" }\nscreens: { A: {} }\n")
    let result = flowc(["check", path])
    #expect(result.status == 1)
    #expect(result.output.contains(#"'setRoot' names no screen '\u{1B}[2JA\u{0}'"#))
    #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test(
    "a UTF-16 or UTF-32 flow gets one located error, and no command treats it as empty",
    arguments: [
      (String.Encoding.utf16LittleEndian, true, "UTF-16 (little-endian)"),
      (.utf16BigEndian, false, "UTF-16 (big-endian)"),
      (.utf32LittleEndian, true, "UTF-32 (little-endian)"),
      (.utf32BigEndian, false, "UTF-32 (big-endian)"),
    ])
  func otherEncodings(encoding: String.Encoding, byteOrderMark: Bool, name: String) throws {
    let folder = try TemporaryFolder()
    let text = """
      flow: Encoded
      start: { setRoot: Home }
      screens: { Home: {} }
      spec: |
        [✅] Starts at home
            expect { top: Home }

      """
    var data = Data()
    if byteOrderMark { data.append(contentsOf: "\u{FEFF}".data(using: encoding)!) }
    data.append(text.data(using: encoding)!)
    let path = folder.path + "/encoded.yaml"
    try data.write(to: URL(fileURLWithPath: path))
    let check = flowc(["check", path])
    #expect(check.status == 1)
    #expect(
      check.output.hasPrefix(
        "\(path):1:1: error: the file is \(name) text; flow files must be UTF-8: convert it"))
    #expect(check.output.hasSuffix("1 error in 1 file\n"))
    #expect(flowc(["spec", path, "--check"]).status == 1)
    #expect(flowc(["spec", path, "--update"]).status == 1)
    #expect(flowc(["gen", path, "--output", folder.path + "/out"]).status == 1)
    #expect(flowc(["run", path]).status == 1)
    #expect(flowc(["graph", path]).status == 1)
  }
}

@Suite("A diagnostic quotes at most its line, clipped, and a clipped message")
struct ClippedDiagnosticTests {
  @Test("a 100 KB name in a mistake gives a message of at most 1,000 characters, in every format")
  func longNames() throws {
    let folder = try TemporaryFolder()
    let name = String(repeating: "Z", count: 100_000) + "END"
    let path = try folder.write(
      "long.yaml",
      "flow: F\nstart: { setRoot: A }\nscreens:\n  A:\n    on: { go: { push: \(name) } }\n")
    for format in ["text", "json", "sarif"] {
      let result = flowc(["check", path, "--format", format])
      #expect(result.status == 1)
      #expect(result.output.utf8.count < 5_000, "\(format): \(result.output.utf8.count) bytes")
      #expect(result.output.contains("check.unknown-screen") || format == "text")
    }
    let text = flowc(["check", path]).output
    #expect(text.contains("ZZZ … ZZZ"), "the message keeps its start and its end")
  }
}
