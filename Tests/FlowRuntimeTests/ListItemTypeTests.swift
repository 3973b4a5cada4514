import FlowSpec
import FlowTestSupport
import Testing

/// A flow whose lists show the type of their items by their defaults, with a checklist item
/// for each way a value the checker cannot see (a request's outcome value) reaches them while
/// the flow runs, and lists that take anything.
private let listsFlow = """
  flow: Lists
  use: { Picker: picker.yaml }
  state:
    nums: [1, 2]
    tasks: [{ title: Buy milk, done: false }]
    anything: []
    mixed: [1, a]
    loose: [{ n: 1 }, { n: x }]
  requests:
    add: { onSuccess: { append: { nums: $n } } }
    drop: { onSuccess: { remove: { nums: $n } } }
    replace: { onSuccess: { set: { nums: $all } } }
    addTask: { onSuccess: { append: { tasks: $task } } }
    mark: { onSuccess: { update: { tasks: { where: { title: Buy milk }, set: { done: $d } } } } }
    keep: { onSuccess: { append: { anything: $n, mixed: $n, loose: { n: $n } } } }
    pick: { onSuccess: { start: Picker, with: { picks: $all } } }
  start: [{ setRoot: Home }, { request: add }, { request: drop }, { request: replace }, { request: addTask }, { request: mark }, { request: keep }, { request: pick }]
  on:
    picked: pop
  screens:
    Home: {}
  spec: |
    [ ] an Int appended to a list of Ints is kept
        when { complete: add, with: { n: 3 } }
        expect { state: { nums: [1, 2, 3] }, pending: [drop, replace, addTask, mark, keep, pick] }
    [ ] text appended to a list of Ints stops the item where it is brought
        when { complete: add, with: { n: abc } }
        expect { top: Home }
    [ ] a list appended to a list of Ints must hold Ints
        when { complete: add, with: { n: [3, x] } }
        expect { top: Home }
    [ ] text removed from a list of Ints stops it too: it could match nothing
        when { complete: drop, with: { n: abc } }
        expect { top: Home }
    [ ] a whole list set must hold Ints
        when { complete: replace, with: { all: [true] } }
        expect { top: Home }
    [ ] a record's field must have the type the default's records give it
        when { complete: addTask, with: { task: { title: Eggs, done: "no" } } }
        expect { top: Home }
    [ ] an update's field too
        when { complete: mark, with: { d: abc } }
        expect { top: Home }
    [ ] a list with an empty default, or items of several types, takes anything; so does a field of several types
        when { complete: keep, with: { n: abc } }
        expect { state: { anything: [abc], mixed: [1, a, abc], loose: [{ n: 1 }, { n: x }, { n: abc }] }, pending: [add, drop, replace, addTask, mark, pick] }
    [ ] a child flow's list is checked when the child starts
        when { complete: pick, with: { all: [a] } }
        expect { top: Home }
  """

private let pickerFlow = """
  flow: Picker
  state: { picks: [0] }
  start: { push: Pick }
  screens:
    Pick:
      on:
        close: { finish: picked }
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
    // A field two records give different types takes any value, as a mixed list does.
    #expect(records.fieldTypes == ["title": .string, "count": .int])
    #expect(records.fieldNames == ["count", "done", "title"])
    #expect(records.misfit(.record(["done": .string("x"), "title": .string("b")])) == nil)
    // Fields are judged in name order: the first misfit named is the same on every run.
    #expect(
      records.misfit(.record(["title": .int(1), "count": .string("2")]))
        == ListItemMisfit(field: "count", expected: .int, found: .string("2")))
    // A field no record has is the checker's warning, not a misfit; a partial record fits.
    #expect(records.misfit(.record(["titel": .int(1)])) == nil)
    #expect(records.misfit(.record(["title": .string("b")])) == nil)
    #expect(records.misfit(.string("b"))?.expected == .record)
    #expect(records.misfit(inFields: ["count": .bool(true)])?.field == "count")
  }

  @Test(
    "a default always fits the rule it sets",
    arguments: [
      Value.list([.int(1), .int(2)]), .list([.int(1), .string("a")]),
      .list([.record(["a": .int(1)]), .record(["a": .string("x")])]),
      .list([.record(["a": .int(1)]), .string("x"), .record(["b": .bool(true)])]),
      .list([.list([.int(1)]), .list([.string("a")])]),
    ])
  func defaultFits(_ value: Value) {
    #expect(ListItemRule(default: value)?.misfit(inList: value) == nil)
  }

  @Test("flowc check: a literal item of another type is an error where it is written")
  func checked() {
    let source = """
      flow: Bad
      state: { nums: [1, 2], tasks: [{ title: a, done: false }], count: 0, free: [], label: x, words: [a], draft: { title: b, done: maybe } }
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
            i: { append: { nums: $words } }
            j: { set: { nums: $words } }
            k: { append: { tasks: $draft } }
            l: { set: { tasks: [{ titel: b, done: true }] } }
            m: { set: { nums: [$count] } }
            fine: { append: { nums: [5, 6], free: [x, 1] } }
            alsoFine: { append: { nums: $count, tasks: { title: c, done: true } } }
            fromAList: { append: { nums: $free } }
      spec: |
        [ ] given and expected lists are checked too
            given { nums: [x] }
            expect { state: { nums: [1, zed] } }
      """
    let diagnostics = TestFlows.document(source).diagnostics
    #expect(
      diagnostics.filter { $0.severity == .warning }.map {
        "\($0.id) \($0.position.line):\($0.position.column) \($0.message)"
      } == [
        "check.unknown-record-field 20:26 no record of 'tasks' has a field 'titel'; its records have 'done', 'title'"
      ])
    let errors = diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map { "\($0.id) \($0.position.line):\($0.position.column) \($0.message)" } == [
        #"check.type-mismatch 7:28 each item of state 'nums' is an Int, as its default's items are, but "abc" is a String"#,
        #"check.type-mismatch 8:28 each item of state 'nums' is an Int, as its default's items are, but "four" is a String"#,
        #"check.type-mismatch 9:28 each item of state 'nums' is an Int, as its default's items are, but "gone" is a String"#,
        #"check.type-mismatch 10:25 each item of state 'nums' is an Int, as its default's items are, but "x" is a String"#,
        "check.type-mismatch 11:26 field 'done' of the records of 'tasks' is a Bool, but this value is an Int",
        "check.type-mismatch 12:28 each item of state 'nums' is an Int, but this value is a String",
        #"check.type-mismatch 13:28 each item of state 'nums' is an Int, as its default's items are, but { "n": 1 } is a record"#,
        #"check.type-mismatch 15:21 each item of state 'nums' is an Int, as its default's items are, but true is a Bool"#,
        "check.type-mismatch 17:28 each item of state 'nums' is an Int, as its default's items are, but '$words' holds items that are each a String",
        "check.type-mismatch 18:25 each item of state 'nums' is an Int, as its default's items are, but '$words' holds items that are each a String",
        "check.type-mismatch 19:29 field 'done' of the records of 'tasks' is a Bool, as in its default, but '$draft' has it as a String",
        #"check.type-mismatch 21:25 each item of state 'nums' is an Int, as its default's items are, but "$count" is a String ('$name' inside a list is text: give a list state whole, as in '$list')"#,
        #"check.type-mismatch 27:21 each item of state 'nums' is an Int, as its default's items are, but "x" is a String"#,
        #"check.type-mismatch 28:31 each item of state 'nums' is an Int, as its default's items are, but "zed" is a String"#,
      ])
  }

  @Test("flowc check: a step's value for an argument a handler appends must fit the list")
  func stepArguments() {
    let source = """
      flow: Steps
      state: { nums: [1, 2], words: [a], free: [] }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            addN: { append: { nums: $n } }
            either: { append: { nums: $v } }
            anything: { append: { free: $v } }
        Other:
          on:
            either: { remove: { words: $v } }
      spec: |
        [ ] wrong
            when [{ addN: { n: abc } }, { addN: { n: [3, x] } }, { addN: { n: true } }]
            expect { top: Home }
        [ ] right
            when [{ addN: { n: 3 } }, { addN: { n: [4, 5] } }, { either: { v: a } }, { either: { v: 1 } }, { anything: { v: [x, 1] } }]
            expect { top: Home }
      """
    let errors = TestFlows.document(source).diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map { "\($0.id) \($0.position.line):\($0.position.column) \($0.message)" } == [
        #"check.event-argument-type 15:26 event 'addN' gives 'n' to a list of items that are each an Int, as its default's are, but "abc" is a String"#,
        #"check.event-argument-type 15:48 event 'addN' gives 'n' to a list of items that are each an Int, as its default's are, but "x" is a String"#,
        "check.event-argument-type 15:73 event 'addN' gives 'n' to a list of items that are each an Int, as its default's are, but true is a Bool",
      ])
  }

  @Test("a record state keeps its default's fields and their types, checked and when run")
  func recordState() {
    let source = """
      flow: R
      state: { user: { name: Bob, age: 3 } }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            misspelt: { set: { user: { nmae: Ann, age: 4 } } }
            wrong: { set: { user: { name: 1, age: 4 } } }
            fine: { set: { user: { name: Ann, age: 4 } } }
            bring: { set: { user: $u } }
      spec: |
        [ ] given a record of the wrong types
            given { user: { name: Ann, age: old } }
            expect { top: Home }
        [ ] a record an event brings is judged when run
            when { bring: { u: { name: Ann, age: old } } }
            expect { top: Home }
      """
    let diagnostics = TestFlows.document(source).diagnostics
    #expect(
      diagnostics.map { "\($0.id) \($0.position.line):\($0.position.column) \($0.message)" } == [
        "check.unknown-record-field 7:32 'user' has no field 'nmae'; its fields are 'age', 'name'",
        "check.missing-record-field 7:32 state 'user' is a record with every field of its default, but this one has no 'name'; give every field ('{ age: …, name: … }'), or change some with '{ update: { user: { set: { … } } } }'",
        "check.type-mismatch 8:29 field 'name' of 'user' is a String, but this value is an Int",
        "check.type-mismatch 13:21 field 'age' of 'user' is an Int, but this value is a String",
      ])
    // Without the handlers in error, which would fail every item, and the item in error.
    let running = source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated().filter { ![6, 7, 8, 11, 12, 13].contains($0.offset) }
      .map(\.element).joined(separator: "\n")
    let checklist = ChecklistVerifier(filePath: "r.yaml", source: running)
    #expect(
      checklist.failures(ofItem: 0).map(\.message) == [
        #"'bring(u: { age: "old", name: "Ann" })' failed: field 'age' of state 'user' is an Int, as in its default, but the value "old" is a String"#
      ])
  }

  @Test("a record written to a record state gives every field; 'update' changes some")
  func recordStateFields() {
    let source = MarkedSource(
      """
      flow: R
      state: { user: { name: Bob, age: 3 }, count: 0 }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            partial: { set: { user: ‸{ name: Ann } } }
            rename: { update: { user: { set: { name: Ann } } } }
            renameIfFour: { update: { user: { where: { age: 4 }, set: { name: Cy } } } }
            count: { update: { ‸count: { set: { a: 1 } } } }
            bring: { set: { user: $u } }
      spec: |
        [ ] an expectation gives every field
            expect { state: { user: ‸{ name: Bob } } }
      """)
    #expect(
      TestFlows.document(source.text).diagnostics.map { "\($0.id) \($0.message)" } == [
        "check.missing-record-field state 'user' is a record with every field of its default, but this one has no 'age'; give every field ('{ age: …, name: … }'), or change some with '{ update: { user: { set: { … } } } }'",
        "check.type-mismatch 'update' changes a list or a record state, but 'count' is an Int",
        "check.missing-record-field state 'user' is a record with every field of its default, but this one has no 'age'; give every field ('{ age: …, name: … }')",
      ])
    #expect(TestFlows.document(source.text).diagnostics.map(\.position) == source.markers)

    let running = """
      flow: R
      state: { user: { name: Bob, age: 3 } }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            rename: { update: { user: { set: { name: Ann } } } }
            renameIfFour: { update: { user: { where: { age: 4 }, set: { name: Cy } } } }
            bring: { set: { user: $u } }
      spec: |
        [ ] update writes the fields it sets and keeps the others
            when rename
            expect { state: { user: { name: Ann, age: 3 } } }
        [ ] update with 'where' writes nothing when the record does not hold those fields
            when renameIfFour
            expect { state: { user: { name: Bob, age: 3 } } }
        [ ] a record an event brings without a field is refused when run
            when { bring: { u: { name: Zed } } }
            expect { top: Home }
      """
    let checklist = ChecklistVerifier(filePath: "r.yaml", source: running)
    #expect(checklist.entries.count == 3)
    #expect(
      checklist.entries.map { checklist.failures(ofItem: $0.id).map(\.message) } == [
        [], [],
        [
          #"'bring(u: { name: "Zed" })' failed: state 'user' is a record with a field 'age', as in its default, but the value { name: "Zed" } has none"#
        ],
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
        #"7:42 each item of state 'Child.picks' is an Int, as its default's items are, but "two" is a String"#
      ])
  }

  @Test(
    "running: an outcome's value of the wrong type stops the item at its step, seen by the checker or not"
  )
  func refusedWhenRun() {
    let checklist = ChecklistVerifier(
      filePath: "lists.yaml", source: listsFlow, files: ["picker.yaml": pickerFlow])
    #expect(checklist.entries.count == 9)
    let results = checklist.entries.map { entry in
      checklist.failures(ofItem: entry.id).map { "\($0.line):\($0.column) \($0.message)" }
    }
    let item = "each item of state 'nums' is an Int, as in its default, but the value"
    let field = "of the records of state 'tasks' is a Bool, as in its default, but the value"
    // The checker sees a literal given to a list's item or to a Bool (and reports it first);
    // not an item inside a list set whole, nor a record's field.
    let seen = "gives 'n' to a list of items that are each an Int, as its default's are, but"
    #expect(
      results == [
        [],
        [
          #"27:40 'complete' of request 'add' \#(seen) "abc" is a String"#,
          #"27:12 'complete add(n: "abc")' failed: \#(item) "abc" is a String"#,
        ],
        [
          #"30:40 'complete' of request 'add' \#(seen) "x" is a String"#,
          #"30:12 'complete add(n: [3, "x"])' failed: \#(item) "x" is a String"#,
        ],
        [
          #"33:41 'complete' of request 'drop' \#(seen) "abc" is a String"#,
          #"33:12 'complete drop(n: "abc")' failed: \#(item) "abc" is a String"#,
        ],
        [#"36:12 'complete replace(all: [true])' failed: \#(item) true is a Bool"#],
        [
          #"39:12 'complete addTask(task: { done: "no", title: "Eggs" })' failed: field 'done' \#(field) "no" is a String"#
        ],
        [
          #"42:41 'complete' of request 'mark' passes 'd' on as a Bool, but this value is a String"#,
          #"42:12 'complete mark(d: "abc")' failed: field 'done' \#(field) "abc" is a String"#,
        ],
        [],
        [
          #"48:12 'complete pick(all: ["a"])' failed: each item of state 'Picker.picks' is an Int, as in its default, but the value "a" is a String"#
        ],
      ])
  }

  @Test("running: a list given before the flow starts is refused as one set is")
  func given() throws {
    let program = NavigationProgram(
      try TestFlows.flow(
        "flow: G\nstate: { nums: [1, 2] }\nstart: { setRoot: A }\nscreens: { A: {} }\n"))
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
