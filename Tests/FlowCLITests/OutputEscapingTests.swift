import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// A flow whose every text a command prints holds terminal escapes, carriage returns, line
/// breaks and markup, written as YAML escapes (libyaml refuses them raw).
private let hostileFlow = #"""
  flow: "Evil\e]0;pwned\a"
  start: { setRoot: Home }
  screens:
    "Ho\e[2Jme":
      navBar:
        title: "T\e[31mitle\rFORGED: not from flowc\nLINE: injected\u2028<script>alert(1)</script>"
      on:
        "go\e[1m": { present: "Sure\n<b>" }
    Home:
      navBar: { title: "<script>x</script> \" & ` # \u0000 \u202e" }
      on: { open: { push: "Ho\e[2Jme" } }
  alerts:
    "Sure\n<b>": { title: "A\e[2K\rB", actions: [{ title: "OK\nFAKE", style: cancel }] }
  spec:
    "SECTION \e[2J\rFORGED":
      "[x] item \e[31mred\e[0m\rFORGED\nFORGED-ITEM":
        when: open
        expect: { top: "Ho\e[2Jme" }
  """#

/// Whether any scalar of the text would drive a terminal: a control character other than
/// the line feed, or a bidirectional control.
private func hasRawControls(_ text: String) -> Bool {
  text.unicodeScalars.contains {
    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
      || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      || $0 == "\u{2028}" || $0 == "\u{2029}"
  }
}

/// Lines of output that start with text a flow wrote, as a forged line would.
private func forgedLines(_ text: String) -> [Substring] {
  text.split(separator: "\n").filter {
    $0.hasPrefix("FORGED") || $0.hasPrefix("LINE:") || $0.hasPrefix("FAKE")
      || $0.hasPrefix("<b>") || $0.hasPrefix("real.yaml")
  }
}

@Suite("Every command escapes what it prints from input, for the reader it prints to")
struct OutputEscapingTests {
  @Test(
    "run, spec, spec --results, coverage and suggest print no raw control character and no forged line",
    arguments: [
      ["run", "FLOW", "--events", "open"], ["spec", "FLOW"], ["spec", "FLOW", "--results"],
      ["coverage", "FLOW"], ["suggest", "FLOW"], ["check", "FLOW"], ["spec", "FLOW", "--update"],
      ["spec", "FLOW", "--check"], ["gen", "FLOW", "--output", "OUT"],
      ["graph", "FLOW", "--format", "dot"], ["graph", "FLOW", "--format", "mermaid"],
    ])
  func commands(arguments: [String]) throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("evil.yaml", hostileFlow)
    let check = flowc(["check", path])
    #expect(
      !check.output.contains("error:"), "the flow must be valid to reach every printer: \(check)")
    let result = flowc(
      arguments.map { $0 == "FLOW" ? path : $0 == "OUT" ? folder.path + "/out" : $0 })
    #expect(!hasRawControls(result.output), "\(result)")
    #expect(!hasRawControls(result.errors), "\(result)")
    #expect(forgedLines(result.output + result.errors) == [], "\(result)")
  }

  @Test("a file name with a line break prints as one line: it cannot forge a diagnostic")
  func fileNameWithLineBreak() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bad\nreal.yaml:1:1: error: forged\u{1B}[31m.yaml", "flow: F\nstart: { setRoot: Nope }\n")
    for arguments in [["check", path], ["check", folder.path], ["spec", path], ["run", path]] {
      let result = flowc(arguments)
      #expect(result.status != 0)
      #expect(forgedLines(result.output + result.errors) == [], "\(result)")
      #expect(!hasRawControls(result.output + result.errors), "\(result)")
    }
  }

  @Test("a usage error asked for as JSON or SARIF is printed on standard output in that format too")
  func usageErrorsAsJSON() throws {
    let json = flowc(["check", "/no/such/flows", "--format", "json"])
    #expect(json.status == 2)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["kind"] as? String == "usage")
    #expect((error["message"] as? String)?.contains("/no/such/flows") == true)
    #expect(json.errors.hasPrefix("Error: "), "people still read it on standard error")

    let sarif = flowc(["check", "--format=sarif", "--no-such-option"])
    #expect(sarif.status == 2)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    #expect((run["results"] as? [Any])?.isEmpty == true)

    let text = flowc(["check", "/no/such/flows"])
    #expect(text.status == 2 && text.output.isEmpty, "text output stays as it was")
  }

  @Test("Mermaid labels hold no markup, no line break and no quote of their own")
  func mermaidLabels() throws {
    let folder = try TemporaryFolder()
    let result = flowc(["graph", try folder.write("evil.yaml", hostileFlow), "--format", "mermaid"])
    #expect(result.status == 0, "\(result)")
    #expect(!result.output.contains("<script"), "\(result.output)")
    #expect(!result.output.contains("<b>"))
    // Every line is a statement flowc writes: a header, a node, an edge, a subgraph's end.
    for line in result.output.split(separator: "\n").dropFirst() {
      let statement = line.drop { $0 == " " }
      #expect(
        statement.hasPrefix("n") || statement.hasPrefix("subgraph c") || statement == "end",
        "\(line)")
      // Quotes come in pairs around labels only: none from the flow is left raw.
      #expect(statement.filter { $0 == "\"" }.count % 2 == 0, "\(line)")
    }
  }

  @Test("DOT labels hold no NUL or raw line break")
  func dotLabels() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("evil.yaml", hostileFlow)
    let dot = flowc(["graph", path, "--format", "dot"])
    #expect(dot.status == 0, "\(dot)")
    #expect(!dot.output.unicodeScalars.contains { $0.value == 0 || $0 == "\r" })
  }

  @Test("dot draws labels escaped from a hostile flow", ExternalProgram.graphviz.needed)
  func dotDrawsLabels() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("evil.yaml", hostileFlow)
    let svg = flowc(["graph", path, "--output", folder.path + "/evil.svg"])
    #expect(svg.status == 0, "dot refused the escaped labels: \(svg)")
  }
}
