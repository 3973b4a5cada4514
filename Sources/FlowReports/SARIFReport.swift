public import FlowDiagnostics

/// Diagnostics as a SARIF 2.1.0 log, the format code-scanning services read (GitHub's among
/// them): one run of the tool, its rules (one per diagnostic id, with its help text from
/// `DiagnosticCatalog`), and a result per diagnostic with its place and related places.
public enum SARIFReport {
  /// The log of one run of `tool` at `version` that reported `diagnostics`.
  public static func log(_ diagnostics: [Diagnostic], tool: String, version: String) -> JSONValue {
    var ruleIDs: [String] = []
    for diagnostic in diagnostics where !ruleIDs.contains(diagnostic.id.rawValue) {
      ruleIDs.append(diagnostic.id.rawValue)
    }
    let rules = ruleIDs.map(rule)
    let results = diagnostics.map { diagnostic in
      result(diagnostic, ruleIndex: ruleIDs.firstIndex(of: diagnostic.id.rawValue)!)
    }
    return log(
      tool: tool, version: version, rules: rules,
      run: [("columnKind", .string("unicodeCodePoints")), ("results", .array(results))])
  }

  /// The log of a run that could not start (a usage error): no results, and one
  /// invocation that did not succeed, saying why.
  public static func failedInvocation(_ message: String, tool: String, version: String)
    -> JSONValue
  {
    let notification = JSONValue.object([
      ("level", .string("error")), ("message", .object([("text", .string(message))])),
    ])
    return log(
      tool: tool, version: version, rules: nil,
      run: [
        (
          "invocations",
          .array([
            .object([
              ("executionSuccessful", .bool(false)),
              ("toolExecutionNotifications", .array([notification])),
            ])
          ])
        ),
        ("results", .array([])),
      ])
  }

  /// A log of one run of `tool`: its driver (with `rules`, when given) and `run`'s members.
  private static func log(
    tool: String, version: String, rules: [JSONValue]?, run: [(String, JSONValue)]
  ) -> JSONValue {
    var driver: [(String, JSONValue)] = [("name", .string(tool)), ("version", .string(version))]
    if let rules { driver.append(("rules", .array(rules))) }
    return .object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      ("runs", .array([.object([("tool", .object([("driver", .object(driver))]))] + run)])),
    ])
  }

  private static func rule(_ id: String) -> JSONValue {
    let entry = DiagnosticCatalog.entry(id)
    let help = entry?.help ?? "a failure reported when a checklist item runs"
    return .object([
      ("id", .string(id)),
      ("shortDescription", .object([("text", .string(help))])),
      ("help", .object([("text", .string(help + " (docs/DIAGNOSTICS.md)"))])),
      (
        "defaultConfiguration",
        .object([
          ("level", .string(defaultLevel(entry?.severity ?? "")))
        ])
      ),
    ])
  }

  private static func result(_ diagnostic: Diagnostic, ruleIndex: Int) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("ruleId", .string(diagnostic.id.rawValue)),
      ("ruleIndex", .number(ruleIndex)),
      ("level", .string(level(diagnostic.severity))),
      ("message", .object([("text", .string(diagnostic.message))])),
      ("locations", .array([location(diagnostic.file, diagnostic.range, message: nil)])),
    ]
    let related = diagnostic.notes.compactMap { note -> JSONValue? in
      guard let range = note.range else { return nil }
      return location(note.file ?? diagnostic.file, range, message: note.message)
    }
    if !related.isEmpty { fields.append(("relatedLocations", .array(related))) }
    return .object(fields)
  }

  /// A rule's level from the catalog's severity column (`note`, `warning`, `error (a warning
  /// when …)`): its first word; `error` for a runtime failure, which has none.
  private static func defaultLevel(_ severity: String) -> String {
    for level in ["note", "warning"] where severity.hasPrefix(level) { return level }
    return "error"
  }

  private static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "note"
    }
  }

  private static func location(_ file: String, _ range: SourceRange, message: String?)
    -> JSONValue
  {
    var region: [(String, JSONValue)] = [
      ("startLine", .number(max(1, range.start.line))),
      ("startColumn", .number(max(1, range.start.column))),
    ]
    if range.end > range.start {
      region.append(("endLine", .number(max(1, range.end.line))))
      region.append(("endColumn", .number(max(1, range.end.column))))
    }
    var fields: [(String, JSONValue)] = [
      (
        "physicalLocation",
        .object([
          ("artifactLocation", .object([("uri", .string(uri(file)))])),
          ("region", .object(region)),
        ])
      )
    ]
    if let message { fields.append(("message", .object([("text", .string(message))]))) }
    return .object(fields)
  }

  /// A path as a URI reference: relative paths stay relative (to the folder `flowc` ran in,
  /// as code scanning expects), every byte outside the unreserved set percent-encoded.
  static func uri(_ path: String) -> String {
    (path.hasPrefix("/") ? "file://" : "") + PercentEncoding.encodedPath(path)
  }
}
