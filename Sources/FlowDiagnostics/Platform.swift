#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls of this module, the one place that imports Glibc or Darwin.
package enum Platform {
  /// Where the first `byte` is among `count` bytes from `base`, as an offset from `base`;
  /// found with `memchr`, which scans a word at a time.
  package static func offset(of byte: UInt8, in base: UnsafePointer<UInt8>, count: Int) -> Int? {
    guard count > 0, let found = memchr(base, Int32(byte), count) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }
}
