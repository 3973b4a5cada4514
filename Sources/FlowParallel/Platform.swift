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

  /// Runs `body(index)` for every index below `count`, each on a thread of its own with a
  /// stack of `stackSize` bytes, and returns when all are done. The stack is only reserved:
  /// pages are committed as they are used.
  static func runOnThreads(
    count: Int, stackSize: Int, _ body: @escaping @Sendable (Int) -> Void
  ) {
    final class Job: @unchecked Sendable {
      let body: @Sendable (Int) -> Void
      let index: Int
      init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
        self.body = body
        self.index = index
      }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    #if canImport(Darwin)
      var threads: [pthread_t?] = []
    #else
      var threads: [pthread_t] = []
    #endif
    for index in 0..<count {
      let job = Unmanaged.passRetained(Job(body, index)).toOpaque()
      #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(
          &thread, &attributes,
          { context in
            let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
            job.body(job.index)
            return nil
          }, job)
      #else
        var thread = pthread_t()
        let started = pthread_create(
          &thread, &attributes,
          { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.body(job.index)
            return nil
          }, job)
      #endif
      if started == 0 {
        threads.append(thread)
      } else {
        // No thread to be had: run it here, as a serial run would.
        let job = Unmanaged<Job>.fromOpaque(job).takeRetainedValue()
        job.body(job.index)
      }
    }
    for thread in threads {
      #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
      #else
        pthread_join(thread, nil)
      #endif
    }
  }

  /// Advises the kernel to back `length` bytes from `address` with huge pages; Linux only
  /// (Darwin chooses its page sizes itself).
  static func adviseHugePages(_ address: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      _ = madvise(address, length, MADV_HUGEPAGE)
    #endif
  }
}
