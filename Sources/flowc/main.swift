import FlowCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(FlowCLI.main(Array(CommandLine.arguments.dropFirst()), console: .standard()))
