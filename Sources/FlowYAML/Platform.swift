#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls of this module, the one place that imports Glibc or Darwin.
enum SystemCalls {
  /// The processors online.
  static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Advises the kernel to back `length` bytes from `address` with huge pages; Linux only
  /// (Darwin chooses its page sizes itself).
  static func adviseHugePages(_ address: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      _ = madvise(address, length, MADV_HUGEPAGE)
    #endif
  }
}
