import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// One fixture under Tests/Fixtures/verify with one planted violation, and what `flowc
/// verify` must find: the property, where it is reported, and the shortest path to it.
struct PlantedViolation: Sendable, CustomTestStringConvertible {
  var fixture: String
  var id: String
  var property: String
  var line: Int
  var path: [String]?
  /// A few words the failure's message must hold.
  var reason: String

  var testDescription: String { fixture }
}

/// Loads a fixture of the verify folder, with its child flows.
func verifyFixture(_ name: String) throws -> (text: String, tree: FlowTree) {
  let path = TestFlows.fixture("verify/" + name)
  let document = try FlowDocument.load(path: path)
  let tree = try #require(document.validTree, "\(document.diagnostics)")
  return (String(decoding: document.text.bytes, as: UTF8.self), tree)
}

@Suite("flowc verify finds each planted violation, with its shortest counterexample")
struct PlantedViolationTests {
  static let planted: [PlantedViolation] = [
    PlantedViolation(
      fixture: "trap.yaml", id: "verify.no-trap", property: "no-trap", line: 2, path: ["buy"],
      reason:
        "nothing the user can do changes anything after [buy]: stack [Home, Receipt]; if the flow is meant to end on 'Receipt', declare it: 'verify: { final: [Receipt] }'"
    ),
    PlantedViolation(
      fixture: "logout.yaml", id: "verify.property",
      property: "logged out, no account screen is kept", line: 8,
      path: ["login", "showAccount", "logout"], reason: "'never' condition holds"),
    PlantedViolation(
      fixture: "link-sheet.yaml", id: "verify.property", property: "a link leaves nothing on top",
      line: 7, path: ["compose", "{ open: \"app://item/1\" }"],
      reason: "presented [sheet Compose]"),
    PlantedViolation(
      fixture: "retry.yaml", id: "verify.no-repeated-request", property: "no-repeated-request",
      line: 2, path: ["refresh"], reason: "'load' is started again while it is pending"),
    PlantedViolation(
      fixture: "double-push.yaml", id: "verify.no-double-push", property: "no-double-push",
      line: 2, path: ["showDetail"], reason: "pushes 'Detail' on top of itself"),
    PlantedViolation(
      fixture: "guarded.yaml", id: "verify.all-reachable", property: "all-reachable", line: 13,
      path: nil, reason: "screen 'Secret' is never reached"),
    PlantedViolation(
      fixture: "dead-end.yaml", id: "verify.property", property: "the user can always get home",
      line: 5, path: ["next", "finish"], reason: "'reachable' condition holds in no state"),
    PlantedViolation(
      fixture: "second-request.yaml", id: "verify.property", property: "b always saves",
      line: 10, path: ["{ fail: save, index: 1 }"], reason: "state failed: \"b\""),
    PlantedViolation(
      fixture: "sheet-stack.yaml", id: "verify.property", property: "no detail in the sheet",
      line: 5, path: ["compose", "more"], reason: "presented [sheet Compose › Detail]"),
  ]

  @Test("the violation, its place and its shortest path", arguments: planted)
  func finds(_ planted: PlantedViolation) throws {
    let (_, tree) = try verifyFixture(planted.fixture)
    let report = PropertyVerifier(tree: tree).verify()
    #expect(report.startFailure == nil)
    #expect(report.failures.count == 1, "\(report.failures.map(\.message))")
    let failure = try #require(report.failures.first)
    #expect(failure.id == planted.id)
    #expect(failure.property == planted.property)
    #expect(failure.range.start.line == planted.line)
    #expect(failure.path?.map { $0.syntax(braced: true) } == planted.path)
    #expect(failure.message.contains(planted.reason), "\(failure.message)")
  }

  @Test(
    "the counterexample, pasted into the flow's checklist, fails for that reason",
    arguments: planted.filter { $0.path != nil })
  func pastedItemFails(_ planted: PlantedViolation) throws {
    let (text, tree) = try verifyFixture(planted.fixture)
    let failure = try #require(PropertyVerifier(tree: tree).verify().failures.first)
    let item = try #require(failure.item)
    let pasted =
      text + "spec: |\n" + item.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
      + "\n"
    let flow = try TestFlows.flow(pasted)
    let results = ChecklistRunner(flow: flow).runAll()
    #expect(results.count == 1)
    guard case .failed(let failures)? = results.first?.outcome else {
      Issue.record("the pasted item did not fail: \(String(describing: results.first?.outcome))")
      return
    }
    #expect(failures.map(\.id) == ["expect.holds"], "\(failures.map(\.message))")
    #expect(failures.first?.message.contains("property '\(planted.property)' fails") == true)
  }

  @Test(
    "once the flow says the screen is final or repeatable, or switches the property off, it holds")
  func exemptions() throws {
    let fixes: [(String, String)] = [
      ("trap.yaml", "verify: { final: [Receipt] }\n"),
      ("double-push.yaml", "verify: { repeatable: [Detail] }\n"),
      ("retry.yaml", "verify: { off: [no-repeated-request] }\n"),
    ]
    for (fixture, fix) in fixes {
      let (text, _) = try verifyFixture(fixture)
      let flow = try TestFlows.flow(text + fix)
      let report = PropertyVerifier(tree: FlowTree(flow)).verify()
      #expect(report.failures.isEmpty, "\(fixture): \(report.failures.map(\.message))")
    }
  }

  @Test("a fixed flow passes: the logout that sets the root keeps no account screen")
  func fixedFlowHolds() throws {
    let (text, _) = try verifyFixture("logout.yaml")
    let fixed = text.replacingOccurrences(of: "{ push: Login }", with: "{ setRoot: Login }")
    let report = PropertyVerifier(tree: FlowTree(try TestFlows.flow(fixed))).verify()
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
    #expect(report.states == 3)  // Login; Home; Home and Account
    #expect(report.boundsHit.isEmpty)
  }

  @Test("a property that holds, pasted as an item, passes")
  func holdingItemPasses() throws {
    let flow = try TestFlows.flow(
      """
      flow: F
      start: { setRoot: Home }
      properties:
        back is home:
          after: { tap: back }
          then: { stack: [Home] }
      screens:
        Home: { on: { next: { push: Next } } }
        Next: { navBar: { backButton: visible } }
      spec: |
        [ ] back is home
            when [next, { tap: back }]
            expect { holds: back is home }
        [ ] no trap after next
            when next
            expect { holds: no-trap }
      """)
    let results = ChecklistRunner(flow: flow).runAll()
    #expect(results.map(\.outcome) == [.passed, .passed])
    #expect(PropertyVerifier(tree: FlowTree(flow)).verify().failures.isEmpty)
  }

  @Test("the bounds: a search cut short says which bound it hit, and a bounded proof is no proof")
  func bounds() throws {
    let (_, tree) = try verifyFixture("double-push.yaml")
    var verifier = PropertyVerifier(tree: tree)
    verifier.override(depth: 1)
    let report = verifier.verify()
    #expect(report.boundsHit == ["depth"])
    #expect(report.depth == 1)
    var fewer = PropertyVerifier(tree: tree)
    fewer.override(states: 2)
    let cut = fewer.verify()
    #expect(cut.states == 2)
    #expect(cut.boundsHit == ["states"])
  }

  @Test("a state space larger than the checklist's: fresh values reach an event no item sends")
  func freshValues() throws {
    let flow = try TestFlows.flow(
      """
      flow: F
      start: { setRoot: Home }
      screens:
        Home: { on: { show: { push: Detail, with: { id: $id } } } }
        Detail: { params: { id: Int }, navBar: { backButton: visible } }
      """)
    let report = PropertyVerifier(tree: FlowTree(flow)).verify()
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
    #expect(report.states == 2)
  }
}
