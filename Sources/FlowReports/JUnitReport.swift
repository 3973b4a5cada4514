public import FlowChecklist

/// A flow's checklist results as JUnit XML, the report CI services show as tests: one test
/// case per item, one failure listing the YAML place of each failed expectation, and an
/// unbound item skipped.
public enum JUnitReport {
  /// The XML of one flow's results.
  public static func xml(flow: String, file: String, results: [ChecklistResult]) -> String {
    let failed = results.filter { !$0.failures.isEmpty }.count
    let skipped = results.filter { $0.outcome == .unbound }.count
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"\(skipped)\""
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"flowc\" \(counts)>",
      "  <testsuite name=\"\(escaped(flow))\" \(counts) file=\"\(escaped(file))\">",
    ]
    for result in results {
      let entry = result.entry
      let suite = [flow] + (entry.section.map { [$0] } ?? [])
      let attributes =
        "classname=\"\(escaped(suite.joined(separator: ".")))\" name=\"\(escaped(entry.path.joined(separator: " › ")))\" file=\"\(escaped(file))\" line=\"\(entry.item.text.range.start.line)\""
      switch result.outcome {
      case .passed:
        lines.append("    <testcase \(attributes)/>")
      case .unbound:
        lines.append("    <testcase \(attributes)>")
        lines.append("      <skipped message=\"not bound to any step yet\"/>")
        lines.append("    </testcase>")
      case .failed(let failures):
        // One <failure> a test case, as JUnit's schema allows and CI services show: the first
        // failure's message and type, every failure located in its text.
        let first = failures[0]
        let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
        let located = failures.map { "\($0.file):\($0.range.start): \($0.message)" }
        lines.append("    <testcase \(attributes)>")
        lines.append(
          "      <failure message=\"\(escaped(first.message + more))\" type=\"\(escaped(first.id))\">"
            + escaped(located.joined(separator: "\n")) + "</failure>")
        lines.append("    </testcase>")
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
