import ExampleTodo
import FlowSpec
import FlowTestSupport
import Testing

/// Save adds the task and forgets to pop.
final class NoPopOnSave: TodoScreens {
  final class VM: AddTaskVM {
    override func onSave() { repository.addTask(task: TodoTask(title: title)) }
  }
  override func makeAddVM() -> AddTaskVM { VM(repository: repository, pilot: pilot) }
}

/// Save pops first, so the list reloads before the task is added.
final class PopBeforeAdd: TodoScreens {
  final class VM: AddTaskVM {
    override func onSave() {
      pilot.pop()
      repository.addTask(task: TodoTask(title: title))
    }
  }
  override func makeAddVM() -> AddTaskVM { VM(repository: repository, pilot: pilot) }
}

/// Save adds a task without its title.
final class UntitledSave: TodoScreens {
  final class VM: AddTaskVM {
    override func onSave() {
      repository.addTask(task: TodoTask(title: ""))
      pilot.pop()
    }
  }
  override func makeAddVM() -> AddTaskVM { VM(repository: repository, pilot: pilot) }
}

/// Save adds the task already completed: the records in the flow's state make this one fail.
final class SavedCompleted: TodoScreens {
  final class VM: AddTaskVM {
    override func onSave() {
      repository.addTask(task: TodoTask(title: title, isCompleted: true))
      pilot.pop()
    }
  }
  override func makeAddVM() -> AddTaskVM { VM(repository: repository, pilot: pilot) }
}

/// The Add button pushes the Add screen twice (a double tap not guarded).
final class DoublePush: TodoScreens {
  final class VM: TaskListVM {
    override func onAdd() {
      pilot.push(.add)
      pilot.push(.add)
    }
  }
  override func makeListVM() -> TaskListVM { VM(repository: repository, pilot: pilot) }
}

/// The Add screen keeps the view model of its last showing, and so a draft left by back.
final class StaleDraft: TodoScreens {
  private var kept: AddTaskVM?
  override func makeAddVM() -> AddTaskVM {
    if let kept { return kept }
    let made = super.makeAddVM()
    kept = made
    return made
  }
}

@Suite("A bug planted in the task list fails the items about it, or the exploration finds it")
@MainActor
struct TodoPlantedBugTests {
  static let path = repositoryRoot() + "/flows/todo.yaml"
  static let source = try! String(contentsOfFile: path, encoding: .utf8)
  static let checklist = ChecklistVerifier(filePath: path, source: source)

  /// The texts of the items the app fails, with every failure on its item's lines.
  func failing<Screens: TodoScreens>(_: Screens.Type) async -> [String] {
    await failingItems(of: Self.checklist, through: ScreensDriver<Screens>.self)
  }

  @Test("the article's view models pass every item and the exploration")
  func soundApp() async {
    #expect(!Self.checklist.entries.isEmpty, "the flow loads")
    #expect(await failing(TodoScreens.self) == [])
    #expect(await Self.checklist.explore(driver: TodoDriver.self, events: 300) == nil)
  }

  @Test("save without pop, pop before add, an untitled save, a double push: each fails its items")
  func itemsCatchThem() async {
    #expect(
      await failing(NoPopOnSave.self) == [
        "onSave pops back to the List route (testPopRoute_OnSaveClick)",
        "The list refreshes when it appears again after a save",
      ])
    #expect(
      await failing(PopBeforeAdd.self) == [
        "The list refreshes when it appears again after a save"
      ])
    #expect(
      await failing(UntitledSave.self) == [
        "onSave adds the task with its title (testAddTask_OnSaveClick)",
        "The list refreshes when it appears again after a save",
      ])
    #expect(await failing(DoublePush.self).contains("onAdd pushes the Add task screen"))
  }

  @Test("a task saved as completed fails the items that expect its record")
  func savedCompleted() async {
    #expect(
      await failing(SavedCompleted.self) == [
        "onSave adds the task with its title (testAddTask_OnSaveClick)",
        "The list refreshes when it appears again after a save",
      ])
  }

  @Test("a draft kept after back: no item looks, the exploration finds it at onAdd's handler")
  func staleDraft() async throws {
    #expect(await failing(StaleDraft.self) == [])
    let finding = try #require(
      await Self.checklist.explore(driver: ScreensDriver<StaleDraft>.self, events: 300))
    #expect(finding.message.contains("state 'title': flow \"\", app "), "\(finding.message)")
    #expect(finding.line == lineNumber(of: "onAdd: [", in: Self.source), "\(finding)")
    let item = String(finding.message[finding.message.range(of: "[ ] After")!.lowerBound...])
    let pasted = ChecklistVerifier(
      filePath: Self.path, source: pastingItem(item, intoFlow: Self.source))
    let id = try #require(pasted.entries.last?.id)
    #expect(pasted.failures(ofItem: id) == [])
    let app = await pasted.appFailures(ofItem: id, driver: ScreensDriver<StaleDraft>.self)
    #expect(app.failures.map(\.message).contains { $0.contains("state 'title'") }, "\(app)")
  }

  /// A benchmark, skipped unless asked for:
  /// `FLOWSPEC_BENCH=1 swift test -c release --filter explorationSpeed`.
  @Test(.enabled(if: ExplorationSpeed.isRequested, "a benchmark: set FLOWSPEC_BENCH to run it"))
  func explorationSpeed() async {
    await ExplorationSpeed.measure(
      "the fourth article's UIPilot task list", checklist: Self.checklist, driver: TodoDriver.self)
  }
}
