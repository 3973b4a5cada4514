import FlowSpec

/// How `flowc verify` writes its reports: text for a terminal, JSON, and diagnostics for
/// SARIF.
enum VerificationText {
  /// A failure as a located diagnostic; the counterexample item follows its message.
  static func diagnostics(_ report: VerificationReport) -> [Diagnostic] {
    var diagnostics = report.failures.map { diagnostic($0, severity: .error, withItem: true) }
    diagnostics += report.warnings.map { diagnostic($0, severity: .warning, withItem: true) }
    if let start = report.failureToStart {
      diagnostics.append(diagnostic(start, severity: .error, withItem: false))
    }
    if let note = boundsNote(report) {
      diagnostics.append(
        Diagnostic(
          id: "verify.bounded", severity: .note, message: note, file: report.file,
          range: report.boundsRange ?? SourceRange(at: .start)))
    }
    if let note = raisedNote(report) {
      diagnostics.append(
        Diagnostic(
          id: "verify.bounds-raised", severity: .note, message: note, file: report.file,
          range: report.boundsRange ?? SourceRange(at: .start)))
    }
    if let note = interruptionNote(report) {
      diagnostics.append(
        Diagnostic(
          id: "verify.interrupted", severity: .note, message: note, file: report.file,
          range: SourceRange(at: .start)))
    }
    return diagnostics
  }

  /// What to say when the search was interrupted before it had searched from every state.
  static func interruptionNote(_ report: VerificationReport) -> String? {
    guard report.interrupted else { return nil }
    return
      "the search was interrupted after \(Wording.count(report.states, "state")): what holds is proved over them only, and the failures shown are the shortest among them"
  }

  /// What to say of bounds the search raised above what was asked and did not hit (one it
  /// hit says so in `boundsNote`): a search asked to keep Ints to 3 that visits 100 says why.
  static func raisedNote(_ report: VerificationReport) -> String? {
    let raised = report.boundsRaised.filter { !report.boundsHit.contains($0.name) }
    guard !raised.isEmpty else { return nil }
    let list = raised.map { "\($0.name) from \($0.asked) to \($0.raisedTo)" }
    return
      "the search raised \(list.joined(separator: ", ")): the flow starts with, writes or sends values that large, and a bound below them would leave out states reached without anything growing"
  }

  /// What to say when the search hit bounds: which, and the `verify:` keys and options that
  /// raise them.
  static func boundsNote(_ report: VerificationReport) -> String? {
    guard !report.boundsHit.isEmpty else { return nil }
    let options = report.boundsHit.map { $0 == "states" ? "--max-states" : "--" + $0 }
    let keys = report.boundsHit.map { "\($0): N" }.joined(separator: ", ")
    let asked = report.boundsAsked.count == report.boundsHit.count ? report.boundsAsked : []
    let hit = report.boundsHit.indices.map { index in
      let (name, limit) = (report.boundsHit[index], report.boundLimits[index])
      guard index < asked.count, asked[index] != limit else { return "\(name) \(limit)" }
      // `texts` says how far a text may grow beyond the longest met, which `--texts` sets.
      if name == "texts" {
        return "texts \(asked[index]), texts up to \(limit) characters"
      }
      // A bound the search raised to what the flow or its samples hold says so.
      return
        "\(name) \(limit), raised from \(asked[index]) to what the flow, its checklist or a fresh value holds"
    }
    return
      "the search hit its bounds (\(hit.joined(separator: ", "))): what holds is proved within them only; raise them with 'verify: { \(keys) }' or \(options.joined(separator: ", "))"
  }

  private static func diagnostic(
    _ failure: VerificationReport.Failure, severity: Severity, withItem: Bool
  ) -> Diagnostic {
    let item =
      withItem ? failure.item.map { "; reproduce it with this checklist item:\n" + $0 } : nil
    return Diagnostic(
      id: DiagnosticID(rawValue: failure.id), severity: severity,
      message: failure.message + (item ?? ""), file: failure.file, range: failure.range)
  }

  /// The failures, each with its source line and its item, the warnings, then the figures.
  static func print(_ report: VerificationReport, documents: [FlowDocument], console: Console) {
    for diagnostic in diagnostics(report) where diagnostic.id.rawValue == "verify.start" {
      FlowInputs.printDiagnostics([diagnostic], documents: documents, console: console)
    }
    for failure in report.failures {
      FlowInputs.printDiagnostics(
        [diagnostic(failure, severity: .error, withItem: false)], documents: documents,
        console: console)
      if let item = failure.item, let path = failure.path {
        let events = path.count == 1 ? "1 event" : "\(path.count) events"
        console.print("  shortest counterexample (\(events)); paste it into the checklist:")
        console.print(item.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
      }
    }
    FlowInputs.printDiagnostics(
      report.warnings.map { diagnostic($0, severity: .warning, withItem: false) },
      documents: documents, console: console)
    console.print(summary(report))
  }

  /// `flows/shop.yaml: 6 properties over 1234 states and 3456 transitions (depth 12): all hold`.
  static func summary(_ report: VerificationReport) -> String {
    if report.startFailure != nil {
      return "\(TerminalText.line(report.file)): nothing verified: the flow cannot start"
    }
    let outcome =
      report.failures.isEmpty
      ? "all hold"
      : Wording.count(report.failures.count, "failure")
    let warnings =
      report.warnings.isEmpty
      ? "" : ", " + Wording.count(report.warnings.count, "warning")
    let file = TerminalText.line(report.file)
    var line =
      "\(file): \(Wording.count(report.propertiesChecked, "property", plural: "properties")) over \(Wording.count(report.states, "state")) and \(Wording.count(report.transitions, "transition")) (depth \(report.depth)): \(outcome)\(warnings)"
    if let note = boundsNote(report) { line += "\n\(file): note: " + note }
    if let note = raisedNote(report) { line += "\n\(file): note: " + note }
    if let note = interruptionNote(report) { line += "\n\(file): note: " + note }
    return line
  }

  /// Every report as JSON: `{ "errors": […], "flows": [ { file, flow, states, …, failures } ] }`,
  /// and `unverified`, the files an interruption left unverified, when there are any.
  static func json(
    _ reports: [VerificationReport], errors: [Diagnostic], unverified: [String] = []
  ) -> JSONValue {
    var fields: [(String, JSONValue)] = [("errors", DiagnosticPrinter.json(errors))]
    if !unverified.isEmpty {
      fields.append(("unverified", .array(unverified.map(JSONValue.string))))
    }
    let flows: JSONValue = .array(

      reports.map { report in
        var fields: [(String, JSONValue)] = [
          ("file", .string(report.file)), ("flow", .string(report.flow)),
          ("properties", .number(report.propertiesChecked)),
          ("states", .number(report.states)), ("transitions", .number(report.transitions)),
          ("depth", .number(report.depth)), ("interrupted", .bool(report.interrupted)),
          ("boundsHit", .array(report.boundsHit.map(JSONValue.string))),
          (
            "boundLimits",
            .object(zip(report.boundsHit, report.boundLimits).map { ($0, .number($1)) })
          ),
          (
            "boundsAsked",
            .object(zip(report.boundsHit, report.boundsAsked).map { ($0, .number($1)) })
          ),
          (
            "boundsRaised",
            .object(
              report.boundsRaised.map {
                ($0.name, .object([("asked", .number($0.asked)), ("to", .number($0.raisedTo))]))
              })
          ),
        ]
        var failures = report.failures.map(json)
        if let reason = report.startFailure, let start = report.failureToStart {
          fields.append(("startFailure", .string(reason)))
          failures.append(json(start))
        }
        fields.append(("failures", .array(failures)))
        fields.append(("warnings", .array(report.warnings.map(json))))
        return .object(fields)
      })
    return .object(fields + [("flows", flows)])
  }

  private static func json(_ failure: VerificationReport.Failure) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("id", .string(failure.id)), ("property", .string(failure.property)),
      ("file", .string(failure.file)), ("line", .number(failure.range.start.line)),
      ("column", .number(failure.range.start.column)), ("message", .string(failure.message)),
    ]
    if let path = failure.path {
      fields.append(("path", .array(path.map { .string($0.syntax(braced: true)) })))
    }
    if let item = failure.item { fields.append(("item", .string(item))) }
    return .object(fields)
  }
}
