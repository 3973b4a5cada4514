#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls of the command line, the one place besides `Console` that imports
/// Glibc or Darwin: starting another program and collecting what it writes.
///
/// flowc links no Foundation: `Process` and its pipes would load Foundation's libraries
/// into every run (about 8 MB of memory) for the few commands that start a program.
enum SystemCalls {
  /// What a program that ran did: its exit status (128 plus the signal's number when a
  /// signal ended it) and everything it wrote to its standard output and error.
  struct ProgramOutcome {
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]
  }

  /// The folder for temporary files: `TMPDIR` when set, else `/tmp`, with a final `/`.
  static var temporaryDirectory: String {
    var folder = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    if folder.isEmpty { folder = "/tmp" }
    return folder.hasSuffix("/") ? folder : folder + "/"
  }

  /// Runs the program at `path` with `arguments` (its `argv`, its own name first), its
  /// standard input `/dev/null`, the environment this process has; waits for it and returns
  /// what it did, or why it could not be started.
  ///
  /// Both outputs are read as they come, so a program that writes a lot to one of them
  /// cannot fill its pipe and stall.
  static func run(_ path: String, arguments: [String]) -> Result<ProgramOutcome, SpawnFailure> {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard makePipe(&outputPipe) else { return .failure(SpawnFailure(errno)) }
    guard makePipe(&errorPipe) else {
      let failure = SpawnFailure(errno)
      for end in outputPipe { _ = close(end) }
      return .failure(failure)
    }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)

    // The child starts with no signal blocked and the default action of the signals that
    // stop or interrupt programs, whatever the thread starting it had (a test runner's
    // blocks some; a shell may have ignored others).
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE, SIGCHLD] {
      sigaddset(&defaults, number)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    var child = pid_t()
    let started = posix_spawn(&child, path, &actions, &attributes, argv, environment)
    _ = close(outputPipe[1])
    _ = close(errorPipe[1])
    guard started == 0 else {
      _ = close(outputPipe[0])
      _ = close(errorPipe[0])
      return .failure(SpawnFailure(started))
    }

    let (output, errors) = drain(outputPipe[0], errorPipe[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    // The status word's low seven bits are the signal that ended the program, zero when it
    // exited; its exit code is then the next eight (WIFEXITED and WEXITSTATUS, which are C
    // macros Swift does not import).
    let signal = status & 0x7f
    let exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
    return .success(ProgramOutcome(status: exitStatus, output: output, errors: errors))
  }

  /// Why a program could not be started.
  struct SpawnFailure: Error {
    /// The C library's explanation of the error number.
    var reason: String

    init(_ number: Int32) {
      reason = String(cString: strerror(number))
    }
  }

  /// A pipe whose two ends close when a program is started, so that the child holds only
  /// the copies it is given as its outputs.
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// Reads both descriptors to their end, whichever has data first, and closes them.
  private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var collected: [[UInt8]] = [[], []]
    var watched = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var open = watched.count
    while open > 0 {
      if poll(&watched, nfds_t(watched.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for index in watched.indices where watched[index].fd >= 0 && watched[index].revents != 0 {
        let count = buffer.withUnsafeMutableBytes {
          read(watched[index].fd, $0.baseAddress, $0.count)
        }
        if count > 0 {
          collected[index].append(contentsOf: buffer[..<count])
        } else if count == 0 || errno != EINTR {
          _ = close(watched[index].fd)
          watched[index].fd = -1
          open -= 1
        }
      }
    }
    for end in watched where end.fd >= 0 { _ = close(end.fd) }
    return (collected[0], collected[1])
  }
}
