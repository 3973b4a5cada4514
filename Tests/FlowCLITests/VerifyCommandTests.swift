import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@Suite("flowc verify")
struct VerifyCommandTests {
  @Test("a failing property: its place, the counterexample to paste, the figures, exit 1")
  func text() throws {
    let path = TestFlows.fixture("verify/logout.yaml")
    let result = flowc(["verify", path])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.output.contains(
        "\(path):8:3: error: property 'logged out, no account screen is kept' fails"))
    #expect(result.output.contains("shortest counterexample (3 events)"))
    #expect(result.output.contains("        when [login, showAccount, logout]\n"))
    #expect(
      result.output.contains("        expect { holds: \"logged out, no account screen is kept\" }"))
    #expect(
      result.output.contains("5 properties over 6 states and 9 transitions (depth 5): 1 failure"))
  }

  @Test("a flow whose properties hold exits 0, and says when its bounds were hit")
  func clean() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/ok.yaml"
    try """
    flow: Ok
    start: { setRoot: Home }
    properties:
      home is the root: { always: { root: Home } }
    screens:
      Home: { on: { next: { push: Home } } }
    verify: { repeatable: [Home] }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let result = flowc(["verify", path, "--stack", "3"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains(": all hold"))
    #expect(result.output.contains("note: the search hit its bounds (values)"))
  }

  @Test("JSON: each flow's figures and failures, with the path and the item")
  func json() throws {
    let result = flowc(["verify", TestFlows.fixture("verify/trap.yaml"), "--format", "json"])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let flows = try #require(object["flows"] as? [[String: Any]])
    #expect(flows.first?["states"] as? Int == 2)
    let failure = try #require((flows.first?["failures"] as? [[String: Any]])?.first)
    #expect(failure["id"] as? String == "verify.no-trap")
    #expect(failure["path"] as? [String] == ["buy"])
    #expect((failure["item"] as? String)?.contains("expect { holds: \"no-trap\" }") == true)
  }

  @Test("SARIF: a result per failure, its rule the id")
  func sarif() throws {
    let result = flowc(["verify", TestFlows.fixture("verify/retry.yaml"), "--format", "sarif"])
    #expect(result.status == 1)
    #expect(
      result.output.contains("\"ruleId\" : \"verify.no-repeated-request\"")
        || result.output.contains("\"ruleId\": \"verify.no-repeated-request\""))
  }

  @Test("a flow with errors is not verified: its errors and exit 1")
  func errors() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/bad.yaml"
    try "flow: Bad\nstart: { setRoot: Hom }\nscreens: { Home: {} }\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = flowc(["verify", path])
    #expect(result.status == 1)
    #expect(result.output.contains("check.unknown-screen") || result.output.contains("'Hom'"))
    #expect(result.errors.contains("flows with errors are not verified"))
  }

  @Test("bad options are usage errors")
  func usage() throws {
    #expect(flowc(["verify", TestFlows.fixture("verify/trap.yaml"), "--depth", "0"]).status == 2)
    #expect(flowc(["verify", "/no/such/file.yaml"]).status == 2)
  }
}
