import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@testable import FlowFuzzTargets

/// The files below a folder, sorted, hidden files and READMEs left out.
private func inputs(below folder: String) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
  var files: [String] = []
  for case let name as String in enumerator {
    let path = folder + "/" + name
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
      !name.hasSuffix("README.md")
    else { continue }
    files.append(path)
  }
  return files.sorted()
}

/// What the fuzz targets run, replayed: a trap or a broken invariant stops the test process,
/// as it stopped the fuzzer.
@Suite("Fuzz targets: findings replayed, seeds run")
struct FuzzReplayTests {
  static let root = repositoryRoot()
  /// The tool's own fixtures, not the user-facing examples in flows/: editing an example
  /// fails only its own generated tests.
  static let programs = fuzzPrograms(inFolder: root + "/Tests/Fixtures")

  static let findingsFolder = root + "/Tests/FlowFuzzTargetsTests/Fixtures/fuzz"

  /// Each saved input, with the target its folder names.
  static let findings: [Finding] = inputs(below: findingsFolder).map { path in
    let relative = path.dropFirst(findingsFolder.count + 1)
    return Finding(folder: String(relative.prefix { $0 != "/" }), path: path)
  }

  struct Finding: Sendable, CustomTestStringConvertible {
    var folder: String
    var path: String
    var testDescription: String { path.split(separator: "/").suffix(2).joined(separator: "/") }
  }

  @Test(
    "every input a fuzzer found runs through its target again, as far as its checks",
    arguments: findings)
  func finding(_ finding: Finding) throws {
    let target = try #require(
      FuzzTarget(rawValue: finding.folder),
      "\(finding.folder) names no fuzz target (\(FuzzTarget.allCases.map(\.rawValue)))")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: finding.path)))
    // A trap stops the process here, as it stopped the fuzzer; an input its target now turns
    // away before the checks it once broke would pass without testing them.
    #expect(fuzz(bytes, target: target, programs: Self.programs) == .checked)
  }

  @Test("the saved findings are there to replay")
  func findingsExist() {
    #expect(!Self.findings.isEmpty)
  }

  @Test("an input a target turns away is told apart from one it checks")
  func reach() {
    #expect(fuzz(Array("flow: [".utf8), target: .generate, programs: []) != .checked)
    #expect(fuzz(Array("- [ ] nothing to mark".utf8), target: .marks, programs: []) != .checked)
    #expect(fuzz([0, 1, 2], target: .events, programs: []) != .checked)
    #expect(fuzz([0, 1, 2], target: .events, programs: Self.programs) == .checked)
    let flow = "flow: F\nstart: { setRoot: Home }\nscreens: { Home: {} }\n"
    #expect(fuzz(Array(flow.utf8), target: .generate, programs: []) == .checked)
  }

  @Test("the seed corpus runs through every target", arguments: FuzzTarget.allCases)
  func seeds(target: FuzzTarget) throws {
    // What .ci/fuzz seeds the fuzzers with: the frozen flows, the hostile ones, the findings.
    let seeds =
      ["/Tests/Fixtures", "/Tests/FlowGeneratorTests/Fixtures"].flatMap {
        inputs(below: Self.root + $0)
      } + inputs(below: Self.findingsFolder)
    #expect(seeds.count > 10)
    #expect(Self.programs.count >= 5, "every fixture flow but those with errors runs")
    for file in seeds {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
      fuzz(bytes, target: target, programs: Self.programs)
    }
    // The interpreter target reads bytes as event choices: every program, many paths.
    if target == .events {
      for program in 0..<Self.programs.count {
        for seed in 0..<20 {
          let choices = (0..<300).map { UInt8(truncatingIfNeeded: ($0 &* 31) ^ (seed &* 17)) }
          fuzz([UInt8(program)] + choices, target: .events, programs: Self.programs)
        }
      }
    }
  }

  @Test("a checklist input becomes a block under the flow, each line indented, bad bytes repaired")
  func checklistBlock() {
    let source = checklistSource(Array("- [ ] a\r\n\n  b".utf8) + [0xFF, 0x0A])
    #expect(source.hasPrefix(checklistHeader))
    #expect(source.dropFirst(checklistHeader.count) == "  - [ ] a\r\n  \n    b\u{FFFD}\n  \n")
  }
}
