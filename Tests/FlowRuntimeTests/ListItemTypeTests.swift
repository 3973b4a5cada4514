import FlowSpec
import FlowTestSupport
import Testing

/// A flow whose lists show the type of their items by their defaults, a checklist item of
/// each kind of value written to them while the flow runs, and one list that takes anything.
private let listsFlow = """
  flow: Lists
  state:
    nums: [1, 2]
    tasks: [{ title: Buy milk, done: false }]
    anything: []
    mixed: [1, a]
  start: { setRoot: Home }
  screens:
    Home:
      on:
        addN: { append: { nums: $n } }
        dropN: { remove: { nums: $n } }
        setNums: { set: { nums: $all } }
        addTask: { append: { tasks: $task } }
        keep: { append: { anything: $n, mixed: $n } }
  spec: |
    [ ] an Int appended to a list of Ints is kept
        when { addN: { n: 3 } }
        expect { state: { nums: [1, 2, 3] } }
    [ ] text appended to a list of Ints is refused where it is sent
        when { addN: { n: abc } }
        expect { state: { nums: [1, 2] } }
    [ ] a list appended to a list of Ints must hold Ints
        when { addN: { n: [3, x] } }
        expect { state: { nums: [1, 2] } }
    [ ] text removed from a list of Ints is refused too: it could match nothing
        when { dropN: { n: abc } }
        expect { state: { nums: [1, 2] } }
    [ ] a whole list set must hold Ints
        when { setNums: { all: [true] } }
        expect { top: Home }
    [ ] a record's field must have the type the default's records give it
        when { addTask: { task: { title: Eggs, done: "no" } } }
        expect { top: Home }
    [ ] a list with an empty default, or items of several types, takes anything
        when [{ keep: { n: abc } }, { keep: { n: 3 } }]
        expect { state: { anything: [abc, 3], mixed: [1, a, abc, 3] } }
  """

@Suite("Lists hold items of the type their default's items have")
struct ListItemTypeTests {
  @Test("the rule a default sets: one type for all its items, and its records' field types")
  func rule() throws {
    #expect(ListItemRule(default: .list([])) == nil)
    #expect(ListItemRule(default: .int(3)) == nil)
    #expect(ListItemRule(default: .list([.int(1), .string("a")])) == nil)
    let ints = try #require(ListItemRule(default: .list([.int(1), .int(2)])))
    #expect(ints.itemType == .int)
    #expect(ints.misfit(.int(5)) == nil)
    #expect(
      ints.misfit(.string("5")) == ListItemMisfit(field: nil, expected: .int, found: .string("5")))
    #expect(ints.misfit(inItemOrItems: .list([.int(1), .bool(true)]))?.found == .bool(true))
    #expect(ints.misfit(inItemOrItems: .list([.int(1), .int(4)])) == nil)
    // A whole list is judged by its items; a value that is no list is the state type's concern.
    #expect(ints.misfit(inList: .string("x")) == nil)
    #expect(ints.misfit(inList: .list([.string("x")]))?.found == .string("x"))

    let records = try #require(
      ListItemRule(
        default: .list([
          .record(["title": .string("a"), "done": .bool(false)]),
          .record(["done": .int(1), "count": .int(2)]),
        ])))
    #expect(records.itemType == .record)
    // A field two records give different types has the first's.
    #expect(records.fieldTypes == ["title": .string, "done": .bool, "count": .int])
    #expect(
      records.misfit(.record(["done": .int(1), "title": .string("b")]))
        == ListItemMisfit(field: "done", expected: .bool, found: .int(1)))
    // A field no record has is the checker's warning, not a misfit; a partial record fits.
    #expect(records.misfit(.record(["titel": .int(1)])) == nil)
    #expect(records.misfit(.record(["title": .string("b")])) == nil)
    #expect(records.misfit(.string("b"))?.expected == .record)
  }

  @Test("flowc check: a literal item of another type is an error where it is written")
  func checked() {
    let source = """
      flow: Bad
      state: { nums: [1, 2], tasks: [{ title: a, done: false }], count: 0, free: [], label: x }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            a: { append: { nums: abc } }
            b: { append: { nums: [3, four] } }
            c: { remove: { nums: gone } }
            d: { set: { nums: [1, x] } }
            e: { set: { tasks: [{ title: b, done: 3 }] } }
            f: { append: { nums: $label } }
            g: { append: { nums: { n: 1 } } }
            h:
              if: { nums: [1, true] }
              then: { set: { count: 1 } }
            fine: { append: { nums: [5, 6], free: [x, 1] } }
            alsoFine: { append: { nums: $count, tasks: { title: c, done: true } } }
            fromAList: { append: { nums: $free } }
      spec: |
        [ ] given and expected lists are checked too
            given { nums: [x] }
            expect { state: { nums: [1, zed] } }
      """
    let errors = TestFlows.document(source).diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map { "\($0.id) \($0.position.line):\($0.position.column) \($0.message)" } == [
        #"check.type-mismatch 7:28 each item of state 'nums' is an Int, as its default's items are, but "abc" is a String"#,
        #"check.type-mismatch 8:28 each item of state 'nums' is an Int, as its default's items are, but "four" is a String"#,
        #"check.type-mismatch 9:28 each item of state 'nums' is an Int, as its default's items are, but "gone" is a String"#,
        #"check.type-mismatch 10:25 each item of state 'nums' is an Int, as its default's items are, but "x" is a String"#,
        #"check.type-mismatch 11:26 field 'done' of the records of 'tasks' is a Bool, as in its default, but 3 is an Int"#,
        "check.type-mismatch 12:28 each item of state 'nums' is an Int, but this value is a String",
        #"check.type-mismatch 13:28 each item of state 'nums' is an Int, as its default's items are, but { "n": 1 } is a record"#,
        #"check.type-mismatch 15:21 each item of state 'nums' is an Int, as its default's items are, but true is a Bool"#,
        #"check.type-mismatch 22:21 each item of state 'nums' is an Int, as its default's items are, but "x" is a String"#,
        #"check.type-mismatch 23:31 each item of state 'nums' is an Int, as its default's items are, but "zed" is a String"#,
      ])
  }

  @Test("a child flow's list given in 'with:' is checked against the child's default")
  func childWith() {
    let parent = """
      flow: Parent
      use: { Child: child.yaml }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            go: { start: Child, with: { picks: [1, two] } }
            done: pop
      """
    let child = """
      flow: Child
      state: { picks: [0] }
      start: { push: Pick }
      screens:
        Pick:
          on:
            close: { finish: done }
      """
    let document = FlowDocument(
      source: parent, path: "parent.yaml", files: .embedded(["child.yaml": child]))
    #expect(
      document.diagnostics.filter { $0.id == "check.type-mismatch" }.map {
        "\($0.position.line):\($0.position.column) \($0.message)"
      } == [
        #"7:42 each item of state 'picks' is an Int, as its default's items are, but "two" is a String"#
      ])
  }

  @Test("running: a value an event brings is refused where the step sends it")
  func refusedWhenRun() {
    let checklist = ChecklistVerifier(filePath: "lists.yaml", source: listsFlow)
    #expect(checklist.entries.count == 7)
    let results = checklist.entries.map { entry in
      checklist.failures(ofItem: entry.id).map { "\($0.line):\($0.column) \($0.message)" }
    }
    #expect(
      results == [
        [],
        [
          #"21:12 'addN(n: "abc")' failed: each item of state 'nums' is an Int, as in its default, but the value "abc" is a String"#
        ],
        [
          #"24:12 'addN(n: [3, "x"])' failed: each item of state 'nums' is an Int, as in its default, but the value "x" is a String"#
        ],
        [
          #"27:12 'dropN(n: "abc")' failed: each item of state 'nums' is an Int, as in its default, but the value "abc" is a String"#
        ],
        [
          #"30:12 'setNums(all: [true])' failed: each item of state 'nums' is an Int, as in its default, but the value true is a Bool"#
        ],
        [
          #"33:12 'addTask(task: { done: "no", title: "Eggs" })' failed: field 'done' of the records of state 'tasks' is a Bool, as in its default, but the value "no" is a String"#
        ],
        [],
      ])
  }

  @Test("running: a list given before the flow starts is refused as one set is")
  func given() throws {
    let program = NavigationProgram(try TestFlows.flow(listsFlow))
    do {
      _ = try Navigator(program: program, given: ["nums": .list([.int(1), .string("b")])])
      Issue.record("a list of Ints given a String was taken")
    } catch {
      #expect(
        error.message
          == #"each item of state 'nums' is an Int, as in its default, but the value "b" is a String"#
      )
    }
    let navigator = try Navigator(program: program, given: ["nums": .list([.int(7)])])
    #expect(navigator.value(of: "nums") == .list([.int(7)]))
  }
}
