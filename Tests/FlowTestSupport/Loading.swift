public import FlowSpec
import Foundation

/// Helpers that take flows written inline in tests through the whole pipeline.
public enum TestFlows {
  /// Loads a flow written in a test and runs its checklist, as `flowc check` does; the path
  /// is `flow.yaml` unless given.
  public static func document(_ source: String, path: String = "flow.yaml") -> FlowDocument {
    FlowDocument(source: source, path: path).runningChecklist()
  }

  /// The flow, which must load without errors (the errors are in the failure message).
  public static func flow(_ source: String) throws -> Flow {
    let document = document(source)
    guard let flow = document.validFlow else {
      throw LoadFailure(diagnostics: document.diagnostics.filter { $0.severity == .error })
    }
    return flow
  }

  /// A frozen copy of a flow, in `Tests/Fixtures/`: the tool's tests read
  /// these, so editing an example in `flows/` fails only that example's generated tests.
  public static func fixture(_ name: String, filePath: String = #filePath) -> String {
    repositoryRoot(filePath: filePath) + "/Tests/Fixtures/" + name
  }

  /// The smallest valid flow header, to which tests add screens.
  public static let header = "flow: Test\nstart: { setRoot: Home }\n"
}

/// A flow that should have loaded but had errors.
public struct LoadFailure: Error, CustomStringConvertible {
  public var diagnostics: [Diagnostic]

  public init(diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }
  public var description: String {
    diagnostics.map { "\($0.position): \($0.message)" }.joined(separator: "\n")
  }
}

extension Array where Element == Diagnostic {
  /// The single diagnostic with this id, if there is exactly one.
  public func only(_ id: DiagnosticID) -> Diagnostic? {
    let matching = filter { $0.id == id }
    return matching.count == 1 ? matching[0] : nil
  }

  /// The ids, in order, for compact assertions.
  public var ids: [String] { map(\.id.rawValue) }
}
