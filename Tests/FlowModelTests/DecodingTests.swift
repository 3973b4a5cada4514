import FlowSpec
import FlowTestSupport
import Testing

/// Loads marked source and returns its diagnostics.
private func diagnose(_ source: MarkedSource) -> [Diagnostic] {
  TestFlows.document(source.text).diagnostics
}

@Suite("Decoding: every problem is reported at its place, in one run")
struct DecodingTests {
  @Test("an unknown key is reported with a suggestion and a fix-it")
  func unknownKeyWithSuggestion() throws {
    let source = MarkedSource("flow: A\nstart: { setRoot: Home }\n‸screns:\n  Home: {}\n")
    let diagnostic = try #require(diagnose(source).only("model.unknown-key"))
    #expect(diagnostic.message == "unknown key 'screns' in a flow file; did you mean 'screens'?")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.fixIts.first?.replacement == "screens")
  }

  @Test("an unknown key far from any lists what is allowed")
  func unknownKeyListsAllowed() throws {
    let source = MarkedSource(TestFlows.header + "screens:\n  Home:\n    ‸zzz: 1\n")
    let diagnostic = try #require(diagnose(source).only("model.unknown-key"))
    #expect(
      diagnostic.message
        == "unknown key 'zzz' in screen 'Home'; expected 'navBar', 'on', 'onEnter', 'onAppear' or 'params'"
    )
    #expect(diagnostic.position == source.marker)
  }

  @Test(
    "a condition is a state name, '!name' (quoted, or YAML reads a tag) or 'not name'",
    arguments: [
      ("ready", true), ("_ready", true), ("ready2", true), ("élan", true), ("\"!ready\"", true),
      ("not ready", true), ("\"ready\"", true), ("2ready", false), ("re-ady", false),
      ("\"!\"", false), ("not 2x", false), ("ré-sumé", false),
    ])
  func conditionShapes(condition: String, isName: Bool) {
    let source = MarkedSource(
      TestFlows.header
        + "state: { ready: false }\nscreens:\n  Home:\n    on:\n      go: { if: \(condition), then: { push: Home } }\n"
    )
    let refused = diagnose(source).contains {
      $0.id == "model.wrong-type" && $0.message.contains("a condition")
    }
    #expect(refused == !isName)
  }

  @Test("a state name in a condition is located at its first letter, quoted or not")
  func conditionNameLocated() throws {
    for written in ["‸ghost", "\"‸ghost\"", "\"!‸ghost\"", "not ‸ghost"] {
      let source = MarkedSource(
        TestFlows.header
          + "screens:\n  Home:\n    on:\n      go: { if: \(written), then: { push: Home } }\n")
      let diagnostic = try #require(diagnose(source).only("check.unknown-state"))
      #expect(diagnostic.position == source.marker, "\(written)")
    }
  }

  @Test("a wrong type names what was expected and what was found")
  func wrongType() throws {
    let source = MarkedSource(TestFlows.header + "screens: ‸[Home]\n")
    let diagnostic = try #require(diagnose(source).only("model.wrong-type"))
    #expect(diagnostic.message == "'screens' must be a mapping of names, found a list")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a missing required key says what it is for")
  func missingKey() throws {
    let source = MarkedSource("‸start: { setRoot: Home }\nscreens:\n  Home: {}\n")
    let diagnostic = try #require(diagnose(source).only("model.missing-key"))
    #expect(
      diagnostic.message
        == "a flow file needs 'flow': the flow's name, such as 'flow: NavigationService'")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a misspelt required key is one error, at the key, not a missing key too")
  func misspeltRequiredKey() throws {
    let source = MarkedSource(
      """
      flow: F
      ‸strat: { setRoot: Home }
      screens:
        Home: { on: { ask: { present: Confirm } } }
      alerts:
        Confirm:
          title: Sure?
          ‸actons: [{ title: OK }]
      """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    #expect(diagnostics.map(\.id.rawValue) == ["model.unknown-key", "model.unknown-key"])
    #expect(diagnostics.map(\.position) == source.markers)
    #expect(diagnostics.map { $0.fixIts.first?.replacement } == ["start", "actions"])
    // An alert without actions is reported once, and other errors about its name still are.
    let alert = TestFlows.document(
      """
      flow: F
      start: { setRoot: Home }
      screens:
        Home: { on: { a: { push: Confirm }, b: { set: { Confirm: 1 } } } }
      alerts:
        Confirm: { title: Sure? }
      """
    ).diagnostics.map(\.id.rawValue)
    #expect(alert == ["check.unknown-screen", "check.unknown-state", "model.missing-key"])
    // Without a near key, the missing one is reported.
    let missing = TestFlows.document("flow: F\nscreens:\n  Home: {}\n").diagnostics
    #expect(missing.map(\.message).contains { $0.hasPrefix("a flow needs 'start'") })
  }

  @Test(
    "a handler, a parameter or a property left out for its own error is one error: what names it is not reported again"
  )
  func leftOutDeclarations() throws {
    let document = try FlowDocument.load(path: TestFlows.fixture("mistakes/knock-on.yaml"))
    #expect(
      document.diagnostics.map { "\($0.position.line): \($0.message)" } == [
        "11: 'if' needs 'then': the operation to run when the condition holds",
        "14: 'int' is not a parameter type; did you mean 'Int'?",
        "23: unknown key 'than' in property 'after pin'; did you mean 'then'?",
      ])
  }

  @Test("a misspelt screen is one error: the screen it is taken for is not also never shown")
  func misspeltScreenNoCascade() throws {
    let diagnostics = TestFlows.document(
      """
      flow: F
      start: { setRoot: Hme }
      screens:
        Home: { on: { open: { push: Setings } } }
        Settings: { on: { more: { push: Deeper } } }
        Deeper: {}
        Orphan: {}
      """
    ).diagnostics
    #expect(
      diagnostics.map(\.message) == [
        "'setRoot' names no screen 'Hme'", "'push' names no screen 'Setings'",
        "screen 'Orphan' is never shown: nothing reachable from 'start' pushes, presents or sets it",
      ])
  }

  @Test("a misspelt screen counts as reached only when its error names the screen it means")
  func misspeltScreenAmongMany() throws {
    // Over 256 screens, a did-you-mean allows one edit: 'Settngz' (two) suggests nothing.
    let many = (0..<300).map { "  Filler\($0): {}" }.joined(separator: "\n")
    let diagnostics = TestFlows.document(
      """
      flow: F
      start: { setRoot: Home }
      screens:
        Home: { on: { open: { push: Settngz } } }
        Settings: {}
      \(many)
      """
    ).diagnostics
    let settings = diagnostics.filter { $0.message.hasPrefix("screen 'Settings' is never shown") }
    #expect(settings.count == 1)
    #expect(diagnostics.first { $0.id == "check.unknown-screen" }?.notes.isEmpty == true)
  }

  @Test("a bar button without an action is refused at the button")
  func barButtonWithoutAction() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home:\n    navBar:\n      right: ‸{ image: plus }\n")
    let diagnostic = try #require(diagnose(source).only("model.missing-key"))
    #expect(
      diagnostic.message
        == "the right button of 'Home' needs 'action': the event a tap sends, handled in the screen's 'on:'"
    )
    #expect(diagnostic.position == source.marker)
  }

  @Test("a value outside an enumeration suggests the nearest")
  func invalidChoice() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { present: A } } }\nalerts:\n  A:\n    style: ‸actionsheet\n    actions: [{ title: OK }]\n"
    )
    let diagnostic = try #require(diagnose(source).only("model.invalid-value"))
    #expect(
      diagnostic.message == "'actionsheet' is not an alert style; did you mean 'actionSheet'?")
    #expect(diagnostic.position == source.marker)
  }

  @Test(
    "YAML 1.1 booleans are explained where a flag is expected",
    arguments: ["yes", "no", "on", "off", "Yes", "OFF"])
  func yaml11Booleans(word: String) throws {
    let source = MarkedSource(
      "flow: A\nstate:\n  isLogin: ‸\(word)\n" + "start: { setRoot: Home }\nscreens:\n  Home: {}\n")
    let diagnostic = try #require(diagnose(source).only("model.yaml11-boolean"))
    #expect(
      diagnostic.message.hasPrefix("'\(word)' is not a boolean in flowspec; write true or false"))
    #expect(diagnostic.position == source.marker)
  }

  @Test("a quoted 'true' where a flag is expected says to remove the quotes")
  func quotedBoolean() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: { push: Home, animated: ‸\"true\" } } }\n")
    let diagnostic = try #require(diagnose(source).only("model.quoted-boolean"))
    #expect(
      diagnostic.message
        == "expected true or false, found the quoted text 'true'; remove the quotes")
    #expect(diagnostic.position == source.marker)
  }

  @Test("two operations in one mapping are refused at the second")
  func severalOperations() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: { push: Home, ‸present: Home } } }\n")
    let diagnostic = try #require(diagnose(source).only("model.several-operations"))
    #expect(
      diagnostic.message
        == "one operation per mapping, found 'push' and 'present'; use a list to run several in order"
    )
    #expect(diagnostic.position == source.marker)
  }

  @Test("a misspelled operation suggests the right one")
  func misspelledOperation() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: { ‸pussh: Home } } }\n")
    let diagnostic = try #require(diagnose(source).only("model.unknown-key"))
    #expect(diagnostic.message == "unknown key 'pussh' in an operation; did you mean 'push'?")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a mapping with no operation lists the operations")
  func noOperation() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: ‸{ animated: true } } }\n")
    let diagnostic = try #require(diagnose(source).only("model.no-operation"))
    #expect(diagnostic.message.hasPrefix("expected an operation ('setRoot', 'push', 'pop'"))
    #expect(diagnostic.position == source.marker)
  }

  @Test("an event with nothing after its colon says to give it an operation")
  func eventWithoutOperation() throws {
    let source = MarkedSource(TestFlows.header + "screens:\n  Home:\n    on:\n      ‸go:\n")
    let diagnostic = try #require(diagnose(source).only("model.not-an-operation"))
    #expect(
      diagnostic.message
        == "event 'go' does nothing; give it an operation, such as '{ push: Screen }' or 'pop'")
    #expect(diagnostic.position == source.marker)
  }

  @Test("'animated' and 'stack' on a child started without 'presented:' are warned of")
  func startModifiers() throws {
    let source = MarkedSource(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { start: Kid, ‸animated: false, ‸stack: false }, sheet: { start: Kid, presented: sheet, animated: false, stack: false } } }\n"
    )
    let warnings = diagnose(source).filter { $0.id == "model.start-modifier" }
    #expect(warnings.map(\.position) == source.markers)
    #expect(
      warnings.first?.message
        == "'animated' does nothing on a child flow started without 'presented:': its start makes the navigation calls, each with its own 'animated'"
    )
  }

  @Test("'pop: false' does nothing and is refused")
  func popFalse() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: { pop: ‸false } } }\n")
    let diagnostic = try #require(diagnose(source).only("model.useless-false"))
    #expect(diagnostic.position == source.marker)
  }

  @Test("an empty file says how a flow starts")
  func emptyFile() throws {
    let diagnostic = try #require(
      TestFlows.document("# nothing yet\n").diagnostics.only("model.empty-file"))
    #expect(diagnostic.position == SourcePosition(line: 1, column: 1))
  }

  @Test("every problem of a file is reported in one run, in source order")
  func everyProblemAtOnce() {
    let source = MarkedSource(
      "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home:\n    ‸navbar: hidden\n    on:\n      go: { ‸pussh: Home }\n  Other:\n    params: { id: ‸Integer }\n"
    )
    let diagnostics = diagnose(source).filter { $0.severity == .error }
    #expect(diagnostics.map(\.position) == source.markers)
    #expect(diagnostics.ids == ["model.unknown-key", "model.unknown-key", "model.invalid-value"])
  }
}

@Suite("Decoding: an operation's unknown keys")
struct OperationKeyDecodingTests {
  @Test(
    "an unknown key beside a keyword names the operation with its article, and the key it means")
  func unknownModifier() {
    let messages = TestFlows.document(
      """
      flow: A
      state: { f: false }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            go: { if: f, then: pop, thn: pop }
            up: { push: Home, animatd: true }
      """
    ).diagnostics.map(\.message)
    #expect(
      messages == [
        "unknown key 'thn' in an 'if' operation; did you mean 'then'?",
        "unknown key 'animatd' in a 'push' operation; did you mean 'animated'?",
      ])
  }
}

@Suite("Decoding: an if's arm written too far left")
struct DedentedArmTests {
  @Test(
    "an event named 'else' or 'then' is warned of where it is handled: an arm indented too little")
  func dedentedElse() {
    let source = MarkedSource(
      """
      flow: A
      state: { ok: false }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            enter:
              if: ok
              then: { push: Next }
            ‸else: { push: Home }
        Next: {}
      """)
    let warnings = diagnose(source).filter { $0.id == "model.event-named-like-arm" }
    #expect(warnings.map(\.position) == source.markers)
    #expect(
      warnings.first?.message
        == "an event named 'else' is handled here; if this 'else:' is an arm of the 'if' above, indent it as far as that 'if:'"
    )
  }
}

@Suite("Decoding: the first article's flow")
struct ArticleFlowDecodingTests {
  @Test("the first article's flow decodes into its screens, bars and alert")
  func navigationService() throws {
    let document = try FlowDocument.load(path: TestFlows.fixture("navigation-service.yaml"))
    #expect(document.diagnostics.isEmpty, "\(document.diagnostics)")
    let flow = try #require(document.validFlow)
    #expect(flow.name.value == "NavigationService")
    #expect(flow.state.map(\.name.value) == ["isLogin", "isFirstLogin"])
    #expect(
      flow.screens.map(\.name.value) == ["Login", "Onboarding", "Infos", "InfoDetails", "NewInfo"])
    let infos = try #require(flow.screen(named: "Infos"))
    #expect(infos.navigationBar.title?.value == "Infos")
    #expect(infos.navigationBar.right?.image?.value == "arrowshape.turn.up.left.circle")
    #expect(infos.navigationBar.right?.tint?.value == "red")
    #expect(flow.screen(named: "Login")?.navigationBar.isHidden == true)
    #expect(flow.screen(named: "InfoDetails")?.params.map(\.type.value) == [ParameterType(.string)])
    let sheet = try #require(flow.alert(named: "LogoutSheet"))
    #expect(sheet.resolvedStyle == .actionSheet)
    #expect(sheet.message == nil)
    #expect(sheet.actions.map(\.resolvedStyle) == [.cancel, .destructive])
    let checklist = try #require(flow.checklist)
    #expect(checklist.form == .block)
    #expect(
      checklist.sections.map(\.title?.value) == ["LOGIN", "INFOS", "INFOS DETAILS", "NEW INFOS"])
    #expect(checklist.entries.count == 20)
    #expect(checklist.entries.allSatisfy { $0.item.isBound })
  }
}

@Suite("Decoding: numbers beyond an Int")
struct NumberRangeDecodingTests {
  @Test("a whole number no Int holds is an error at the number, wherever a value goes")
  func outOfRange() throws {
    let document = TestFlows.document(
      """
      flow: F
      state: { n: 9223372036854775808, low: -9223372036854775808 }
      start: { setRoot: H }
      screens: { H: { on: { up: { add: { n: 99999999999999999999 } } } } }
      spec: |
        [ ] x
            when { up: { v: 99999999999999999999 } }
      """)
    let errors = document.diagnostics.filter { $0.id == "model.number-range" }
    #expect(
      errors.map { "\($0.range.start.line):\($0.range.start.column)" } == ["2:13", "4:39", "7:23"],
      "\(document.diagnostics)")
    #expect(
      errors.first?.message
        == "the number 9223372036854775808 is beyond an Int's range (-9223372036854775808 to 9223372036854775807); quote it if you mean text"
    )
    // Int.min itself is an Int.
    #expect(!document.diagnostics.contains { $0.message.contains("-9223372036854775808 is") })
  }

  @Test(
    "a number with a fraction is read as text, and warned of",
    arguments: [
      ("1.5", true), ("-0.25", true), ("1e3", true), (".5", true), ("\"1.5\"", false),
      ("1.2.3", false), ("e5", false), ("v1.5", false), ("12", false),
    ])
  func decimalNumber(_ written: String, warned: Bool) {
    let source =
      "flow: A\nstate: { count: \(written) }\nstart: { setRoot: Home }\nscreens:\n  Home: {}\n"
    let warnings = diagnose(MarkedSource(source)).filter { $0.id == "model.decimal-number" }
    #expect(warnings.count == (warned ? 1 : 0), "\(written)")
    if warned { #expect(warnings.first?.position == SourcePosition(line: 2, column: 17)) }
  }
}
