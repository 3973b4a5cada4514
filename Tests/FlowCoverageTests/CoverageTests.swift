import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// Loads a flow file (children read from beside it) and measures its checklist's coverage.
private func measured(_ path: String, source: String? = nil) throws -> (
  ChecklistRunner, ChecklistCoverage
) {
  let text = try source ?? String(contentsOfFile: path, encoding: .utf8)
  let document = FlowDocument(source: text, path: path)
  guard let tree = document.validTree else {
    throw LoadFailure(diagnostics: document.diagnostics.filter { $0.severity == .error })
  }
  let runner = ChecklistRunner(tree: tree)
  return (runner, runner.coverage())
}

private func measured(inline source: String) throws -> ChecklistCoverage {
  try measured("flow.yaml", source: source).1
}

@Suite("Coverage: what the checklist exercises")
struct CoverageTests {
  @Test(
    "a flow whose coverage is known by construction: every target counted, each uncovered one located"
  )
  func byConstruction() throws {
    let (_, coverage) = try measured(TestFlows.fixture("coverage.yaml"))
    #expect(coverage.count() == (4, 13))
    #expect(coverage.count(of: .screen) == (2, 4))
    #expect(coverage.count(of: .transition) == (2, 6))
    #expect(coverage.count(of: .alertAction) == (0, 2))
    #expect(coverage.count(of: .barButton) == (0, 1))
    #expect(coverage.kinds == [.screen, .transition, .alertAction, .barButton])
    #expect(
      coverage.uncovered.map { "\($0.range.start): \($0.label)" } == [
        "18:3: Settings", "22:3: Receipt", "13:7: Home: on openSettings",
        "16:17: Home: on buy, if isPremium", "21:7: Settings: on logout", "27:7: Upsell: on close",
        "32:18: alert ConfirmLogout: Cancel", "33:18: alert ConfirmLogout: Log out",
        "11:14: Home: right button (openSettings)",
      ])
    #expect(abs(coverage.percentage() - 400.0 / 13) < 0.001)
  }

  @Test("a report's one run gives the results and the coverage that two separate runs give")
  func oneRunForBoth() throws {
    let path = TestFlows.fixture("coverage.yaml")
    let document = try FlowDocument.load(path: path).runningChecklist(recordingCoverage: true)
    let (runner, coverage) = try measured(path)
    let recorded = try #require(document.checklistCoverage)
    #expect(recorded.coveringItems == coverage.coveringItems)
    #expect(recorded.count() == (4, 13))
    #expect(
      document.checklistResults.map { "\($0.entry.id) \($0.passed)" }
        == runner.runAll().map { "\($0.entry.id) \($0.passed)" })
    #expect(!document.checklistResults.isEmpty)
    #expect(try FlowDocument.load(path: path).runningChecklist().checklistCoverage == nil)
  }

  @Test("each arm of an if counts, and an if without else has an arm that does nothing")
  func guardArms() throws {
    let flow = """
      flow: Guards
      state: { ready: false }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            go:
              if: ready
              then: { push: Next }
        Next: {}
      spec: |
        [ ] Going when ready pushes Next
            given { ready: true }
            when go
            expect { top: Next }
      """
    let coverage = try measured(inline: flow)
    #expect(
      coverage.uncovered.map(\.label) == ["Home: on go, if not ready (no else: nothing happens)"])
    #expect(coverage.count(of: .transition) == (2, 3))
  }

  @Test("an unbound item reaches nothing; a failing step keeps what was reached before it")
  func unboundAndFailing() throws {
    let flow = """
      flow: Partial
      start: { setRoot: Home }
      screens:
        Home:
          on: { next: { push: Second } }
        Second:
          on: { next: { push: Third } }
        Third: {}
      spec: |
        [ ] Not bound yet
        [ ] Goes two screens, then sends an event nothing handles
            when [next, nope, next]
      """
    let coverage = try measured(inline: flow)
    #expect(
      coverage.uncovered.map(\.label) == ["Third", "Second: on next"])
    #expect(coverage.coveringItems.allSatisfy { !$0.contains(0) })
  }

  @Test("links, tabs and bar buttons of the last article's flow, as its checklist reaches them")
  func shop() throws {
    let (_, coverage) = try measured(TestFlows.fixture("shop.yaml"))
    #expect(coverage.count(of: .tab) == (3, 3))
    #expect(coverage.count(of: .link) == (2, 3))
    #expect(
      coverage.uncovered.map(\.label) == [
        "Home: right button (showCart)", "Profile: right button (showSettings)",
        "link monapp://profile/{userID}",
      ])
  }

  @Test("a child flow's targets are the parent's, located in the child's file")
  func childFlows() throws {
    let (_, coverage) = try measured(TestFlows.fixture("coordinator.yaml"))
    let files = Set(coverage.targets.compactMap(\.file).map { ($0 as NSString).lastPathComponent })
    #expect(files.contains("coordinator.yaml"))
    #expect(files.contains("view-b.yaml"))
    #expect(coverage.uncovered.isEmpty)
  }
}

@Suite("Coverage percentages as reports write them")
struct CoveragePercentTextTests {
  @Test(
    "rounded to the nearest tenth, never to 100 or 0 when not there",
    arguments: [
      (11, 12, "91.7"), (4, 13, "30.8"), (12, 12, "100"), (0, 12, "0"), (9996, 10000, "99.9"),
      (4, 10000, "0.1"), (1, 2, "50"), (2, 3, "66.7"),
    ] as [(Int, Int, String)])
  func percentText(covered: Int, total: Int, text: String) {
    #expect(ChecklistCoverage.percentText(Double(covered) * 100 / Double(total)) == text)
  }
}

@Suite("Suggested items")
struct SuggestTests {
  /// The flow text with the suggested items appended to its checklist (its last key).
  private func pasted(_ path: String) throws -> (text: String, suggestions: CoverageSuggestions) {
    let (runner, coverage) = try measured(path)
    let suggestions = runner.suggestions(for: coverage)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let block = suggestions.checklistText(existingSections: [])
      .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
        separator: "\n")
    return ((text.hasSuffix("\n") ? text : text + "\n") + block + "\n", suggestions)
  }

  @Test(
    "pasted into their flow, the suggestions pass and bring coverage to 100%",
    arguments: [
      "coverage.yaml", "shop.yaml", "restaurants.yaml", "navigation-service.yaml", "todo.yaml",
      "coordinator.yaml",
    ])
  func pastedSuggestionsPass(fixture: String) throws {
    let path = TestFlows.fixture(fixture)
    let (text, _) = try pasted(path)
    let (runner, coverage) = try measured(path, source: text)
    #expect(coverage.uncovered.map(\.label) == [])
    let failures = runner.runAll().filter { $0.entry.item.isBound && !$0.passed }
    #expect(failures.map { "\($0.entry.item.text.value): \($0.failures.map(\.message))" } == [])
  }

  /// The flow text with the suggested items written into its checklist, as `suggest
  /// --write` writes them.
  private func written(_ path: String, source: String? = nil) throws -> (
    text: String, suggestions: CoverageSuggestions
  ) {
    let text = try source ?? String(contentsOfFile: path, encoding: .utf8)
    let (runner, coverage) = try measured(path, source: text)
    let suggestions = runner.suggestions(for: coverage)
    let bytes = try SuggestionInsertion.inserting(
      suggestions, into: SourceText(text), checklist: runner.flow.checklist)
    return (String(decoding: bytes, as: UTF8.self), suggestions)
  }

  @Test(
    "written into their flow, each under its section, the suggestions pass, bring coverage to 100% and repeat no section",
    arguments: [
      "coverage.yaml", "shop.yaml", "restaurants.yaml",
    ])
  func writtenSuggestionsPass(fixture: String) throws {
    let path = TestFlows.fixture(fixture)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let (text, suggestions) = try written(path)
    #expect(!suggestions.items.isEmpty)
    let (runner, coverage) = try measured(path, source: text)
    #expect(coverage.uncovered.map(\.label) == [])
    let failures = runner.runAll().filter { $0.entry.item.isBound && !$0.passed }
    #expect(failures.map { "\($0.entry.item.text.value): \($0.failures.map(\.message))" } == [])
    let document = FlowDocument(source: text, path: path)
    #expect(!document.diagnostics.contains { $0.id == "checklist.duplicate-section" })
    #expect(
      document.diagnostics.count { $0.severity == .error }
        == FlowDocument(source: original, path: path).diagnostics.count { $0.severity == .error })
    // Only lines are added: the file's own lines are all there, in their order.
    let added = text.split(separator: "\n", omittingEmptySubsequences: false)
    var remaining = added[...]
    for line in original.split(separator: "\n", omittingEmptySubsequences: false) {
      let found = try #require(remaining.firstIndex(of: line), "\(line)")
      remaining = remaining[(found + 1)...]
    }
  }

  @Test(
    "written in: an item goes at the end of its section, an alert's action where that alert is, a new section after the last one"
  )
  func writtenPlaces() throws {
    let flow = """
      flow: Places
      start: { setRoot: Home }
      screens:
        Home:
          on: { open: { push: Detail }, ask: { present: Confirm } }
        Detail:
          on: { back: pop, leave: { present: Leave } }
      alerts:
        Confirm:
          title: Sure?
          actions:
            - { title: Yes, style: default }
            - { title: No, style: cancel }
        Leave:
          title: Leave?
          actions:
            - { title: Stay, style: cancel }
      spec: |
          ========= HOME
          [✅] Home is the root
              expect { stack: [Home] }
            [✅] Asking shows the alert
                when ask
                expect { presented: Confirm }
          ========= LATER
          [✅] Asking and saying yes
              when [ask, { alert: Yes }]
              expect { presented: none }
      verify: { stack: 3 }
      """
    let (text, _) = try written("flow.yaml", source: flow)
    let spec = text.split(separator: "\n", omittingEmptySubsequences: false).drop {
      !$0.hasPrefix("spec:")
    }.prefix {
      !$0.hasPrefix("verify:")
    }
    #expect(
      spec.map(String.init) == [
        "spec: |",
        "    ========= HOME",
        "    [✅] Home is the root",
        "        expect { stack: [Home] }",
        "      [✅] Asking shows the alert",
        "          when ask",
        "          expect { presented: Confirm }",
        "    ========= LATER",
        "    [✅] Asking and saying yes",
        "        when [ask, { alert: Yes }]",
        "        expect { presented: none }",
        "    [ ] alert Confirm: No",
        "        when [ask, { alert: \"No\" }]",
        "        expect { stack: [Home], presented: none, animated: true, navBar: { title: ~, backButton: hidden } }",
        "",
        "    ========= DETAIL",
        "    [ ] alert Leave: Stay",
        "        when [open, leave, { alert: Stay }]",
        "        expect { stack: [Home, Detail], presented: none, animated: true, navBar: { title: ~, backButton: visible } }",
        "    [ ] Detail: on back",
        "        when [open, back]",
        "        expect { stack: [Home], presented: none, animated: true, navBar: { title: ~, backButton: hidden } }",
      ])
  }

  @Test(
    "written in, the new items stand at the top of their sections and pass: bullets, sections indented their own way, a title in another case, an item's text already taken",
    arguments: ["bullet.yaml", "sections.yaml", "case.yaml", "dup.yaml"])
  func writtenLayouts(fixture: String) throws {
    let path = TestFlows.fixture("suggest/" + fixture)
    let (text, suggestions) = try written(path)
    #expect(!suggestions.items.isEmpty)
    let (runner, coverage) = try measured(path, source: text)
    #expect(coverage.uncovered.map(\.label) == [])
    let document = FlowDocument(source: text, path: path)
    #expect(!document.diagnostics.contains { $0.severity == .error }, "\(document.diagnostics)")
    #expect(!document.diagnostics.contains { $0.id == "checklist.duplicate-section" })
    let titles = Set(suggestions.items.map(\.title))
    let added = runner.entries.filter { titles.contains($0.item.text.value) }
    #expect(added.count == titles.count)
    #expect(added.allSatisfy { $0.ancestors.isEmpty }, "\(added.map(\.path))")
    let results = runner.runAll().filter { titles.contains($0.entry.item.text.value) }
    #expect(results.allSatisfy { $0.passed }, "\(results.map(\.failures))")
  }

  @Test("written in: CRLF kept, a last line without a break, no checklist, and a mapping refused")
  func writtenEdges() throws {
    let flow =
      "flow: Edges\r\nstart: { setRoot: Home }\r\nscreens:\r\n  Home:\r\n    on: { open: { push: Detail } }\r\n  Detail: {}\r\nspec: |\r\n  [ ] Home\r\n      expect { stack: [Home] }"
    let (crlf, suggestions) = try written("flow.yaml", source: flow)
    #expect(suggestions.items.count == 1)
    #expect(crlf.hasPrefix(flow + "\r\n  [ ] Home: on open\r\n      when open\r\n"))
    #expect(!crlf.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    #expect(crlf.hasSuffix("\r\n"))
    let bare =
      "flow: Bare\nstart: { setRoot: Home }\nscreens:\n  Home:\n    on: { open: { push: Detail } }\n  Detail: {}\n"
    let (added, _) = try written("flow.yaml", source: bare)
    #expect(added.hasPrefix(bare + "spec: |\n  [ ] Home: on open\n      when open\n"))
    let (runner, coverage) = try measured("flow.yaml", source: added)
    #expect(coverage.uncovered.map(\.label) == [])
    #expect(runner.runAll().allSatisfy { $0.passed })
    #expect(throws: SuggestionInsertion.Refusal.mappingForm) {
      _ = try written(TestFlows.fixture("mapped-checklist.yaml"))
    }
  }

  @Test("one item per way in: a bar button's item also covers its event and the screen it shows")
  func fewestItems() throws {
    let (_, suggestions) = try pasted(TestFlows.fixture("coverage.yaml"))
    #expect(
      suggestions.items.map(\.target.label) == [
        "Home: right button (openSettings)", "alert ConfirmLogout: Cancel",
        "alert ConfirmLogout: Log out", "Home: on buy, if isPremium", "Upsell: on close",
      ])
    let premium = try #require(suggestions.items.first { $0.target.label.contains("isPremium") })
    #expect(
      premium.text == """
        [ ] Home: on buy, if isPremium
            given { isPremium: true }
            when buy
            expect { stack: [Home, Receipt], presented: none, animated: true, navBar: { title: "Receipt", backButton: visible } }
        """)
    #expect(premium.section == "HOME")
    #expect(premium.title == "Home: on buy, if isPremium")
    let alert = try #require(suggestions.items.first { $0.target.label.contains("Log out") })
    #expect(alert.section == "SETTINGS")
  }

  @Test("a title that renders empty is expected as \"\", which check reads, and the item passes")
  func emptyTitle() throws {
    let flow = """
      flow: EmptyTitle
      state: { userName: "" }
      start: { setRoot: Home }
      screens:
        Home: { on: { openAccount: { push: Account } } }
        Account: { navBar: { title: "{userName}" } }

      """
    let (text, suggestions) = try written("flow.yaml", source: flow)
    #expect(
      suggestions.items.first?.text.contains("navBar: { title: \"\", backButton: visible }") == true
    )
    let document = FlowDocument(source: text, path: "flow.yaml").runningChecklist()
    #expect(!document.diagnostics.containsErrors, "\(document.diagnostics.map(\.message))")
    #expect(document.checklistResults.map(\.passed) == [true])
    // `~` still expects no title, which an empty one is not.
    let none = text.replacingOccurrences(of: "title: \"\"", with: "title: ~")
    let failing = FlowDocument(source: none, path: "flow.yaml").runningChecklist()
    #expect(failing.checklistResults.map(\.passed) == [false])
  }

  @Test("filed under the section most of the items showing its screen are in, not the first")
  func filedWhereItsScreenIsTested() throws {
    // ONBOARDING's one item ends on Accounts; TRANSFER's two start there. Accounts' bar
    // button belongs with TRANSFER, although ONBOARDING shows Accounts first.
    let flow = """
      flow: Bank
      state: { onboarded: false }
      start:
        if: onboarded
        then: { setRoot: Accounts }
        else: { setRoot: Welcome }
      screens:
        Welcome: { on: { begin: { setRoot: Accounts } } }
        Accounts:
          navBar: { title: Accounts, right: { image: plus, action: addAccount } }
          on: { transfer: { push: Transfer }, addAccount: { present: NewAccount } }
        Transfer: {}
        NewAccount: {}
      spec: |
        ===== ONBOARDING
        [ ] begin shows the accounts
            when begin
            expect { top: Accounts }
        ===== TRANSFER
        [ ] transfer pushes the form
            given { onboarded: true }
            when transfer
            expect { top: Transfer }
        [ ] accounts have a title
            given { onboarded: true }
            expect { navBar: { title: Accounts } }

      """
    let (runner, coverage) = try measured("flow.yaml", source: flow)
    let suggestions = runner.suggestions(for: coverage)
    let button = try #require(suggestions.items.first { $0.target.label.contains("right button") })
    #expect(button.section == "TRANSFER")
  }

  @Test("an event whose arguments no step gives cannot be suggested, and is said so")
  func unreachable() throws {
    let flow = """
      flow: Args
      start: { setRoot: Home }
      screens:
        Home:
          on: { show: { push: Detail, with: { id: $id } } }
        Detail:
          params: { id: Int }
      spec: |
        [ ] Home is the root
            expect { stack: [Home] }
      """
    let (runner, coverage) = try measured("flow.yaml", source: flow)
    let suggestions = runner.suggestions(for: coverage)
    #expect(suggestions.items.isEmpty)
    #expect(suggestions.unreachable.map(\.label) == ["Detail", "Home: on show"])
  }

  @Test("the same flow gives the same suggestions, byte for byte")
  func deterministic() throws {
    let first = try pasted(TestFlows.fixture("shop.yaml")).text
    let second = try pasted(TestFlows.fixture("shop.yaml")).text
    #expect(first == second)
  }
}
