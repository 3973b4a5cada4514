public import FlowChecklist

/// A flow's checklist results as JUnit XML, the report CI services show as tests: one test
/// case per item, a failure with the YAML place of each failed expectation, and an unbound
/// item skipped.
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
        lines.append("    <testcase \(attributes)>")
        for failure in failures {
          lines.append(
            "      <failure message=\"\(escaped(failure.message))\" type=\"\(escaped(failure.id))\">"
              + escaped("\(failure.file):\(failure.range.start): \(failure.message)")
              + "</failure>")
        }
        lines.append("    </testcase>")
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
