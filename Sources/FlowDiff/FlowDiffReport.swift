public import FlowDiagnostics
public import FlowModel

/// Everything that differs in behaviour between two versions of a flow and its child flows:
/// what `flowc diff` prints.
public struct FlowDiffReport: Sendable {
  /// The file of the old version, as given.
  public var oldFile: String
  /// The file of the new version, as given.
  public var newFile: String
  /// The flow's declarations, then its checklist, then its properties whose verdict moved;
  /// then each child flow's declarations, by its name in `use:`, as `child flow NAME` groups.
  public var changes: [FlowChange]

  /// Whether the versions behave alike: nothing to review.
  public var isEmpty: Bool { changes.isEmpty }

  /// The differences between two versions of a flow, each with the text it was read from:
  /// declarations, checklist items and their outcomes, and the child flows used by the same
  /// name in both.
  public init(
    old: (tree: FlowTree, source: SourceText, file: String),
    new: (tree: FlowTree, source: SourceText, file: String)
  ) {
    oldFile = old.file
    newFile = new.file
    changes =
      FlowDiffer.changes(from: old.tree.root, to: new.tree.root)
      + ChecklistDiff.changes(from: (old.tree, old.source), to: (new.tree, new.source))
    // Proving properties searches every state: only for flows that declare some and
    // behave differently.
    let declaresProperties = [old.tree.root, new.tree.root].contains {
      !$0.properties.isEmpty || $0.verification.isDeclared
    }
    if declaresProperties, !changes.isEmpty {
      changes += PropertyDiff.changes(from: old.tree, to: new.tree)
    }
    for (name, oldIndex) in old.tree.children[0].sorted(by: { $0.key < $1.key }) {
      guard let newIndex = new.tree.children[0][name] else { continue }
      changes += FlowDiffer.changes(from: old.tree.flows[oldIndex], to: new.tree.flows[newIndex])
        .map { change in
          var inChild = change
          inChild.group = "child flow \(name) › " + change.group
          return inChild
        }
    }
  }
}
