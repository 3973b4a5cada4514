import FlowSpec
import FlowTestSupport
import Testing

/// Text written into YAML for a user to paste (a counterexample's item, a rewritten
/// checklist) reads back as itself, whatever characters it holds.
@Suite("Values are written as YAML that reads back as themselves")
struct ValueQuotingTests {
  @Test(
    "bidirectional and format controls are escaped in YAML's syntax, so the terminal's escaper leaves nothing to rewrite"
  )
  func bidirectionalControls() throws {
    let names = [
      "\u{202E}RTL", "left\u{200E}mark", "\u{2066}isolate\u{2069}", "arabic\u{061C}mark",
      "bell\u{7}", "tab\there", "line\u{2028}break", "plain name",
    ]
    for name in names {
      let written = Value.yamlText(name)
      #expect(TerminalText.line(written) == written, "\(written) is rewritten on a terminal")
      let document = TestFlows.document(
        "flow: F\nstart: { setRoot: Home }\nscreens: { Home: { navBar: { title: \(written) } } }\n")
      #expect(document.diagnostics.isEmpty, "\(written): \(document.diagnostics)")
      #expect(document.flow?.screens.first?.navigationBar.title?.value == name, "\(written)")
    }
    #expect(Value.doubleQuoted("\u{202E}x") == #""\u202Ex""#)
  }
}
