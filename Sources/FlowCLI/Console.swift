import FlowDiagnostics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command reads and writes: the real terminal, or strings in tests.
public struct Console {
  /// Writes to standard output.
  public var writeOutput: (String) -> Void
  /// Writes to standard error.
  public var writeError: (String) -> Void
  /// Reads one line of standard input without its line break; `nil` at the end.
  public var readLine: () -> String?
  /// Whether standard output, standard error and standard input are terminals.
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal: a clean `check` then says so there.
  public var errorIsTerminal: Bool
  /// Whether standard input is a terminal: `run` then reads events interactively.
  public var inputIsTerminal: Bool
  /// The environment variables.
  public var environment: [String: String]
  /// Starts catching Ctrl-C (SIGINT) instead of dying of it, for a command that stops
  /// cleanly (`check --watch`); `wasInterrupted` then says whether one came.
  public var catchInterrupts: () -> Void = {}
  /// Whether a Ctrl-C came since `catchInterrupts`; always `false` for a console in tests.
  public var wasInterrupted: () -> Bool = { false }

  /// A console writing and reading through the given closures, with no terminal and no
  /// environment unless told.
  public init(
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    readLine: @escaping () -> String? = { nil }, outputIsTerminal: Bool = false,
    errorIsTerminal: Bool = false, inputIsTerminal: Bool = false,
    environment: [String: String] = [:]
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.readLine = readLine
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.environment = environment
  }

  /// The process's standard streams and environment.
  public static func standard() -> Console {
    var environment: [String: String] = [:]
    #if canImport(Darwin)
      var pointer = _NSGetEnviron().pointee!
    #else
      var pointer = environ
    #endif
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    var console = Console(
      writeOutput: { writeAll(STDOUT_FILENO, $0) },
      writeError: { writeAll(STDERR_FILENO, $0) },
      readLine: { Swift.readLine(strippingNewline: true) },
      outputIsTerminal: isatty(STDOUT_FILENO) == 1,
      errorIsTerminal: isatty(STDERR_FILENO) == 1,
      inputIsTerminal: isatty(STDIN_FILENO) == 1,
      environment: environment)
    console.catchInterrupts = {
      // A second Ctrl-C ends flowc at once, for a command slow to stop.
      _ = signal(SIGINT) { _ in
        if interruptReceived != 0 { _exit(130) }
        interruptReceived = 1
      }
      // A parent may have started flowc with SIGINT blocked (a test runner's thread): a
      // blocked signal would never arrive.
      var interrupt = sigset_t()
      sigemptyset(&interrupt)
      sigaddset(&interrupt, SIGINT)
      _ = pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }
    console.wasInterrupted = { interruptReceived != 0 }
    return console
  }

  /// Whether to colour standard output: only on a terminal, never with `NO_COLOR` set.
  public var colorsOutput: Bool { colors(onTerminal: outputIsTerminal) }

  /// Whether to colour standard error.
  public var colorsErrors: Bool { colors(onTerminal: errorIsTerminal) }

  private func colors(onTerminal isTerminal: Bool) -> Bool {
    isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
  }

  // Every command writes through these: a control character in what they print (from a
  // flow, a file name, an argument) is shown as an escape, never obeyed by the terminal.

  /// Writes a line to standard output, control characters escaped.
  public func print(_ line: String = "") { write(line + "\n") }

  /// Writes one line to standard error, every control character in it escaped, line feeds
  /// too: an error or a note about a file is one line, whatever its name or values hold.
  public func printError(_ line: String) { writeError(TerminalText.line(line) + "\n") }

  /// Writes text to standard output, control characters escaped.
  public func write(_ text: String) { writeOutput(TerminalText.escaped(text)) }

  /// Writes text that is already safe piece by piece and carries the colours its printer
  /// added (the diagnostic printer's), as it is.
  public func writeFormatted(_ text: String, toErrors: Bool = false) {
    if toErrors { writeError(text) } else { writeOutput(text) }
  }
}

/// Set by the SIGINT handler `catchInterrupts` installs; a signal handler may only write a
/// flag like this one.
nonisolated(unsafe) private var interruptReceived: sig_atomic_t = 0

/// Writes all of a string's UTF-8 to a file descriptor, retrying short writes.
private func writeAll(_ descriptor: Int32, _ text: String) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      return
    }
    bytes = bytes.dropFirst(written)
  }
}
