import FlowSpec
import FlowTestSupport
import Testing

/// A parent flow that pushes one child and presents another, each in a file of its own.
private let parent = """
  flow: Parent
  use:
    Pushed: children/pushed.yaml
    Modal: children/modal.yaml
  start: { setRoot: Home }
  screens:
    Home:
      on:
        go: { start: Pushed, with: { greeting: hello } }
        compose: { start: Modal, presented: fullScreen }
        pushedDone: pop
        modalDone: dismiss
  """

private let pushedText = """
  flow: Pushed
  state: { greeting: hi, count: 0 }
  start: { push: Child }
  screens:
    Child:
      navBar: { title: "{greeting}" }
      on:
        bump: { add: { count: 1 } }
        done: { finish: pushedDone, with: { count: $count } }
  """

private let modal = """
  flow: Modal
  start: { setRoot: Compose }
  screens:
    Compose:
      on:
        next: { push: Step2 }
        close: { finish: modalDone }
    Step2: {}
  """

private func document(
  _ root: String = parent, pushed childText: String = pushedText, modal modalText: String = modal
) -> FlowDocument {
  FlowDocument(
    source: root, path: "/app/parent.yaml",
    files: .embedded([
      "/app/children/pushed.yaml": childText, "/app/children/modal.yaml": modalText,
    ])
  ).runningChecklist()
}

@Suite("Child flows in other files")
struct ChildFlowTests {
  @Test("the tree holds every file's flow; nothing is reported for a sound one")
  func loads() throws {
    let document = document()
    #expect(document.diagnostics.map(\.message) == [])
    let tree = try #require(document.validTree)
    #expect(tree.flows.map(\.name.value) == ["Parent", "Pushed", "Modal"])
    #expect(
      tree.flows.map(\.file) == [
        "/app/parent.yaml", "/app/children/pushed.yaml", "/app/children/modal.yaml",
      ])
  }

  @Test("a child that cannot be read is one error: its events and alerts are not unknown too")
  func unreadChildIsOneError() {
    let checklist =
      "\nspec: |\n  [ ] go\n      when go\n      when bump\n      expect { top: Child }\n  [ ] compose\n      when compose\n      when close\n"
    let document = FlowDocument(
      source: parent + checklist, path: "/app/parent.yaml",
      files: .embedded(["/app/children/modal.yaml": modal]))
    #expect(
      document.diagnostics.map(\.id.rawValue) == ["model.missing-flow-file"],
      "\(document.diagnostics.map(\.message))")
    // A name close to one the parent declares is the parent's typo, and still reported.
    let typo = FlowDocument(
      source: parent + checklist.replacingOccurrences(of: "when go\n", with: "when goo\n"),
      path: "/app/parent.yaml", files: .embedded(["/app/children/modal.yaml": modal]))
    #expect(typo.diagnostics.map(\.id.rawValue).contains("checklist.unknown-event"))
  }

  @Test("a misspelt child state or child screen: the did-you-mean note is in the child's file")
  func suggestionsPointIntoTheChild() throws {
    let misspelt = parent.replacingOccurrences(
      of: "with: { greeting: hello }", with: "with: { greting: hello }")
    let error = try #require(document(misspelt).diagnostics.only("check.unknown-state"))
    #expect(error.file == "/app/parent.yaml")
    #expect(error.message.hasSuffix("declare it under the 'state:' of /app/children/pushed.yaml"))
    let note = try #require(error.notes.first)
    #expect(note.file == "/app/children/pushed.yaml")
    #expect(note.range?.start.line == 2)
    // A step naming a child's screen with a typo, in the root's checklist.
    let step = try #require(
      document(parent + "\nspec: |\n  [ ] one\n      expect { top: Chlid }\n").diagnostics.only(
        "check.unknown-screen"))
    #expect(step.notes.first?.file == "/app/children/pushed.yaml")
    #expect(step.notes.first?.range?.start.line == 5)
  }

  @Test("a child started on the stack pushes on the parent's; its handlers and state are its own")
  func pushed() throws {
    var navigator = try Navigator(
      program: NavigationProgram(tree: try #require(document().validTree)))
    try navigator.send("go")
    #expect(navigator.stack == ["Home", "Child"])
    #expect(navigator.navigationBar?.title == "hello")
    try navigator.send(["bump", "bump"])
    #expect(navigator.value(of: "Pushed.count") == .int(2))
    try navigator.send("done")
    #expect(navigator.stack == ["Home"])
    #expect(
      navigator.log.map(\.description).suffix(2) == [
        "finish(Pushed, pushedDone)", "pop(Child, animated: true)",
      ])
    try navigator.send("go")
    #expect(navigator.value(of: "Pushed.count") == .int(0), "a new start resets the child's state")
  }

  @Test("a child presented with 'stack: false' is a single screen: a push on it is refused")
  func presentedAsSingleScreen() throws {
    let single = parent.replacingOccurrences(
      of: "compose: { start: Modal, presented: fullScreen }",
      with: "compose: { start: Modal, presented: sheet, stack: false }")
    var navigator = try Navigator(
      program: NavigationProgram(tree: try #require(document(single).validTree)))
    try navigator.send("compose")
    #expect(navigator.presented == .screen(ScreenInstance(name: "Compose"), .sheet, stack: nil))
    #expect(navigator.presentedStack == nil)
    #expect(navigator.log.last?.description == "present(Compose, animated: true)")
    try navigator.send("next")
    #expect(navigator.presented == .screen(ScreenInstance(name: "Compose"), .sheet, stack: nil))
    #expect(navigator.callCount(.push) == 1, "the push is logged")
    #expect(navigator.log.last?.description.contains("refused") == true, "\(navigator.log)")
    try navigator.send("close")
    #expect(navigator.presented == nil)
  }

  @Test("a child presented with 'stack: false' whose start pushes is warned of, at 'stack: false'")
  func pushInStacklessStart() {
    let single = parent.replacingOccurrences(
      of: "compose: { start: Modal, presented: fullScreen }",
      with: "compose: { start: Modal, presented: sheet, stack: false }")
    let pushing = modal.replacingOccurrences(
      of: "start: { setRoot: Compose }", with: "start: [{ setRoot: Compose }, { push: Step2 }]")
    let warnings = document(single, modal: pushing).diagnostics.filter {
      $0.id == "check.push-without-stack"
    }
    #expect(
      warnings.map(\.message) == [
        "flow 'Modal' is presented without a stack of its own ('stack: false'), but its start pushes 'Step2' (/app/children/modal.yaml:2:33), which does nothing there (UIKit has no navigation controller); present it with a stack of its own, or start it on one screen"
      ])
    #expect(warnings.map(\.file) == ["/app/parent.yaml"])
    #expect(warnings.map(\.position.line) == [10])
    // With a stack of its own, or without a push in its start, nothing is said.
    #expect(document(modal: pushing).diagnostics.map(\.message) == [])
    #expect(document(single).diagnostics.map(\.message) == [])
    // A first push is the presented screen itself.
    let pushedFirst = modal.replacingOccurrences(
      of: "start: { setRoot: Compose }", with: "start: { push: Compose }")
    #expect(document(single, modal: pushedFirst).diagnostics.map(\.message) == [])
  }

  @Test("a child presented modally gets a stack of its own; finishing tells the parent")
  func presented() throws {
    var navigator = try Navigator(
      program: NavigationProgram(tree: try #require(document().validTree)))
    try navigator.send(["compose", "next"])
    #expect(navigator.stack == ["Home"])
    #expect(
      navigator.presented
        == .screen(
          ScreenInstance(name: "Compose"), .fullScreen,
          stack: [ScreenInstance(name: "Compose"), ScreenInstance(name: "Step2")]))
    #expect(navigator.presentedStack?.map(\.name) == ["Compose", "Step2"])
    #expect(navigator.navigationBar?.showsBackButton == true)
    try navigator.send(.tap(.back))
    try navigator.send("close")
    #expect(navigator.presented == nil)
    #expect(
      navigator.log.suffix(2).map(\.description) == [
        "finish(Modal, modalDone)", "dismiss(Compose, animated: true)",
      ])
  }

  @Test("a missing file is an error at the path that names it")
  func missingFile() throws {
    let source = MarkedSource(
      parent.replacingOccurrences(
        of: "Modal: children/modal.yaml", with: "Modal: ‸children/modl.yaml"))
    let diagnostic = try #require(document(source.text).diagnostics.only("model.missing-flow-file"))
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.file == "/app/parent.yaml")
    #expect(
      diagnostic.message
        == "cannot read the flow file 'children/modl.yaml': no such file or directory; did you mean 'children/modal.yaml'?"
    )
  }

  @Test("a child that cannot be read is one error: names it would declare are not judged")
  func noFollowOnErrors() throws {
    let misspelt =
      parent.replacingOccurrences(
        of: "Modal: children/modal.yaml", with: "Modal: children/modl.yaml")
        + """

        spec: |
          [ ] composing shows the modal's screens
              given { Modal.draft: true }
              when compose
              expect { stack: [Home], presented: Compose }
        """
    let errors = document(misspelt).diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id.rawValue) == ["model.missing-flow-file"], "\(errors.map(\.message))")
  }

  @Test("flows that use each other in a cycle are an error where the cycle closes")
  func cycle() throws {
    let cyclic = pushedText.replacingOccurrences(
      of: "state:", with: "use: { Back: ../parent.yaml }\nstate:")
    let diagnostics = document(pushed: cyclic).diagnostics
    let diagnostic = try #require(diagnostics.only("model.flow-cycle"))
    #expect(diagnostic.file == "/app/children/pushed.yaml")
    #expect(
      diagnostic.message
        == "flow files use each other in a cycle: parent.yaml → pushed.yaml → parent.yaml")
    #expect(diagnostic.position == SourcePosition(line: 2, column: 14))
  }

  @Test("an error in a child's file is reported in that file, at its line")
  func childError() throws {
    let broken = pushedText.replacingOccurrences(
      of: "start: { push: Child }", with: "start: { push: Chidl }")
    let diagnostic = try #require(document(pushed: broken).diagnostics.only("check.unknown-screen"))
    #expect(diagnostic.file == "/app/children/pushed.yaml")
    #expect(diagnostic.position == SourcePosition(line: 3, column: 16))
    #expect(document(pushed: broken).validTree == nil)
  }

  @Test("start names a used flow, its state, and the parent hears how it finishes")
  func startChecks() throws {
    let source = MarkedSource(
      parent
        .replacingOccurrences(
          of: "{ start: Pushed, with: { greeting: hello } }", with: "{ start: ‸Pushd }"
        )
        .replacingOccurrences(
          of: "{ start: Modal, presented: fullScreen }",
          with: "{ start: ‸Modal, with: { ‸nope: 1 } }"
        )
        .replacingOccurrences(of: "\n      modalDone: dismiss", with: ""))
    let diagnostics = document(source.text).diagnostics
    let unknown = try #require(diagnostics.only("check.unknown-flow"))
    #expect(unknown.position == source.markers[0])
    #expect(unknown.fixIts.first?.replacement == "Pushed")
    let unheard = try #require(diagnostics.only("check.unheard-finish"))
    #expect(unheard.position == source.markers[1])
    #expect(
      unheard.message
        == "flow 'Modal' finishes with 'modalDone', but neither screen 'Home' nor the flow handles it; add it under 'on:'"
    )
    #expect(diagnostics.only("check.unknown-state")?.position == source.markers[2])
    #expect(
      diagnostics.only("check.unused-flow")?.message == "flow 'Pushed' is used but never started")
  }

  @Test("a value a child finishes with has a type its parent's handler passes it on as")
  func finishValueTypes() {
    let child = """
      flow: Picker
      state: { picked: 0 }
      start: { push: Pick }
      screens:
        Pick:
          on:
            text: { finish: done, with: { n: abc, item: 1 } }
            list: { finish: done, with: { n: 2, item: [1, x] } }
            fine: { finish: done, with: { n: 2, item: [1, 2], extra: anything } }
            away: { finish: closed, with: { n: nope } }
      """
    let parent = """
      flow: Parent
      use: { Picker: picker.yaml }
      state: { count: 0, nums: [1] }
      start: { setRoot: Home }
      on:
        closed: [{ set: { count: $n } }, pop]
      screens:
        Home:
          on:
            pick: { start: Picker }
            again: { start: Picker }
            done: [{ set: { count: $n } }, { append: { nums: $item } }, pop]
      """
    let document = FlowDocument(
      source: parent, path: "/app/parent.yaml",
      files: .embedded(["/app/picker.yaml": child]))
    let found = document.diagnostics.filter { $0.id == "check.event-argument-type" }
    // Reported once in the child's file, though two handlers start it.
    #expect(
      found.map { "\($0.file):\($0.position.line):\($0.position.column) \($0.message)" } == [
        "/app/picker.yaml:7:40 event 'done' passes 'n' on as an Int, but this value is a String",
        #"/app/picker.yaml:8:49 event 'done' gives 'item' to a list of items that are each an Int, as its default's are, but "x" is a String"#,
        // Heard by the flow's own handler, where the starting screen has none.
        "/app/picker.yaml:10:42 event 'closed' passes 'n' on as an Int, but this value is a String",
      ])
  }

  @Test("a 'params' expectation is typed by every screen of its name, a child's included")
  func childParameterTypes() {
    let child = """
      flow: Kid
      start: { push: CS, with: { id: abc } }
      screens:
        CS:
          params: { id: String }
          on:
            close: { finish: done }
      """
    let parent = """
      flow: Parent
      use: { Kid: kid.yaml }
      start: { setRoot: Home, with: { id: 1 } }
      screens:
        Home:
          params: { id: Int }
          on:
            go: { start: Kid }
            done: pop
      spec: |
        [ ] the child's screen holds text
            when go
            expect { top: CS, params: { id: abc } }
        [ ] no screen holds a flag
            when go
            expect { params: { id: true } }
      """
    let document = FlowDocument(
      source: parent, path: "/app/parent.yaml", files: .embedded(["/app/kid.yaml": child])
    ).runningChecklist()
    #expect(
      document.diagnostics.filter { $0.severity == .error }.map(\.message) == [
        "parameter 'id' is an Int or a String, but this value is a Bool"
      ], "\(document.diagnostics)")
  }

  @Test("a child that finished while its screens stayed says so when it finishes again")
  func finishedTwice() {
    let child = """
      flow: Child
      start: { push: CScreen }
      screens:
        CScreen:
          on:
            done: { finish: childDone }
      """
    let parent = """
      flow: Parent
      state: { heard: 0 }
      use: { Kid: kid.yaml }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            go: { start: Kid, presented: sheet }
            childDone: { add: { heard: 1 } }
      spec: |
        [ ] the parent forgets to dismiss the child's sheet
            when [go, done, done]
            expect { state: { heard: 2 } }
      """
    let checklist = ChecklistVerifier(
      filePath: "/app/parent.yaml", source: parent, files: ["/app/kid.yaml": child])
    #expect(
      checklist.failures(ofItem: 0).map(\.message) == [
        "'done' failed: flow 'Child' finishes with 'childDone', but it is not running: it finished already while its screens stayed (the handler that hears 'childDone' should pop or dismiss them), or they were shown without starting it, so no one hears it"
      ])
  }

  @Test("the checklist names the children's screens; a misspelt one is found among them")
  func checklistAcrossFiles() throws {
    let source = MarkedSource(
      parent + """

        spec: |
          [ ] pushes the child
              when go
              expect { stack: [Home, Child] }
          [ ] presents
              when [compose, next]
              expect { presented: { Compose: [‸Step3] } }
        """)
    let document = document(source.text)
    let diagnostic = try #require(document.diagnostics.only("check.unknown-screen"))
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.fixIts.first?.replacement == "Step2")
    #expect(document.checklistResults.first?.passed == true)
  }

  @Test("the checklist names a child's state as 'Flow.name'; its 'use:' name is shown the way")
  func checklistChildState() throws {
    let source = MarkedSource(
      parent.replacingOccurrences(of: "Pushed: children", with: "Greeter: children")
        .replacingOccurrences(of: "start: Pushed", with: "start: Greeter")
          + """

          spec: |
            [ ] the child counts
                when [go, bump]
                expect { stack: [Home, Child], state: { Pushed.count: 1 }, navBar: { title: hello } }
            [ ] by the use name
                when [go, bump]
                expect { state: { ‸Greeter.count: 1 } }
            [ ] misspelt
                when go
                expect { state: { ‸Pushed.cout: 0 } }
            [ ] given to the child
                given { ‸Pushed.count: 5 }
                when go
                expect { state: { Pushed.count: 5 } }
            [ ] of the wrong type
                when go
                expect { state: { Pushed.count: ‸many } }
          """)
    let document = document(source.text)
    let unknown = document.diagnostics.filter { $0.id == "check.unknown-state" }
    #expect(unknown.map(\.position) == Array(source.markers.prefix(2)), "\(document.diagnostics)")
    // The child sets its own state when it starts: 'given' cannot, and says where to.
    let given = document.diagnostics.filter { $0.id == "check.given-child-state" }
    #expect(given.map(\.position) == [source.markers[2]])
    #expect(
      given.first?.message.hasPrefix("'given' cannot set a child flow's state 'Pushed.count'")
        == true)
    let type = document.diagnostics.first { $0.position == source.markers[3] }
    #expect(type?.message.contains("state 'Pushed.count'") == true, "\(document.diagnostics)")
    #expect(
      unknown.first?.message
        == "a child flow's state is named by the child's 'flow:' name, not its name under 'use:': write 'Pushed.count', not 'Greeter.count'"
    )
    #expect(unknown.first?.fixIts.first?.replacement == "Pushed.count")
    #expect(unknown.last?.fixIts.first?.replacement == "Pushed.count", "did you mean")
    #expect(document.checklistResults.first?.passed == true)
  }

  @Test("verify reaches a finish handler only through the child, as a user does")
  func finishOnlyThroughTheChild() throws {
    let root = parent.replacingOccurrences(
      of: "pushedDone: pop", with: "pushedDone: [pop, { set: { finished: true } }]"
    ).replacingOccurrences(
      of: "start: { setRoot: Home }",
      with: """
        state: { finished: false }
        start: { setRoot: Home }
        properties:
          never finished: { never: { state: { finished: true } } }
        """)
    let tree = try #require(document(root).validTree, "\(document(root).diagnostics)")
    var verifier = PropertyVerifier(tree: tree)
    verifier.checksBuiltIns = false
    let report = verifier.verify()
    let path = report.failures.first?.path?.map { $0.syntax(braced: true) }
    #expect(path == ["go", "done"], "not [pushedDone], which no user can send")
    // A checklist step that sends it there does not make it a user's event.
    let sending = try #require(
      document(
        root + "\nspec: |\n  [ ] hears\n      when pushedDone\n      expect { stack: [Home] }\n"
      ).validTree)
    var direct = PropertyVerifier(tree: sending)
    direct.checksBuiltIns = false
    #expect(direct.verify().failures.first?.path?.count == 2)
    // An after property about the finish event is not put to the test at the starter: said.
    let after = try #require(
      document(
        root.replacingOccurrences(
          of: "never finished: { never: { state: { finished: true } } }",
          with: "after finishing: { after: pushedDone, then: { top: Home } }")
      ).validTree)
    var judged = PropertyVerifier(tree: after)
    judged.checksBuiltIns = false
    let judgedReport = judged.verify()
    #expect(judgedReport.failures.isEmpty, "\(judgedReport.failures.map(\.message))")
    #expect(judgedReport.warnings.map(\.id) == ["verify.vacuous"])
  }

  @Test("verify reaches a flow's own handler of a child's finish only through the child")
  func flowLevelFinishOnlyThroughTheChild() throws {
    let root =
      parent.replacingOccurrences(of: "pushedDone: pop", with: "back: pop")
      .replacingOccurrences(
        of: "start: { setRoot: Home }",
        with: """
          start: { setRoot: Home }
          state: { n: 0 }
          on: { pushedDone: { add: { n: 1 } } }
          properties:
            finished: { never: { state: { n: 1 } } }
          """)
    let tree = try #require(document(root).validTree, "\(document(root).diagnostics)")
    var verifier = PropertyVerifier(tree: tree)
    verifier.checksBuiltIns = false
    let path = verifier.verify().failures.first?.path?.map { $0.syntax(braced: true) }
    #expect(path == ["go", "done"], "not [pushedDone], which only the child sends")
  }

  @Test("an event a child finishes with is still sent where a screen handles it as its own")
  func finishNameAlsoAButton() throws {
    let root =
      parent.replacingOccurrences(
        of: "start: { setRoot: Home }",
        with: "start: { setRoot: Home }\nproperties:\n  no secret: { never: { top: Secret } }")
      + "\n      other: { push: Other }\n  Other: { on: { pushedDone: { push: Secret } } }"
      + "\n  Secret: {}\n"
    let tree = try #require(document(root).validTree, "\(document(root).diagnostics)")
    var verifier = PropertyVerifier(tree: tree)
    verifier.checksBuiltIns = false
    let path = verifier.verify().failures.first?.path?.map { $0.syntax(braced: true) }
    #expect(path == ["other", "pushedDone"], "Other handles it as a user's event")
  }

  @Test("a root screen named like a child's screen ('Modal.Compose') is a node of its own")
  func graphNamesAcrossFlows() throws {
    let root = parent.replacingOccurrences(
      of: "    modalDone: dismiss",
      with:
        "    modalDone: dismiss\n      odd: { push: \"Modal.Compose\" }\n  \"Modal.Compose\": {}")
    let tree = try #require(document(root).validTree, "\(document(root).diagnostics)")
    let graph = FlowGraph(tree: tree)
    let named = graph.nodes.filter { $0.name == "Modal.Compose" }
    #expect(named.map(\.flow) == [0, 2])
    #expect(Set(graph.nodes.map(\.id)).count == graph.nodes.count)
    let dot = graph.dot()
    #expect(dot.contains(#""screen Modal.Compose" [shape=box"#), "\(dot)")
    #expect(dot.contains(#""screen Modal.Compose 2" [shape=box"#), "\(dot)")
  }

  @Test("the graph draws each child flow as a cluster")
  func graph() throws {
    let graph = FlowGraph(tree: try #require(document().validTree))
    #expect(
      graph.nodes.filter { $0.cluster == "Modal" }.map(\.name) == [
        "Modal.start", "Modal.Compose", "Modal.Step2",
      ])
    #expect(graph.dot().contains("subgraph \"cluster_Pushed\" {"))
    // A cluster's id is the graph's own; its title is a quoted label, escaped like any.
    #expect(
      graph.mermaid().split(separator: "\n").contains {
        $0.hasPrefix("  subgraph c") && $0.hasSuffix(#"["Modal"]"#)
      })
    #expect(
      graph.edges.contains {
        $0.from.name == "Home"
          && $0.to == FlowGraph.Node.ID(kind: .start, name: "Modal.start", flow: 2)
          && $0.operation == "start, presented as fullScreen"
      })
  }
}

@Suite("Modal stacks, onAppear, starting from a stack, and bars as UIKit draws them")
struct ModalStackTests {
  private let flow = """
    flow: M
    state: { appeared: 0, entered: 0 }
    start: { setRoot: List }
    screens:
      List:
        onEnter: { add: { entered: 1 } }
        onAppear: { add: { appeared: 1 } }
        on:
          add: { push: Add }
          compose: { present: Compose, stack: true }
          quick: { present: Quick }
      Add:
        navBar: { title: Add, left: { title: Cancel, action: cancel } }
        on:
          cancel: pop
      Compose:
        on:
          next: { push: Step2 }
          discard: { present: Discard }
          done: dismiss
      Step2: {}
      Quick:
        on:
          more: { push: Step2 }
          done: dismiss
    alerts:
      Discard:
        title: Discard changes?
        actions: [{ title: Keep, style: cancel }, { title: Discard, do: dismiss }]
    """

  @Test("onAppear runs when a screen is shown and each time a pop or a dismiss reveals it")
  func onAppear() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    #expect(navigator.value(of: "appeared") == .int(1))
    try navigator.send(["add", "cancel", "compose", "done", "quick", "done"])
    #expect(navigator.value(of: "appeared") == .int(4))
    #expect(navigator.value(of: "entered") == .int(1))
  }

  @Test("a stack of its own: push and pop act on it, dismiss takes it all")
  func modalStack() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    try navigator.send(["compose", "next"])
    #expect(navigator.presentedStack?.map(\.name) == ["Compose", "Step2"])
    #expect(navigator.stack == ["List"])
    try navigator.send(.tap(.back))
    try navigator.send("done")
    #expect(navigator.presented == nil)
    #expect(navigator.log.last?.description == "dismiss(Compose, animated: true)")
  }

  @Test("a push on a screen presented without a stack is refused and logged; the checker warns")
  func pushWithoutStack() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    try navigator.send(["quick", "more"])
    #expect(navigator.presentedStack == nil)
    #expect(
      navigator.log.last?.outcome
        == .refused(
          "'Quick' is presented without a navigation stack ('stack: true'), so nothing can be pushed on it"
        ))
    let warning = try #require(
      TestFlows.document(flow).diagnostics.only("check.push-without-stack"))
    #expect(warning.position == SourcePosition(line: 24, column: 15))
  }

  @Test("a presented screen presents its own alert; its action runs with the screen beneath")
  func alertOverModal() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    try navigator.send(["compose", "discard"])
    #expect(navigator.presentations.map(\.name) == ["Compose", "Discard"])
    try navigator.send(.alertAction("Discard"))
    #expect(navigator.presentations.isEmpty)
  }

  @Test("a left item replaces the back button unless it supplements it")
  func leftItem() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    try navigator.send("add")
    #expect(navigator.navigationBar?.showsBackButton == false)
    let error = #expect(throws: NavigationError.self) { try navigator.send(.tap(.back)) }
    #expect(error?.message.contains("replaces its back button") == true)
    var supplemented = try Navigator(
      flow: try TestFlows.flow(
        flow.replacingOccurrences(
          of: "navBar: { title: Add, left: { title: Cancel, action: cancel } }",
          with:
            "navBar: { title: Add, left: { title: Cancel, action: cancel }, leftItemsSupplementBackButton: true }"
        )))
    try supplemented.send(["add", .tap(.back)])
    #expect(supplemented.stack == ["List"])
  }

  @Test("given { stack: … } starts a scenario there instead of running start")
  func givenStack() throws {
    let document = TestFlows.document(
      flow
        + """

        spec: |
          [ ] starts on Add
              given { stack: [List, Add] }
              expect { stack: [List, Add], calls: { setRoot: 0, push: 0 }, state: { entered: 1 } }
              when cancel
              expect { stack: [List], state: { appeared: 1 } }
          [ ] an unknown screen
              given { stack: [List, ‸Nope] }
              expect { top: List }
        """.replacingOccurrences(of: "‸", with: ""))
    #expect(document.checklistResults.map(\.passed) == [true, false])
    #expect(
      document.diagnostics.only("check.unknown-screen")?.message == "'stack' names no screen 'Nope'"
    )
  }
}

@Suite("Generated tests of flows with children")
struct ChildFlowVerifierTests {
  @Test("a failure inside a child's file is reported at that file's line; a passing item passes")
  func failuresInTheirFiles() throws {
    let files = ["/app/children/pushed.yaml": pushedText, "/app/children/modal.yaml": modal]
    let checklist =
      parent + """

        spec: |
          [ ] pushes
              when go
              expect { top: Child }
        """
    let sound = ChecklistVerifier(filePath: "/app/parent.yaml", source: checklist, files: files)
    #expect(sound.failures(ofItem: 0) == [])
    var broken = files
    broken["/app/children/pushed.yaml"] = pushedText.replacingOccurrences(
      of: "start: { push: Child }", with: "start: { push: Chidl }")
    let failures = ChecklistVerifier(filePath: "/app/parent.yaml", source: checklist, files: broken)
      .failures(ofItem: 0)
    #expect(failures.map(\.filePath) == ["/app/children/pushed.yaml"])
    #expect(failures.first?.fileID == "Parent/pushed.yaml")
    #expect(failures.first?.line == 3)
  }

  @Test("flowc gen embeds every child's text, so the tests run from any folder")
  func genEmbedsChildren() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("parent.yaml", parent)
    try folder.write("children/pushed.yaml", pushedText)
    try folder.write("children/modal.yaml", modal)
    let result = flowc(["gen", path, "--output", folder.path + "/out"])
    #expect(result.status == 0, "\(result)")
    let generated = try folder.read("out/ParentChecklist.swift")
    #expect(generated.contains("files: [\n"))
    #expect(generated.contains("\"\(folder.path)/children/modal.yaml\": #\"\"\"\nflow: Modal\n"))
    #expect(generated.contains("\"\(folder.path)/children/pushed.yaml\": #\"\"\""))
  }

  @Test(
    "a value an event passes to a child flow is typed as the child's state, so verify sends it as one"
  )
  func argumentsTypedByChildState() throws {
    let root = parent.replacingOccurrences(
      of: "go: { start: Pushed, with: { greeting: hello } }",
      with:
        "go: { start: Pushed, with: { greeting: $g, count: $n } }\n      edit: { start: Modal, with: { draft: $d } }"
    )
    let modalWithDraft = modal.replacingOccurrences(
      of: "flow: Modal", with: "flow: Modal\nstate: { draft: { title: x } }")
    let document = document(root, modal: modalWithDraft)
    let tree = try #require(document.tree)
    let arguments = tree.eventSignatures.filter { ["go", "edit"].contains($0.name.value) }.map {
      "\($0.name.value)(\($0.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")))"
    }
    #expect(arguments == ["go(g: String, n: Int)", "edit(d: Record)"])
    // A record no checklist gives cannot be sent: said, not passed over in silence.
    var verifier = PropertyVerifier(tree: tree)
    verifier.checksBuiltIns = false
    let report = verifier.verify()
    #expect(
      report.warnings.map(\.id) == ["verify.unsent-event"]
        && report.warnings.first?.message.contains("'edit'") == true,
      "\(report.warnings.map(\.message))")
  }
}
