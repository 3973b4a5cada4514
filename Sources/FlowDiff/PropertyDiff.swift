public import FlowModel
import FlowVerification

/// Which properties of a flow (its own and the built-in ones it leaves on) newly fail or
/// newly hold after a change, each version proved over its states as `flowc verify` does.
public enum PropertyDiff {
  /// The properties whose verdict moved from `old` to `new`: `fails` or `holds` before and
  /// after, a new failure with the first reason `flowc verify` gives.
  public static func changes(from old: FlowTree, to new: FlowTree) -> [FlowChange] {
    let before = verdicts(of: old)
    let after = verdicts(of: new)
    var changes: [FlowChange] = []
    for (name, now) in after.sorted(by: { $0.key < $1.key }) {
      guard let was = before[name], was != now else { continue }
      changes.append(
        FlowChange(kind: .changed, group: "property " + name, subject: "", before: was, after: now))
    }
    return changes
  }

  /// Each property's verdict, by name: `holds`, or `fails: why`.
  private static func verdicts(of tree: FlowTree) -> [String: String] {
    let report = PropertyVerifier(tree: tree).verify()
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
