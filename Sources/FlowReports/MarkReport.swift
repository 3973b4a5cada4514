public import FlowChecklist
public import FlowDiagnostics

/// Dishonest marks as JSON, what `flowc spec --check --format json` prints: the file, whether
/// its marks are honest, how many items it has, and each dishonest mark with its place, the
/// mark it should have and the item's result and failures.
public enum MarkReport {
  /// The report of one file whose checklist of `items` items needs `changes`.
  public static func json(file: String, items: Int, changes: [MarkChange]) -> JSONValue {
    .object([
      ("file", .string(file)), ("honest", .bool(changes.isEmpty)),
      ("items", .number(items)), ("dishonest", .array(changes.map(mark))),
    ])
  }

  private static func mark(_ change: MarkChange) -> JSONValue {
    .object([
      ("item", .string(change.item)),
      ("line", .number(change.range.start.line)),
      ("column", .number(change.range.start.column)),
      ("mark", .string(change.from)),
      ("honestMark", .string(change.to)),
      (
        "result",
        .string(change.passes ? "passed" : change.failures.isEmpty ? "unbound" : "failed")
      ),
      (
        "failures",
        .array(
          change.failures.map { failure in
            .object([
              ("id", .string(failure.id)), ("message", .string(failure.message)),
              ("file", .string(failure.file)), ("line", .number(failure.range.start.line)),
              ("column", .number(failure.range.start.column)),
            ])
          })
      ),
    ])
  }
}
