internal import FlowChecklist
import FlowCoverage
public import FlowDiagnostics
public import FlowModel

/// What a change to a flow does to its checklist: items added, removed and renamed (the
/// same steps under another text), items whose steps changed, its coverage, and — what a reviewer most needs — items whose scenario ends differently
/// on the new flow although their text did not change.
public enum ChecklistDiff {
  /// The checklist's changes from `old` to `new`, each tree with the text it was read from
  /// (an item's steps are compared as written). Items are matched by their path (parent
  /// texts, then their own); each item of the old checklist is run on both flows, so an
  /// item whose outcome moved is listed with both outcomes. An item whose scenario was
  /// rewritten is run on the new flow as it is written there.
  public static func changes(
    from old: (tree: FlowTree, source: SourceText), to new: (tree: FlowTree, source: SourceText)
  ) -> [FlowChange] {
    let oldEntries = old.tree.root.checklist?.entries ?? []
    let newEntries = new.tree.root.checklist?.entries ?? []
    func key(_ entry: ChecklistEntry) -> String { entry.path.joined(separator: " › ") }
    let newByPath = Dictionary(newEntries.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
    let oldByPath = Dictionary(oldEntries.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
    var changes: [FlowChange] = []
    // An item removed and one added with the same steps, written the same, is a rename.
    var added = newEntries.filter { oldByPath[key($0)] == nil }
    var removed: [ChecklistEntry] = []
    for entry in oldEntries where newByPath[key(entry)] == nil {
      let written = steps(of: entry.item, in: old.source)
      if !written.isEmpty,
        let renamed = added.firstIndex(where: { steps(of: $0.item, in: new.source) == written })
      {
        changes.append(
          FlowChange(
            kind: .renamed, group: "checklist", subject: "item", before: key(entry),
            after: key(added[renamed])))
        added.remove(at: renamed)
      } else {
        removed.append(entry)
      }
    }
    for entry in removed {
      changes.append(FlowChange(kind: .removed, group: "checklist", subject: key(entry)))
    }
    for entry in added {
      changes.append(FlowChange(kind: .added, group: "checklist", subject: key(entry)))
    }
    if !oldEntries.isEmpty || !newEntries.isEmpty {
      let before = ChecklistRunner(tree: old.tree).coverage()
      let after = ChecklistRunner(tree: new.tree).coverage()
      let texts = (coverage(before), coverage(after))
      if texts.0 != texts.1 {
        changes.append(
          FlowChange(
            kind: .changed, group: "checklist", subject: "coverage", before: texts.0,
            after: texts.1))
      }
    }
    // The old items, run on the old flow and on the new one (with the new flow's child
    // flows): an outcome or an end state that moved is a scenario that now ends differently.
    // Compiling both flows to run the items is most of the cost: only when there are items.
    guard oldEntries.contains(where: { newByPath[key($0)] != nil }) else { return changes }
    // An item whose scenario was rewritten (its steps or an ancestor's) is run as it is now:
    // its old steps on the new flow could fail where its new ones pass, or pass where they
    // fail.
    var onNew = new.tree
    onNew.flows[0].checklist = old.tree.root.checklist
    let oldRunner = ChecklistRunner(tree: old.tree)
    let newRunner = ChecklistRunner(tree: onNew)
    let rewritten = Set(
      oldEntries.compactMap { entry -> String? in
        guard let newEntry = newByPath[key(entry)],
          scenario(of: newEntry, in: new.source) != scenario(of: entry, in: old.source)
        else { return nil }
        return key(entry)
      })
    let asWritten = rewritten.isEmpty ? nil : ChecklistRunner(tree: new.tree)
    let before = oldRunner.runAll()
    let after = newRunner.runAll()
    for (was, sameSteps) in zip(before, after) {
      let path = key(was.entry)
      guard let newEntry = newByPath[path] else { continue }
      let oldSteps = steps(of: was.entry.item, in: old.source)
      let newSteps = steps(of: newEntry.item, in: new.source)
      if oldSteps != newSteps {
        changes.append(
          FlowChange(
            kind: .changed, group: "checklist", subject: path + " (steps)", before: oldSteps,
            after: newSteps))
      }
      let now: (runner: ChecklistRunner, result: ChecklistResult) =
        if let asWritten, rewritten.contains(path) {
          (asWritten, asWritten.run(newEntry))
        } else {
          (newRunner, sameSteps)
        }
      // A state only one version has (added or removed, listed as such) is not an ending
      // that changed: the endings are compared on the state both versions have.
      var ends = (oldRunner.endState(of: was.entry), now.runner.endState(of: now.result.entry))
      if var before = ends.0, var after = ends.1 {
        before.state = before.state.filter { after.state[$0.key] != nil }
        after.state = after.state.filter { before.state[$0.key] != nil }
        ends = (before, after)
      }
      let outcomes = (
        ending(outcome(was.outcome), ends.0?.summary),
        ending(outcome(now.result.outcome), ends.1?.summary)
      )
      if outcomes.0 != outcomes.1 {
        changes.append(
          FlowChange(
            kind: .changed, group: "checklist", subject: path + " (ends differently)",
            before: outcomes.0, after: outcomes.1))
      }
    }
    return changes
  }

  /// `95% (19 of 20 targets)`.
  private static func coverage(_ coverage: ChecklistCoverage) -> String {
    let (covered, total) = coverage.count()
    return ChecklistCoverage.percentText(coverage.percentage())
      + "% (\(covered) of \(total) targets)"
  }

  /// `passes, ending with stack [Home, Cart]`.
  private static func ending(_ outcome: String, _ end: String?) -> String {
    end.map { outcome + ", ending with " + $0 } ?? outcome
  }

  /// `passes`, `fails: expected stack [Home], found [Home, Infos]`, `not bound`.
  static func outcome(_ outcome: ChecklistResult.Outcome) -> String {
    switch outcome {
    case .passed: "passes"
    case .unbound: "not bound"
    case .failed(let failures):
      "fails: " + failures.map(\.message).joined(separator: "; ")
    }
  }

  /// The steps of an item's whole scenario as written: its ancestors' and its own.
  private static func scenario(of entry: ChecklistEntry, in source: SourceText) -> [String] {
    (entry.ancestors + [entry.item]).map { steps(of: $0, in: source) }
  }

  /// The item's steps as written, one line each without their indentation, joined by ` / `.
  static func steps(of item: ChecklistItem, in source: SourceText) -> String {
    item.stepLines(in: source).map { $0.drop { $0 == " " } }.joined(separator: " / ")
  }
}
