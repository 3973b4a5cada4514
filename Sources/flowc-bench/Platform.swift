#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls of the benchmarks, the one place that imports Glibc or Darwin.
enum Platform {
  #if canImport(Glibc)
    private static let ownProcess = RUSAGE_SELF.rawValue
  #else
    private static let ownProcess = RUSAGE_SELF
  #endif

  /// The CPU time the process has used so far, every thread's, user and system, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(ownProcess, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The process's peak resident memory so far, in MiB (Linux counts it in KiB, Darwin in
  /// bytes).
  static func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(ownProcess, &usage)
    #if canImport(Darwin)
      return Double(usage.ru_maxrss) / 1024 / 1024
    #else
      return Double(usage.ru_maxrss) / 1024
    #endif
  }

  /// Runs a program with `posix_spawn` (Foundation's `Process` adds tens of milliseconds a
  /// launch) with its output sent to /dev/null, and returns its exit status.
  static func spawnSilently(_ program: String, _ arguments: [String]) -> Int32 {
    spawn(program, arguments, output: "/dev/null").status
  }

  /// Runs a program with its standard output written to `output` (its errors dropped), and
  /// returns its exit status and its peak resident memory in MiB.
  static func spawn(_ program: String, _ arguments: [String], output: String) -> (
    status: Int32, peakMiB: Double
  ) {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      let environment = _NSGetEnviron().pointee
    #else
      var actions = posix_spawn_file_actions_t()
      let environment = environ
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let words = [program] + arguments
    let argv = words.map { strdup($0) } + [nil]
    defer {
      for argument in argv { free(argument) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, nil, argv, environment) == 0 else {
      return (-1, 0)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    #if canImport(Darwin)
      let peak = Double(usage.ru_maxrss) / 1024 / 1024
    #else
      let peak = Double(usage.ru_maxrss) / 1024
    #endif
    return ((status >> 8) & 0xFF, peak)
  }
}
