/// The exit status of `flowc`: what CI scripts branch on.
public enum ExitCode: Int32, Sendable {
  /// Nothing wrong.
  case success = 0
  /// The input has problems: errors in a flow, a failing checklist, an invalid event.
  case problemsFound = 1
  /// The tool was misused: an unknown option, a missing file.
  case usage = 2
}

/// A misuse of the command line, printed with the command's usage and exit status 2.
struct UsageError: Error {
  var message: String
}
