import FlowSpec
import FlowTestSupport
import Testing

/// What the generated `@Test` of each property reads: its failures located at the property,
/// with the item to paste, and nothing for the properties that hold.
@Suite("Generated property tests: each fails only for its own property, at its line")
struct PropertyProofTests {
  private func verifier(_ fixture: String) throws -> ChecklistVerifier {
    let (text, _) = try verifyFixture(fixture)
    return ChecklistVerifier(filePath: "/flows/" + fixture, source: text)
  }

  @Test("a failing property: one failure at its line, with the counterexample to paste")
  func failing() throws {
    let proof = try verifier("logout.yaml").proveProperties()
    let failures = proof.failures(of: "logged out, no account screen is kept")
    #expect(failures.count == 1)
    let failure = try #require(failures.first)
    #expect(failure.filePath == "/flows/logout.yaml")
    #expect(failure.fileID == "Session/logout.yaml")
    #expect(failure.line == 8 && failure.column == 3)
    #expect(failure.message.contains("reproduce it with this checklist item:\n[ ] logged out"))
    #expect(failure.message.contains("when [login, showAccount, logout]"))
    for holding in ["all-reachable", "no-trap", "no-repeated-request", "no-double-push"] {
      #expect(proof.failures(of: holding).isEmpty, "\(holding)")
    }
  }

  @Test("a built-in property fails its own test, and not for a child flow's tests")
  func builtIns() throws {
    let trap = try verifier("trap.yaml")
    #expect(trap.proveProperties().failures(of: "no-trap").map(\.line) == [2])
    #expect(trap.proveProperties(builtIns: false).failures(of: "no-trap").isEmpty)
  }

  @Test("what the search cannot settle is a warning of its property, not a failure")
  func warnings() throws {
    let source = """
      flow: F
      start: { setRoot: Home }
      properties:
        closing goes home: { after: close, then: { stack: [Home] } }
      screens:
        Home: {}
        Hidden: { on: { close: pop } }
      verify: { off: [all-reachable] }
      """
    let proof = ChecklistVerifier(filePath: "/flows/f.yaml", source: source).proveProperties()
    #expect(proof.failures(of: "closing goes home").isEmpty)
    #expect(proof.warnings(of: "closing goes home").map(\.line) == [4])
  }

  @Test("a flow with errors fails every property's test with its errors")
  func flowErrors() {
    let source = """
      flow: F
      start: { setRoot: Hom }
      properties:
        home: { always: { top: Home } }
      screens:
        Home: {}
      """
    let proof = ChecklistVerifier(filePath: "/flows/f.yaml", source: source).proveProperties()
    #expect(proof.failures(of: "home").map(\.line) == [2])
    #expect(proof.failures(of: "no-trap").map(\.line) == [2])
  }
}
