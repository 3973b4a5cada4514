#if canImport(Testing)
  public import FlowSpec
  import Testing

  /// Records each failure as a Swift Testing issue at its place in the flow, so Xcode and
  /// `swift test` show it on the YAML line it is about.
  ///
  /// The tests FlowSpecPlugin generates call it; it lives here, versioned with the library,
  /// rather than in every generated file. A failure the app cannot show (its driver declared
  /// it unobservable) is recorded with `asKnownIssues`: counted in the run's summary as a known
  /// issue, never passed and never failed.
  ///
  /// Where Swift Testing is not available (a target that links the FlowSpec product but is
  /// not a test), the module is empty, so linking it costs nothing there.
  public func recordIssues(
    for failures: [ChecklistVerifier.Failure], asKnownIssues: Bool = false
  ) {
    for failure in failures {
      let location = SourceLocation(
        fileID: failure.fileID, filePath: failure.filePath, line: failure.line,
        column: failure.column)
      let comment = Comment(rawValue: failure.message)
      if asKnownIssues {
        withKnownIssue(comment, sourceLocation: location) {
          Issue.record(comment, sourceLocation: location)
        }
      } else {
        Issue.record(comment, sourceLocation: location)
      }
    }
  }
#endif
