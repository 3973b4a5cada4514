import FlowFuzzTargets
import FlowSpec

// libFuzzer's entry points: built only with FLOWSPEC_FUZZ=1 and --sanitize=fuzzer (see
// .ci/fuzz), which supplies `main`.

nonisolated(unsafe) private var target = FuzzTarget.check
nonisolated(unsafe) private var programs: [NavigationProgram] = []

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  if let name = environmentValue("FLOWC_FUZZ_TARGET") {
    guard let chosen = FuzzTarget(rawValue: name) else {
      fatalError("FLOWC_FUZZ_TARGET is one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    target = chosen
  }
  // The interpreter target runs the flows of FLOWC_FUZZ_FLOWS (a folder), children included.
  if target == .events, let folder = environmentValue("FLOWC_FUZZ_FLOWS") {
    programs = fuzzPrograms(inFolder: folder)
  }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  fuzz(bytes, target: target, programs: programs)
  return 0
}
