#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// This file is the test support's one place for C library calls, on Glibc, Musl and Darwin.

/// Kills a process with `SIGKILL`: no handler runs, nothing is cleaned up.
public func killWithoutWarning(_ process: Int32) {
  _ = kill(process, SIGKILL)
}

/// Whether the tests run as root, who may give files to other users.
public var runsAsRoot: Bool { geteuid() == 0 }

/// Makes a FIFO (a named pipe) at `path`: opening it to read waits for a writer.
public func makeFIFO(_ path: String) -> Bool {
  mkfifo(path, 0o644) == 0
}

/// The file that holds this process's environment on Linux (`/proc/self/environ`), which a
/// link in a flow folder could expose; elsewhere a system file outside any project.
public var processEnvironmentFile: String {
  #if os(Linux)
    "/proc/self/environ"
  #else
    "/etc/hosts"
  #endif
}
