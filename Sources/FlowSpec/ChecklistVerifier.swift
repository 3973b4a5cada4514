import FlowParallel

/// A flow's checklist as generated tests verify it: every item run once, when the first
/// test asks, and each item's failures located in the flow file.
///
/// Generated test files hold one of these, built from the flow's text as it was when the
/// file was generated.
public final class ChecklistVerifier: Sendable {
  /// A failed expectation, located for `Issue.record(_:sourceLocation:)`.
  public struct Failure: Sendable, Hashable {
    /// What failed: what the item expected and what the flow or the app did.
    public var message: String
    /// `FlowName/file.yaml`, the shape Swift Testing expects of a file id.
    public var fileID: String
    /// The path of the flow file the failure is in, the top-level flow's or a child's.
    public var filePath: String
    /// The 1-based line of the failure in that file.
    public var line: Int
    /// The 1-based column of the failure, in Unicode scalars.
    public var column: Int
  }

  private let document: FlowDocument
  private let flowName: String
  /// The checklist runner over the flow and its children, when they have no errors.
  private let runner: ChecklistRunner?

  /// Parses, checks and runs the flow text; `filePath` is where failures are reported.
  /// `files` holds the texts of the child flows it uses, by path, as they were generated.
  public init(filePath: String, source: String, files: [String: String] = [:]) {
    // On a large stack: the test's thread may have a small one, and a deep flow recurses.
    let (document, runner) = Parallel.onLargeStack {
      let document = FlowDocument(source: source, path: filePath, files: .embedded(files))
        .runningChecklist()
      return (document, document.validTree.map { ChecklistRunner(tree: $0) })
    }
    self.document = document
    flowName = document.flow?.name.value ?? "Flow"
    self.runner = runner
  }

  /// The checklist's items, parents first: an item's id is its index here.
  public var entries: [ChecklistEntry] { runner?.entries ?? [] }

  /// The failures of the item with this id (its index among all items, parents first);
  /// none when it passes. A flow with errors outside its checklist fails every item with
  /// those errors.
  public func failures(ofItem id: Int) -> [Failure] {
    guard document.validFlow != nil else { return flowErrors }
    guard document.checklistResults.indices.contains(id) else {
      return [
        failure("the checklist has no item \(id); regenerate the tests", in: nil, at: .start)
      ]
    }
    return document.checklistResults[id].failures.map {
      failure($0.message, in: $0.file, at: $0.range.start)
    }
  }

  /// Where the app disagrees with item `id`'s expectations, run through `driver`, and what
  /// its observations could not check; both located in the flow. Nothing when the flow
  /// itself has errors (`failures(ofItem:)` reports those).
  @MainActor
  public func appFailures<Driver: FlowDriver>(ofItem id: Int, driver: Driver.Type) async -> (
    failures: [Failure], unchecked: [Failure]
  ) {
    guard let runner, runner.entries.indices.contains(id) else { return ([], []) }
    let result = await runner.run(runner.entries[id], against: driver)
    return (
      result.failures.map { failure($0.message, in: $0.file, at: $0.range.start) },
      result.unchecked.map { failure($0.message, in: $0.file, at: $0.range.start) }
    )
  }

  /// Explores the flow against the app beyond the checklist; the first disagreement, shrunk
  /// and written as a checklist item, at the place in the flow it is about.
  @MainActor
  public func explore<Driver: FlowDriver>(
    driver: Driver.Type, events: Int = 5000, seed: UInt64 = 1
  ) async -> Failure? {
    await explorationFindings(driver: driver, events: events, seed: seed, findings: 1).first
  }

  /// Every distinct disagreement the exploration finds, up to `findings`, each shrunk,
  /// written as a checklist item and placed in the flow; those whose item text is in
  /// `accepting` are known and left out.
  @MainActor
  public func explorationFindings<Driver: FlowDriver>(
    driver: Driver.Type, events: Int = 5000, seed: UInt64 = 1, findings: Int = 5,
    accepting accepted: Set<String> = []
  ) async -> [Failure] {
    guard let runner else { return [] }
    let budget = ExplorationBudget(
      events: events, seed: seed, findings: findings, accepted: accepted)
    return await runner.exploreAll(against: driver, budget: budget).map {
      failure($0.description, in: $0.file, at: $0.range.start)
    }
  }

  /// The flow with its child flows, when they have no errors outside the checklist.
  var validTree: FlowTree? { document.validTree }

  /// The flow's errors, each located: what fails every test of a flow that has some.
  var flowErrors: [Failure] {
    document.diagnostics.filter { $0.severity == .error }.map {
      failure($0.message, in: $0.file, at: $0.position)
    }
  }

  /// A failure at a place of the flow's file, or of a child flow's.
  func failure(_ message: String, in file: String?, at position: SourcePosition)
    -> Failure
  {
    let path = file ?? document.path
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    return Failure(
      message: message, fileID: flowName + "/" + fileName, filePath: path, line: position.line,
      column: position.column)
  }
}
