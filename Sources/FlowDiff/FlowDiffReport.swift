public import FlowDiagnostics
public import FlowModel
public import FlowVerification

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
  ///
  /// Proving properties searches every state of both versions: `progress` hears each search
  /// as `flowc verify`'s does, the old version's first.
  public init(
    old: (tree: FlowTree, source: SourceText, file: String),
    new: (tree: FlowTree, source: SourceText, file: String),
    progress: ((_ isNew: Bool, SearchProgress) -> Void)? = nil
  ) {
    oldFile = old.file
    newFile = new.file
    changes =
      FlowDiffer.changes(from: old.tree.root, to: new.tree.root)
      + ChecklistDiff.changes(from: (old.tree, old.source), to: (new.tree, new.source))
    changes += Self.childChanges(old.tree, 0, new.tree, 0, group: "")
    // Proving properties searches every state: only for flows that declare some and
    // behave differently, in themselves or in a child flow.
    let declaresProperties = [old.tree.root, new.tree.root].contains {
      !$0.properties.isEmpty || $0.verification.isDeclared
    }
    if declaresProperties, !changes.isEmpty {
      changes += PropertyDiff.changes(from: old.tree, to: new.tree, progress: progress)
    }
  }

  /// The changes in the child flows flow `oldFlow` and `newFlow` use, and in theirs, at any
  /// depth: paired by the name `use:` gives them, else by their `flow:` name.
  private static func childChanges(
    _ old: FlowTree, _ oldFlow: Int, _ new: FlowTree, _ newFlow: Int, group: String
  ) -> [FlowChange] {
    let before = old.children[oldFlow]
    let after = new.children[newFlow]
    var pairs: [(name: String, old: Int, new: Int)] = []
    var unmatched = after.filter { before[$0.key] == nil }
    for (name, oldIndex) in before.sorted(by: { $0.key < $1.key }) {
      if let newIndex = after[name] {
        pairs.append((name, oldIndex, newIndex))
      } else if let (newName, newIndex) = unmatched.sorted(by: { $0.key < $1.key }).first(where: {
        new.flows[$0.value].name.value == old.flows[oldIndex].name.value
      }) {
        pairs.append((newName, oldIndex, newIndex))
        unmatched[newName] = nil
      }
    }
    var changes: [FlowChange] = []
    for (name, oldIndex, newIndex) in pairs.sorted(by: { $0.name < $1.name }) {
      let prefix = group + "child flow \(name) › "
      changes += FlowDiffer.changes(from: old.flows[oldIndex], to: new.flows[newIndex]).map {
        var inChild = $0
        inChild.group = prefix + $0.group
        return inChild
      }
      changes += childChanges(old, oldIndex, new, newIndex, group: prefix)
    }
    return changes
  }
}
