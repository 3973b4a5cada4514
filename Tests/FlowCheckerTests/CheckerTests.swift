import FlowSpec
import FlowTestSupport
import Testing

private func diagnose(_ source: MarkedSource) -> [Diagnostic] {
  TestFlows.document(source.text).diagnostics
}

@Suite("Checker: references")
struct CheckerReferenceTests {
  @Test("a misspelled screen is reported at the name, with a note at the declaration it meant")
  func unknownScreen() throws {
    let source = MarkedSource(
      """
      flow: App
      start: { setRoot: Infos }
      screens:
        ‸Infos:
          on:
            selectInfo: { push: ‸Infoz }
      """)
    let diagnostic = try #require(diagnose(source).only("check.unknown-screen"))
    #expect(diagnostic.message == "'push' names no screen 'Infoz'")
    #expect(diagnostic.range == SourceRange(start: source.markers[1], length: 5))
    #expect(diagnostic.notes.first?.message == "did you mean 'Infos'? declared here")
    #expect(diagnostic.notes.first?.range?.start == source.markers[0])
    #expect(diagnostic.fixIts.first?.replacement == "Infos")
  }

  @Test("pushing an alert says to present it")
  func pushAlert() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { push: ‸Sheet } } }\nalerts:\n  Sheet: { actions: [{ title: OK }] }\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.unknown-screen"))
    #expect(
      diagnostic.message == "'push' names alert 'Sheet', not a screen; show alerts with 'present'")
    #expect(diagnostic.position == source.marker)
  }

  @Test("presenting something that does not exist")
  func unknownPresentable() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: { present: ‸Nothing } } }\n")
    #expect(diagnose(source).only("check.unknown-presentable")?.position == source.marker)
  }

  @Test("unknown state in 'set' and in 'if', with suggestions")
  func unknownState() throws {
    let source = MarkedSource(
      "flow: A\nstate: { isLogin: false }\nstart:\n  if: ‸isLogn\n  then: { setRoot: Home }\nscreens:\n  Home: { on: { go: { set: { ‸isLogim: true } } } }\n"
    )
    let diagnostics = diagnose(source).filter { $0.id == "check.unknown-state" }
    #expect(diagnostics.map(\.position) == source.markers)
    #expect(
      diagnostics.map(\.message) == [
        "'if' names no state 'isLogn'; declare it under 'state:'",
        "'set' names no state 'isLogim'; declare it under 'state:'",
      ])
    #expect(diagnostics.allSatisfy { $0.fixIts.first?.replacement == "isLogin" })
  }

  @Test("'if' on a state that is not a Bool says to compare it")
  func conditionType() throws {
    let source = MarkedSource(
      "flow: A\nstate: { count: 0 }\nstart:\n  if: ‸count\n  then: { setRoot: Home }\nscreens:\n  Home: {}\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.condition-type"))
    #expect(diagnostic.message.contains("state 'count' is an Int"))
    #expect(diagnostic.position == source.marker)
  }

  @Test("a value of the wrong type for a state")
  func stateType() throws {
    let source = MarkedSource(
      "flow: A\nstate: { isLogin: false }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { set: { isLogin: ‸3 } } } }\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.type-mismatch"))
    #expect(diagnostic.message == "state 'isLogin' is a Bool, but this value is an Int")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a 'params' or 'pending' expectation of a type no parameter of its name holds")
  func expectedParameterTypes() throws {
    let source = MarkedSource(
      """
      flow: P
      requests:
        save: { params: { id: Int } }
      start: { setRoot: List }
      screens:
        List:
          on:
            open: { push: Detail, with: { id: $id } }
            store: { request: save, with: { id: $id } }
        Detail: { params: { id: Int } }
        Other: { params: { id: String } }
      spec: |
        [ ] never matches
            when [{ open: { id: 3 } }, { store: { id: 3 } }]
            expect { params: { id: ‸true }, pending: [{ save: { id: ‸abc } }] }
        [ ] may match: a screen has 'id' as text
            when [{ open: { id: 3 } }, { store: { id: 3 } }]
            expect { params: { id: abc }, pending: [{ save: { id: 3 } }] }
      """)
    let errors = diagnose(source).filter { $0.severity == .error }
    #expect(
      errors.map(\.message) == [
        "parameter 'id' is an Int or a String, but this value is a Bool",
        "parameter 'id' of request 'save' is an Int, but this value is a String",
      ])
    #expect(errors.map(\.position) == source.markers)
  }

  @Test("'style' or 'stack' on an alert says which key it is about")
  func presentationKeysOnAlert() throws {
    let source = MarkedSource(
      "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home:\n    on:\n      a: { present: Oops, style: ‸sheet }\n      b: { present: Oops, stack: ‸true }\nalerts:\n  Oops: { actions: [{ title: OK }] }\n"
    )
    let diagnostics = diagnose(source).filter { $0.id == "check.style-on-alert" }
    #expect(
      diagnostics.map(\.message) == [
        "'style' sets how a screen is presented; alert 'Oops' takes its style from its own declaration",
        "'stack' gives a presented screen a navigation stack of its own; alert 'Oops' has no stack",
      ])
    #expect(diagnostics.map(\.position) == source.markers)
  }

  @Test("arguments must match the target screen's parameters")
  func parameters() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home:\n    on:\n      a: { push: ‸Detail }\n      b: { push: Detail, with: { ‸inf: x, info: x } }\n      c: { push: Detail, with: { info: ‸4 } }\n  Detail: { params: { info: String } }\n"
    )
    let diagnostics = diagnose(source).filter { $0.severity == .error }
    #expect(
      diagnostics.ids == ["check.missing-argument", "check.unknown-param", "check.type-mismatch"])
    #expect(diagnostics.map(\.position) == source.markers)
  }

  @Test("'$name' outside an event must name a parameter or state")
  func unresolvedReference() throws {
    let source = MarkedSource(
      "flow: A\nstate: { title: x }\nstart: { setRoot: Home }\nscreens:\n  Home:\n    onEnter: { set: { title: ‸$nothing } }\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.unknown-reference"))
    #expect(diagnostic.message == "'$nothing' names no parameter of 'Home' or state")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a screen and an alert cannot share a name")
  func nameClash() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { present: Home } } }\nalerts:\n  ‸Home: { actions: [{ title: OK }] }\n"
    )
    #expect(diagnose(source).only("check.name-clash")?.position == source.marker)
  }

  @Test("an alert named like a screen is one error: its texts are not judged against nothing")
  func nameClashTexts() {
    let source = MarkedSource(
      TestFlows.header
        + "state: { item: a }\nscreens:\n  Home: { on: { go: { present: Home } } }\nalerts:\n  Home: { title: \"Delete {item}?\", actions: [{ title: OK }] }\n"
    )
    let ids = diagnose(source).map(\.id.rawValue)
    #expect(ids.contains("check.name-clash"))
    #expect(!ids.contains("check.unknown-text-value"), "\(ids)")
  }

  @Test("an alert presented from start and a screen names what its text may read from start")
  func alertTextFromStart() throws {
    let source = MarkedSource(
      """
      flow: App
      start: [{ setRoot: Home }, { present: Oops }]
      screens:
        Home: { onAppear: { present: Oops } }
      alerts:
        Oops: { title: "Sorry {who}", actions: [{ title: OK }] }
      """)
    let messages = diagnose(source).map(\.message)
    #expect(messages.contains("'{who}' names no state"), "\(messages)")
  }
}

@Suite("Checker: structure and UIKit rules")
struct CheckerStructureTests {
  @Test("a screen nothing shows is unreachable; both branches of a guard count")
  func reachability() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { on: false }
      start:
        if: on
        then: { setRoot: Home }
        else: { setRoot: Other }
      screens:
        Home: {}
        Other: { on: { go: { present: Sheet } } }
        ‸Orphan: {}
        Deep: {}
      alerts:
        Sheet: { actions: [{ title: OK, do: { push: Deep } }] }
        ‸Unused: { title: "On is {on}, {off}", actions: [{ title: OK }] }
      """)
    let diagnostics = diagnose(source)
    // An alert nothing presents reads state: '{on}' is one, '{off}' names nothing.
    #expect(
      diagnostics.filter { $0.id == "check.unknown-text-value" }.map(\.message) == [
        "'{off}' names no state"
      ])
    let unreachable = try #require(diagnostics.only("check.unreachable-screen"))
    #expect(
      unreachable.message
        == "screen 'Orphan' is never shown: nothing reachable from 'start' pushes, presents or sets it"
    )
    #expect(unreachable.severity == .warning)
    #expect(unreachable.position == source.markers[0])
    let unused = try #require(diagnostics.only("check.unpresented-alert"))
    #expect(unused.message == "alert 'Unused' is never presented")
    #expect(unused.position == source.markers[1])
  }

  @Test(
    "a push from a screen only presented without a stack does nothing, unless a dismiss before it in its list went back to the stack beneath"
  )
  func pushWithoutStack() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { pro: false }
      start: { setRoot: Home }
      screens:
        Home: { on: { upsell: { present: Paywall } } }
        Paywall:
          on:
            more: { ‸push: Pro }
            buy: [{ set: { pro: true } }, dismiss, { push: Pro }]
            maybe: { if: pro, then: [dismiss, { push: Pro }], else: { ‸push: Pro } }
        Pro: {}
      """)
    let warnings = diagnose(source).filter { $0.id == "check.push-without-stack" }
    #expect(warnings.map(\.position) == source.markers)
  }

  @Test("two cancel actions are an error, as UIKit raises at run time")
  func twoCancels() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { present: A } } }\nalerts:\n  A:\n    actions:\n      - { title: No, style: cancel }\n      - { title: Never, style: ‸cancel }\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.two-cancel-actions"))
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.notes.first?.range?.start == SourcePosition(line: 8, column: 18))
  }

  @Test("an alert with no actions can never be dismissed")
  func undismissable() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { present: A } } }\nalerts:\n  ‸A: { actions: [] }\n")
    let diagnostic = try #require(diagnose(source).only("check.undismissable-alert"))
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.severity == .error)
  }

  @Test("an action may be its title alone; one that cannot be read is one error")
  func actionTitleAlone() throws {
    let header =
      TestFlows.header + "screens:\n  Home: { on: { go: { present: A } } }\nalerts:\n  A: "
    let titles = TestFlows.document(
      header + "{ actions: [OK, { title: No, style: cancel }] }\n"
        + "spec: |\n  [ ] shows\n      when go\n      expect { alert: { actions: [OK, No] } }\n"
    ).runningChecklist()
    #expect(titles.diagnostics.isEmpty, "\(titles.diagnostics)")
    #expect(titles.tree?.root.alerts.first?.actions.map(\.title.value) == ["OK", "No"])
    #expect(titles.checklistResults.map(\.passed) == [true])
    let source = MarkedSource(header + "{ actions: [‸[OK]] }\n")
    #expect(diagnose(source).map(\.id.rawValue) == ["model.wrong-type"])
    #expect(diagnose(source).first?.position == source.marker)
  }

  @Test("two actions with one title could not be told apart")
  func duplicateActionTitle() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { present: A } } }\nalerts:\n  A: { actions: [{ title: OK }, { title: ‸OK }] }\n"
    )
    #expect(diagnose(source).only("check.duplicate-action")?.position == source.marker)
  }

  @Test("a bar button whose action the screen does not handle")
  func unhandledBarAction() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home:\n    navBar: { right: { image: plus, action: ‸ad } }\n    on: { add: { push: Home } }\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.unhandled-bar-action"))
    #expect(
      diagnostic.message
        == "the button's action 'ad' is not handled by screen 'Home' (it handles 'add'); add it under 'on:'"
    )
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.fixIts.first?.replacement == "add")
  }

  @Test(
    "tints must be UIKit colour names or #RRGGBB",
    arguments: [
      ("red", true), ("systemBlue", true), ("#FF8800", true), ("#ff880", false), ("redd", false),
      ("Red", false),
    ])
  func tints(tint: String, isValid: Bool) throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home:\n    navBar: { right: { image: plus, tint: \"‸\(tint)\", action: add } }\n    on: { add: { push: Home } }\n"
    )
    let diagnostic = diagnose(source).only("check.invalid-tint")
    #expect((diagnostic == nil) == isValid)
    if let diagnostic {
      #expect(diagnostic.position.column == source.marker.column - 1)
    }
  }

  @Test("an image that is not shaped like an SF Symbol name is a warning")
  func symbolName() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home:\n    navBar: { right: { image: ‸Plus Icon, action: add } }\n    on: { add: { push: Home } }\n"
    )
    let diagnostic = try #require(diagnose(source).only("check.symbol-name"))
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.position == source.marker)
  }

  @Test(
    "an SF Symbol name is lowercase words and digits joined by single dots",
    arguments: [
      ("plus", true), ("plus.circle", true), ("square.and.arrow.up", true), ("person.2", true),
      ("Plus", false), ("plus..circle", false), ("plus.", false), (".plus", false),
      ("café", false), ("plus-circle", false), ("plus circle", false),
    ])
  func symbolNameShapes(image: String, isPlausible: Bool) {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home:\n    navBar: { right: { image: \"\(image)\", action: add } }\n    on: { add: { push: Home } }\n"
    )
    #expect((diagnose(source).only("check.symbol-name") == nil) == isPlausible)
  }

  @Test("an event no step sends is untested, not wrong: check says nothing of it")
  func untriggeredEvent() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home:\n    on:\n      go: { push: Home }\n      never: { push: Home }\nspec: |\n  [ ] Go\n      when go\n      expect { top: Home }\n"
    )
    #expect(diagnose(source) == [])
  }

  @Test("events named 'tap' or 'alert' would be read as taps and alert actions")
  func reservedEvent() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { ‸tap: { push: Home } } }\n")
    #expect(diagnose(source).only("check.reserved-event")?.position == source.marker)
  }
}

@Suite("Checker: the checklist")
struct CheckerChecklistTests {
  private let screens =
    "screens:\n  Home: { on: { go: { present: Sheet } } }\nalerts:\n  Sheet: { actions: [{ title: Logout }] }\n"

  @Test("an item without steps is reported as unbound")
  func unbound() throws {
    let source = MarkedSource(
      TestFlows.header + screens + "spec: |\n  [ ] ‸Not yet\n  [ ] Go\n      when go\n")
    let diagnostic = try #require(diagnose(source).only("checklist.unbound"))
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.position == source.marker)
  }

  @Test("two items with the same text in one section")
  func duplicateItem() throws {
    let source = MarkedSource(
      TestFlows.header + screens
        + "spec: |\n  ==== A\n  [ ] Go\n      when go\n  [ ] ‸Go\n      when go\n  ==== B\n  [ ] Go\n      when go\n"
    )
    let diagnostic = try #require(diagnose(source).only("checklist.duplicate-item"))
    #expect(
      diagnostic.message
        == "section 'A' already has an item 'Go'; siblings name their own tests, so give each its own text"
    )
    #expect(diagnostic.position == source.marker)
  }

  @Test("steps naming unknown events, actions, screens and state")
  func unknownNames() throws {
    let source = MarkedSource(
      TestFlows.header + screens
        + "spec: |\n  [ ] A\n      given { ‸isLogin: true }\n      when [‸og, { alert: ‸Logot }]\n      expect { top: ‸Hom, presented: ‸Shet }\n"
    )
    let diagnostics = diagnose(source).filter { $0.severity == .error }
    #expect(
      diagnostics.ids == [
        "check.unknown-state", "checklist.unknown-event", "checklist.unknown-action",
        "check.unknown-screen",
        "check.unknown-presentable",
      ])
    #expect(diagnostics.map(\.position) == source.markers)
  }

  @Test("an item marked done that has no steps is an error too: its mark cannot be true")
  func doneButUnbound() throws {
    let source = MarkedSource(TestFlows.header + screens + "spec: |\n  [x] ‸Not written yet\n")
    let diagnostics = diagnose(source)
    let diagnostic = try #require(diagnostics.only("checklist.done-but-failing"))
    #expect(diagnostic.message == "'Not written yet' is marked done but has no steps")
    #expect(diagnostic.position == source.marker)
    #expect(diagnostics.only("checklist.unbound")?.severity == .warning)
  }

  @Test("an item marked done that fails is an error at the item, with what failed")
  func doneButFailing() throws {
    let source = MarkedSource(
      TestFlows.header + screens
        + "spec: |\n  [✅] ‸Go presents the sheet\n      when go\n      expect { ‸presented: none }\n  [ ] Fails but is not done\n      expect { top: Nothing }\n"
    )
    let text = source.text.replacingOccurrences(of: "top: Nothing", with: "stack: []")
    let diagnostics = TestFlows.document(text).diagnostics
    let diagnostic = try #require(diagnostics.only("checklist.done-but-failing"))
    #expect(
      diagnostic.message
        == "'Go presents the sheet' is marked done but fails: expected nothing presented, found alert Sheet presented"
    )
    #expect(diagnostic.position == source.markers[0])
    #expect(diagnostic.notes.first?.range?.start == source.markers[1])
  }
}
