public import FlowModel
public import FlowVerification

/// Which properties of a flow (its own and the built-in ones it leaves on) newly fail or
/// newly hold after a change, each version proved over its states as `flowc verify` does.
public enum PropertyDiff {
  /// The properties whose verdict moved from `old` to `new`: `fails` or `holds` before and
  /// after, a new failure with the first reason `flowc verify` gives. A property that fails
  /// in both is no change, whatever its counterexample. `progress` hears each search as
  /// `flowc verify`'s does, the old version's first.
  public static func changes(
    from old: FlowTree, to new: FlowTree,
    progress: ((_ isNew: Bool, SearchProgress) -> Void)? = nil
  ) -> [FlowChange] {
    let before = verdicts(of: old, progress: progress.map { report in { report(false, $0) } })
    let after = verdicts(of: new, progress: progress.map { report in { report(true, $0) } })
    var changes: [FlowChange] = []
    for (name, now) in after.sorted(by: { $0.key < $1.key }) {
      guard let was = before[name], was.hasPrefix("fails") != now.hasPrefix("fails") else {
        continue
      }
      changes.append(
        FlowChange(kind: .changed, group: "property " + name, subject: "", before: was, after: now))
    }
    return changes
  }

  /// Each property's verdict, by name: `holds`, or `fails: why`.
  private static func verdicts(
    of tree: FlowTree, progress: ((SearchProgress) -> Void)?
  ) -> [String: String] {
    let report = PropertyVerifier(tree: tree).verify(progress: progress)
    guard report.startFailure == nil else { return [:] }
    var verdicts: [String: String] = [:]
    let off = Set(tree.root.verification.off.map(\.value))
    for name in tree.root.properties.map(\.name.value)
      + BuiltInProperty.allCases.filter({ !off.contains($0) }).map(\.rawValue)
    {
      verdicts[name] = "holds"
    }
    for failure in report.failures where verdicts[failure.property] == "holds" {
      verdicts[failure.property] = "fails: " + failure.message
    }
    return verdicts
  }
}
