import FlowFileSystem
import FlowGenerator
import FlowSpec
import Foundation

/// Measures the debug build time each generated test adds, against an empty hand-written
/// `@Test`: a package with one target of N empty tests and one of N generated tests is built,
/// then each target's file is touched and rebuilt alone, for N = 0 and each size.
enum BuildCost {
  static func run(sizes: [Int], repetitions: Int) throws {
    let folder = NSTemporaryDirectory() + "flowspec-build-cost"
    try? FileManager.default.removeItem(atPath: folder)
    try writePackage(in: folder)
    print("debug build time of one test target after touching its file (best of \(repetitions))")
    print("tests   hand-written  generated")
    var baseline: (hand: Double, generated: Double)?
    var rows: [(count: Int, hand: Double, generated: Double)] = []
    for count in [0] + sizes {
      try writeTests(count: count, in: folder)
      _ = try build(in: folder)
      let hand = try timeRebuild(
        of: "Tests/HandWritten/HandWrittenTests.swift", in: folder, repetitions: repetitions)
      let generated = try timeRebuild(
        of: "Tests/Generated/GeneratedChecklist.swift", in: folder, repetitions: repetitions)
      print(
        "\(count)".padding(8) + Measure.format(hand, digits: 2).padding(14)
          + Measure.format(generated, digits: 2))
      if count == 0 { baseline = (hand, generated) } else { rows.append((count, hand, generated)) }
    }
    guard let baseline else { return }
    print("\nper test, above an empty target:")
    for row in rows {
      let hand = (row.hand - baseline.hand) / Double(row.count)
      let generated = (row.generated - baseline.generated) / Double(row.count)
      print(
        "\(row.count) tests: hand-written \(Measure.format(hand, digits: 4)) s, generated \(Measure.format(generated, digits: 4)) s, ratio \(Measure.format(generated / hand, digits: 2))×"
      )
    }
  }

  private static func writePackage(in folder: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().path
    let identity = URL(fileURLWithPath: root).lastPathComponent
    try write(
      """
      // swift-tools-version: 6.1
      import PackageDescription

      let package = Package(
        name: "BuildCost",
        dependencies: [.package(path: "\(root)")],
        targets: [
          .testTarget(name: "HandWritten"),
          .testTarget(name: "Generated", dependencies: [.product(name: "FlowSpec", package: "\(identity)")]),
        ]
      )

      """, to: folder + "/Package.swift")
  }

  private static func writeTests(count: Int, in folder: String) throws {
    var hand = "import Testing\n\n@Suite(\"Hand-written\")\nstruct HandWrittenTests {\n"
    for index in 0..<count {
      hand += "  @Test(\"Item \(index) does what it says\")\n  func item\(index)() {}\n\n"
    }
    hand += "}\n"
    try write(hand, to: folder + "/Tests/HandWritten/HandWrittenTests.swift")
    let flow = checklistFlow(items: count)
    let document = FlowDocument(source: flow, path: folder + "/flow.yaml")
    guard let valid = document.validFlow else {
      throw FileError(path: "flow.yaml", reason: "\(document.diagnostics)")
    }
    let generated = ChecklistTestGenerator.render(
      valid, source: document.text,
      options: .init(filePath: folder + "/flow.yaml", typeName: "GeneratedChecklist"))
    try write(generated, to: folder + "/Tests/Generated/GeneratedChecklist.swift")
  }

  /// A flow with `items` checklist items in sections of 20, each with a step or two.
  static func checklistFlow(items: Int) -> String {
    var text = """
      flow: BuildCost
      state: { isLogin: false }
      start: { setRoot: Home }
      screens:
        Home: { navBar: { title: Home, right: { image: plus, action: add } }, on: { add: { push: Next } } }
        Next: { navBar: { title: Next } }
      spec: |

      """
    for index in 0..<items {
      if index % 20 == 0 { text += "  ===== SECTION \(index / 20)\n" }
      text += "  [ ] Item \(index) does what it says\n"
      text +=
        index % 2 == 0
        ? "      when { tap: right }\n      expect { top: Next, animated: true }\n"
        : "      expect { stack: [Home] }\n"
    }
    return text
  }

  private static func timeRebuild(of file: String, in folder: String, repetitions: Int) throws
    -> Double
  {
    var best = Double.infinity
    for repetition in 0..<repetitions {
      let path = folder + "/" + file
      let contents = try String(contentsOfFile: path, encoding: .utf8)
      try write(contents + "// touched \(repetition)\n", to: path)
      best = min(best, try build(in: folder))
    }
    return best
  }

  /// Builds the package's tests in debug and returns the wall time.
  private static func build(in folder: String) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "--build-tests"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    let start = Date()
    try process.run()
    let output = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw FileError(
        path: folder, reason: "swift build failed: " + String(decoding: output, as: UTF8.self))
    }
    return Date().timeIntervalSince(start)
  }

  private static func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }
}
