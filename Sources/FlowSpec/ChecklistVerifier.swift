/// A flow's checklist as generated tests verify it: every item run once, when the first
/// test asks, and each item's failures located in the flow file.
///
/// Generated test files hold one of these, built from the flow's text as it was when the
/// file was generated.
public final class ChecklistVerifier: Sendable {
  /// A failed expectation, located for `Issue.record(_:sourceLocation:)`.
  public struct Failure: Sendable, Hashable {
    public var message: String
    /// `FlowName/file.yaml`, the shape Swift Testing expects of a file id.
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int
  }

  private let document: FlowDocument
  private let fileID: String

  /// Parses, checks and runs the flow text; `filePath` is where failures are reported.
  public init(filePath: String, source: String) {
    document = FlowDocument(source: source, path: filePath)
    let fileName = filePath.split(separator: "/").last.map(String.init) ?? filePath
    fileID = (document.flow?.name.value ?? "Flow") + "/" + fileName
  }

  /// The failures of the item with this id (its index among all items, parents first);
  /// none when it passes. A flow with errors outside its checklist fails every item with
  /// those errors.
  public func failures(ofItem id: Int) -> [Failure] {
    guard document.validFlow != nil else {
      return document.diagnostics.filter { $0.severity == .error }.map {
        failure($0.message, at: $0.position)
      }
    }
    guard document.checklistResults.indices.contains(id) else {
      return [failure("the checklist has no item \(id); regenerate the tests", at: .start)]
    }
    return document.checklistResults[id].failures.map { failure($0.message, at: $0.range.start) }
  }

  private func failure(_ message: String, at position: SourcePosition) -> Failure {
    Failure(
      message: message, fileID: fileID, filePath: document.path, line: position.line,
      column: position.column)
  }
}
