import FlowDiff
import FlowReports
import FlowSpec

/// How `flowc diff` writes a report: lines for a terminal, a pull-request comment in
/// Markdown, JSON. Each text from a flow goes through the escaper of its format.
enum DiffText {
  /// The changes in the order found, each group's together, in order of first appearance.
  static func grouped(_ report: FlowDiffReport) -> [(group: String, changes: [FlowChange])] {
    var groups: [(group: String, changes: [FlowChange])] = []
    var index: [String: Int] = [:]
    for change in report.changes {
      if let at = index[change.group] {
        groups[at].changes.append(change)
      } else {
        index[change.group] = groups.count
        groups.append((change.group, [change]))
      }
    }
    return groups
  }

  /// One line per change under its group's; nothing when the versions behave alike.
  static func text(_ report: FlowDiffReport) -> String {
    guard !report.isEmpty else { return "" }
    var text =
      "\(TerminalText.line(report.oldFile)) → \(TerminalText.line(report.newFile)): "
      + Wording.count(report.changes.count, "change in behaviour", plural: "changes in behaviour")
      + "\n"
    for (group, changes) in grouped(report) {
      text += TerminalText.line(group) + "\n"
      for change in changes { text += "  " + TerminalText.line(change.line) + "\n" }
    }
    return text
  }

  /// A pull-request comment: a heading, then a collapsed section per declaration with its
  /// changes as a list, the checklist's first and open, then `graph` (Mermaid) when given;
  /// nothing when the versions behave alike.
  static func markdown(_ report: FlowDiffReport, graph: String? = nil) -> String {
    guard !report.isEmpty else { return "" }
    var text =
      "### flowc diff: \(MarkdownText.inline(report.newFile))\n\n"
      + Wording.count(report.changes.count, "change in behaviour", plural: "changes in behaviour")
      + ".\n"
    let groups = grouped(report)
    let ordered =
      groups.filter { $0.group == "checklist" } + groups.filter { $0.group != "checklist" }
    for (group, changes) in ordered {
      let open = group == "checklist" ? " open" : ""
      text +=
        "\n<details\(open)><summary>\(MarkdownText.html(group)) (\(changes.count))</summary>\n\n"
      for change in changes { text += "- " + MarkdownText.inline(change.line) + "\n" }
      text += "\n</details>\n"
    }
    if let graph {
      text +=
        "\n<details><summary>navigation graph, changed edges in red</summary>\n\n```mermaid\n"
        + graph + "```\n\n</details>\n"
    }
    return text
  }

  /// `{ "flows": [ { "old": …, "new": …, "changes": [ { kind, group, subject, before,
  /// after } ] } ] }`.
  static func json(_ reports: [FlowDiffReport], oneSided: [OneSidedFlow] = []) -> JSONValue {
    .object([
      ("flows", .array(reports.map(json))),
      (
        "onlyInOneVersion",
        .array(
          oneSided.map {
            .object([
              ("path", .string($0.path)), ("change", .string($0.isAdded ? "added" : "removed")),
            ])
          })
      ),
    ])
  }

  /// The flows in one version only, as a list for a pull request; empty without any.
  static func markdown(_ oneSided: [OneSidedFlow]) -> String {
    guard !oneSided.isEmpty else { return "" }
    return "### flowc diff: flows added or removed\n\n"
      + oneSided.map {
        "- \(MarkdownText.inline($0.path)): \($0.isAdded ? "added" : "removed")\n"
      }.joined()
  }

  /// The new version's graph in Mermaid, each edge the old version does not have in red;
  /// `nil` for a flow too large to draw in a comment (more than 200 nodes).
  static func changedGraph(old: FlowTree, new: FlowTree) -> String? {
    let after = FlowGraph(tree: new)
    guard after.nodes.count <= 200 else { return nil }
    let before = Set(FlowGraph(tree: old).edges)
    let changed = Set(after.edges.indices.filter { !before.contains(after.edges[$0]) })
    return after.mermaid(highlighting: changed)
  }

  private static func json(_ report: FlowDiffReport) -> JSONValue {
    .object([
      ("old", .string(report.oldFile)), ("new", .string(report.newFile)),
      (
        "changes",
        .array(
          report.changes.map { change in
            var fields: [(String, JSONValue)] = [
              ("kind", .string(change.kind.rawValue)), ("group", .string(change.group)),
              ("subject", .string(change.subject)),
            ]
            if let before = change.before { fields.append(("before", .string(before))) }
            if let after = change.after { fields.append(("after", .string(after))) }
            return .object(fields)
          })
      ),
    ])
  }
}

/// A flow file in one version only: added or removed, `since` saying against what
/// (`since HEAD~1`, `(only in new/)`).
struct OneSidedFlow {
  var path: String
  var isAdded: Bool
  var since: String

  /// `flows/a.yaml: added since HEAD~1`.
  var text: String { "\(path): \(isAdded ? "added" : "removed") \(since)" }
}
