public import FlowDiagnostics
public import FlowModel

/// An expectation that did not hold, or a step that could not run, located in the YAML.
public struct ChecklistFailure: Sendable, Hashable, CustomStringConvertible {
  /// A stable id of the kind of failure: `expect.<key>` for an expectation that did not hold
  /// (`expect.stack`), the refusal's id for a step that could not run (`run.not-pending`),
  /// the diagnostic's id for a checklist error on the item's lines.
  public var id: String
  /// What was expected and what was found.
  public var message: String
  /// The file the checklist is in.
  public var file: String
  /// The expectation's (or step's) place.
  public var range: SourceRange

  /// Creates a failure with its id and message, at `range` of the checklist's `file`.
  public init(id: String, message: String, file: String, range: SourceRange) {
    self.id = id
    self.message = message
    self.file = file
    self.range = range
  }

  /// The place and the message, as compilers print them: `Login.yaml:14:9: expected …`.
  public var description: String { "\(file):\(range.start): \(message)" }
}

/// What running one checklist item found.
public struct ChecklistResult: Sendable {
  /// How the item's run ended.
  public enum Outcome: Sendable, Hashable {
    /// Every expectation held.
    case passed
    /// At least one expectation failed or a step could not run.
    case failed([ChecklistFailure])
    /// The item has no steps yet.
    case unbound
  }

  /// The checklist item that ran, with its section and ancestors.
  public var entry: ChecklistEntry
  /// Whether the item passed, failed (and why), or has no steps to run.
  public var outcome: Outcome

  /// Creates the result of running the item `entry`.
  public init(entry: ChecklistEntry, outcome: Outcome) {
    self.entry = entry
    self.outcome = outcome
  }

  /// Whether the item passed.
  public var passed: Bool { outcome == .passed }

  /// The failures, if the item failed.
  public var failures: [ChecklistFailure] {
    if case .failed(let failures) = outcome { return failures }
    return []
  }
}
