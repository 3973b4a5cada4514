#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An environment variable's value, `nil` when it is not set: the harness's one C call.
func environmentValue(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
