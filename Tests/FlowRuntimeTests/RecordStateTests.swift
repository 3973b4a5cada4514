import FlowSpec
import FlowTestSupport
import Testing

private let tasksFlow = """
  flow: Todo
  state:
    tasks: [{ title: Water plants, isCompleted: true }]
  start: { setRoot: List }
  screens:
    List:
      on:
        add: { append: { tasks: { title: $title, isCompleted: false } } }
        complete: { update: { tasks: { where: { title: $title }, set: { isCompleted: true } } } }
        reopenAll: { update: { tasks: { set: { isCompleted: false } } } }
        delete: { remove: { tasks: { title: $title } } }
        clearDone: { remove: { tasks: { isCompleted: true } } }
  spec: |
    [ ] a task is added not completed
        when { add: { title: Buy milk } }
        expect { state: { tasks: [{ title: Water plants, isCompleted: true }, { isCompleted: false, title: Buy milk }] } }
        [ ] completing it marks only it
            when [{ add: { title: Call mum } }, { complete: { title: Buy milk } }]
            expect { state: { tasks: [{ title: Water plants, isCompleted: true }, { title: Buy milk, isCompleted: true }, { title: Call mum, isCompleted: false }] } }
        [ ] deleting it removes it by title, and no other
            when { delete: { title: Buy milk } }
            expect { state: { tasks: [{ title: Water plants, isCompleted: true }] } }
        [ ] done tasks are cleared by a field they hold
            when [{ add: { title: Call mum } }, { complete: { title: Call mum } }, clearDone]
            expect { state: { tasks: [{ title: Buy milk, isCompleted: false }] } }
        [ ] an update with no where changes every record
            when reopenAll
            expect { state: { tasks: [{ title: Water plants, isCompleted: false }, { title: Buy milk, isCompleted: false }] } }
        [ ] a record expected with a field that differs fails
            expect { state: { tasks: [{ title: Water plants, isCompleted: true }, { title: Buy milk, isCompleted: true }] } }
  """

/// What a driver's app keeps: a struct of scalars is a record, one with anything else is not.
private struct TodoTask {
  var title: String
  var isCompleted: Bool
  var priority: Int?
}

private struct Tagged {
  var title: String
  var tags: [String]
}

@Suite("State holding records: lists of tasks appended, updated and removed by field")
struct RecordStateTests {
  let checklist = ChecklistVerifier(filePath: "todo.yaml", source: tasksFlow)

  @Test("append, update by field and remove by field do what the items say")
  func operations() {
    #expect(checklist.entries.count == 6)
    for entry in checklist.entries.prefix(5) {
      #expect(checklist.failures(ofItem: entry.id).map(\.message) == [], "\(entry.item.text.value)")
    }
  }

  @Test("a record that differs in one field fails, printing both records' fields in one order")
  func differs() {
    let failures = checklist.failures(ofItem: checklist.entries[5].id)
    #expect(
      failures.map(\.message) == [
        #"expected state 'tasks' to be [{ isCompleted: true, title: "Water plants" }, { isCompleted: true, title: "Buy milk" }], found [{ isCompleted: true, title: "Water plants" }, { isCompleted: false, title: "Buy milk" }]"#
      ])
    #expect(failures.first?.line == 30)
  }

  @Test("bad records and updates get located errors")
  func badInput() {
    let source = """
      flow: Bad
      state:
        tasks: [{ title: [a] }]
        count: 0
        other: []
      start: { setRoot: List }
      screens:
        List:
          on:
            a: { update: { other: { where: { title: $title } } } }
            b: { update: { count: { set: { x: 1 } } } }
            c: { update: { other: { wher: { x: 1 }, set: { x: 1 } } } }
            d: { update: [x] }
            e: { append: { other: { title: { a: 1 } } } }
            f: { set: { count: { a: 1 } } }
            g: { update: { taks: { set: { x: 1 } } } }
            h: { update: { other: { set: { x: [1] } } } }
            i: { remove: { other: {} } }
      """
    let errors = TestFlows.document(source).diagnostics.filter { $0.severity == .error }
    #expect(
      errors.map(\.id) == [
        "model.wrong-type", "model.missing-key", "check.type-mismatch", "model.unknown-key",
        "model.wrong-type", "model.wrong-type", "check.type-mismatch", "check.unknown-state",
        "model.wrong-type", "check.empty-record-pattern",
      ], "\(errors.map(\.message))")
    #expect(errors.map(\.position.line) == [3, 10, 11, 12, 13, 14, 15, 16, 17, 18])
    #expect(
      errors.first?.message
        == "field 'title' of a record must be true, false, a number or text, found a list")
  }

  @Test("a field no record of the list has is warned of, with the field it most likely means")
  func misspeltField() {
    let source = tasksFlow.replacingOccurrences(
      of: "where: { title: $title }", with: "where: { titel: $title }")
    let warnings = TestFlows.document(source).diagnostics.filter {
      $0.id == "check.unknown-record-field"
    }
    #expect(
      warnings.map(\.message) == [
        "no record of 'tasks' has a field 'titel'; its records have 'isCompleted', 'title'"
      ])
    #expect(warnings.first?.fixIts.first?.replacement == "title")
    #expect(TestFlows.document(tasksFlow).diagnostics.map(\.message) == [])
  }

  @Test(
    "a record appended, removed or updated must have the fields of the list's records, with their types"
  )
  func recordFieldTypes() {
    let handlers = [
      "wrongAppend: { append: { tasks: { title: Eggs, isCompleted: 5 } } }",
      "misspeltAppend: { append: { tasks: { titel: Eggs, isCompleted: false } } }",
      "wrongRemove: { remove: { tasks: [{ title: 7 }] } }",
      "wrongUpdate: { update: { tasks: { where: { title: 7 }, set: { isCompleted: $n } } } }",
      "typedAppend: { append: { tasks: { title: $count, isCompleted: false } } }",
    ]
    let source =
      tasksFlow
      .replacingOccurrences(
        of: "      clearDone:",
        with: handlers.map { "      " + $0 + "\n" }.joined() + "      clearDone:"
      )
      .replacingOccurrences(of: "  tasks: [{", with: "  count: 0\n  tasks: [{")
    let problems = TestFlows.document(source).diagnostics.filter {
      $0.id == "check.type-mismatch" || $0.id == "check.unknown-record-field"
    }
    #expect(
      problems.map { "\($0.position.line):\($0.position.column) \($0.message)" } == [
        "13:39 field 'isCompleted' of the records of 'tasks' is a Bool, but this value is an Int",
        "14:42 no record of 'tasks' has a field 'titel'; its records have 'isCompleted', 'title'",
        "15:39 field 'title' of the records of 'tasks' is a String, but this value is an Int",
        "16:57 field 'title' of the records of 'tasks' is a String, but this value is an Int",
        "17:39 field 'title' of the records of 'tasks' is a String, but this value is an Int",
      ], "\(TestFlows.document(source).diagnostics.map(\.message))")
    // `$n` is the event's argument: typed by the field, not against it.
    #expect(TestFlows.document(tasksFlow).diagnostics.map(\.message) == [])
  }

  @Test("an app's struct of flags, numbers and text is a record; any other struct is not")
  func appValues() {
    let values = FlowValue.values([
      "tasks": [TodoTask(title: "Buy milk", isCompleted: false, priority: 2)],
      "untitled": [TodoTask(title: "", isCompleted: true, priority: nil)],
      "tagged": [Tagged(title: "a", tags: ["b"])],
    ])
    #expect(
      values["tasks"]
        == .list([
          .record(["title": .string("Buy milk"), "isCompleted": .bool(false), "priority": .int(2)])
        ]))
    // An optional with no value is no field; a list in a struct makes it no record.
    #expect(
      values["untitled"] == .list([.record(["title": .string(""), "isCompleted": .bool(true)])]))
    #expect(values["tagged"] == nil)
  }

  @Test("a record event argument reads as its fields; anything else throws a refusal")
  func eventArgument() throws {
    let arguments = EventArguments(
      ["task": .record(["title": .string("a")]), "title": .string("b")], of: "add")
    #expect(try arguments.record("task") == ["title": .string("a")])
    #expect(throws: DriverError.self) { try arguments.record("title") }
    #expect(
      Value.record(["b": .int(1), "a": .string("x y")]).description == #"{ a: "x y", b: 1 }"#)
  }
}
