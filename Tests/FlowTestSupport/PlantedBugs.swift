public import FlowSpec
import Testing

/// The texts of the checklist's items that the app fails through `driver`, each failure
/// expected at a line of its own item, in `file` when given (an issue is recorded where one
/// is not): what a planted-bug test compares with the items the bug is about.
@MainActor
public func failingItems<Driver: FlowDriver>(
  of checklist: ChecklistVerifier, through driver: Driver.Type, inFile file: String? = nil
) async -> [String] {
  var failing: [String] = []
  for entry in checklist.entries {
    let result = await checklist.appFailures(ofItem: entry.id, driver: driver)
    guard !result.failures.isEmpty else { continue }
    failing.append(entry.item.text.value)
    for failure in result.failures {
      #expect(entry.item.lines.contains(failure.line), "\(failure.line): \(failure.message)")
      if let file { #expect(failure.filePath == file, "\(failure.filePath)") }
    }
  }
  return failing
}
