/// The exit status of `flowc`: what CI scripts branch on.
public enum ExitCode: Int32, Sendable {
  /// Nothing wrong.
  case success = 0
  /// The input has problems: errors in a flow, a failing checklist, an invalid event.
  case problemsFound = 1
  /// The tool was misused: an unknown option, a missing file.
  case usage = 2
  /// Interrupted by Ctrl-C before it finished (`flowc verify`, which still reports what it
  /// found): 128 + SIGINT, as a shell reports it.
  case interrupted = 130
}

/// A misuse of the command line, printed with the command's usage and exit status 2.
struct UsageError: Error {
  var message: String
}
