import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// A flow whose `go` handler nests `levels` `if:` operations; YAML depth is `levels + 5`.
private func deepFlow(levels: Int) -> String {
  "flow: Deep\nstate: { a: true }\nstart: { setRoot: Home }\nscreens:\n  Home:\n    on:\n      go: "
    + String(repeating: "{ if: a, then: ", count: levels) + "{ push: Home }"
    + String(repeating: " }", count: levels)
    + "\nspec: |\n  [✅] Going stays home\n      when go\n      expect { top: Home, animated: true }\n"
}

/// Nested lists of aliases: `levels` levels of `branch`, branch^levels nodes when expanded.
private func aliasBomb(levels: Int, branch: Int = 10) -> String {
  var lines = [
    "flow: Laughs", "state:",
    "  a0: &a0 [" + Array(repeating: "x", count: branch).joined(separator: ", ") + "]",
  ]
  for level in 1...levels {
    lines.append(
      "  a\(level): &a\(level) ["
        + Array(repeating: "*a\(level - 1)", count: branch).joined(
          separator: ", ") + "]")
  }
  return (lines + ["start: { setRoot: Home }", "screens: { Home: {} }"]).joined(separator: "\n")
    + "\n"
}

@Suite("Limits at their caps: raised as far as they go, nothing crashes")
struct LimitCapTests {
  let cap = YAMLLimits.maximum

  @Test("the deepest nesting --max-depth allows is checked, run, printed and generated")
  func depthAtCap() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("deep.yaml", deepFlow(levels: cap.maxDepth - 5))
    let depth = ["--max-depth", "\(cap.maxDepth)"]
    let check = flowc(["check", path] + depth)
    #expect(check.status == 0, "\(check.errors.prefix(2000))")
    #expect(flowc(["spec", path, "--check"] + depth).status == 0)
    let run = flowc(["run", path, "--events", "go"] + depth)
    #expect(run.status == 0)
    #expect(run.output.contains("push(Home, animated: true)"))
    #expect(flowc(["graph", path] + depth).status == 0)
    #expect(flowc(["gen", path, "--output", folder.path + "/DeepTests.swift"] + depth).status == 0)
    // One level more is refused at its place, not overflowed.
    let deeper = try folder.write("deeper.yaml", deepFlow(levels: cap.maxDepth - 4))
    let refused = flowc(["check", deeper] + depth)
    #expect(refused.status == 1)
    #expect(
      refused.output.contains("error: nesting deeper than \(cap.maxDepth)"),
      "\(refused.output.prefix(500))")
  }

  @Test(
    "a generated test's verifier refuses a flow deeper than its limit with a failure, not a crash")
  func verifierAtCap() throws {
    // The library's default limit, so the deep flow is refused with a diagnostic (not a
    // crash) even from a test's own thread.
    let verifier = ChecklistVerifier(filePath: "deep.yaml", source: deepFlow(levels: cap.maxDepth))
    #expect(!verifier.failures(ofItem: 0).isEmpty)
  }

  @Test("an alias bomb is refused at the cap, quickly and without its nodes in memory")
  func aliasesAtCap() throws {
    let folder = try TemporaryFolder()
    let bomb = try folder.write("bomb.yaml", aliasBomb(levels: 8))
    let refused = flowc(["check", bomb, "--max-alias-expansion", "\(cap.maxAliasExpansion)"])
    #expect(refused.status == 1)
    #expect(refused.output.contains("aliases expand to more than \(cap.maxAliasExpansion) nodes"))
    // Over the default but under the cap: refused by default, expanded and checked at the cap.
    let large = try folder.write("large.yaml", aliasBomb(levels: 6, branch: 8))
    #expect(flowc(["check", large]).output.contains("aliases expand to more than 2000000 nodes"))
    let accepted = flowc(["check", large, "--max-alias-expansion", "\(cap.maxAliasExpansion)"])
    #expect(!accepted.output.contains("aliases expand"), "\(accepted.output.prefix(500))")
  }

  @Test("each limit takes its cap, and one more is a usage error naming the cap; help says it")
  func options() throws {
    let flow = TestFlows.fixture("todo.yaml")
    let help = flowc(["check", "--help"]).output
    for (option, value) in [
      ("max-depth", cap.maxDepth), ("max-alias-expansion", cap.maxAliasExpansion),
      ("max-scalar-length", cap.maxScalarLength), ("max-file-size", cap.maxFileSize),
    ] {
      #expect(flowc(["check", flow, "--\(option)", "\(value)"]).status == 0, "\(option)")
      let above = flowc(["check", flow, "--\(option)", "\(value + 1)"])
      #expect(above.status == 2, "\(option)")
      #expect(above.errors.contains("--\(option) is at most \(value), not \(value + 1)"))
      let helpLine = help.split(separator: "\n").first { $0.contains("--\(option) ") } ?? ""
      #expect(helpLine.contains(", at most \(value))."), "\(helpLine)")
    }
    #expect(help.contains("(default 256, at most 10000)"))
    #expect(help.contains("(default 64 MiB, at most 2147483647)"))
  }
}

@Suite("Checking many files at once")
struct ManyFilesTests {
  @Test("many files checked on every core print the same bytes, in order, as one at a time")
  func sameBytesAsOneByOne() throws {
    let folder = try TemporaryFolder()
    var paths: [String] = []
    for index in 0..<24 {
      // Every third file has mistakes, so the output has diagnostics from several files.
      let screen = index % 3 == 0 ? "Nowhere\(index)" : "Next"
      paths.append(
        try folder.write(
          String(format: "flows/f%02d.yaml", index),
          "flow: F\(index)\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { push: \(screen) } } }\n  Next: {}\n"
        ))
    }
    let together = flowc(["check"] + paths)
    var oneByOne = ""
    for path in paths {
      let alone = flowc(["check", path])
      // Each file alone ends with its own summary line; together there is one at the end.
      oneByOne += alone.output.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.contains(" in 1 file") }.joined(separator: "\n")
    }
    let body = together.output.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains(" in 8 files") }.joined(separator: "\n")
    #expect(together.status == 1)
    #expect(
      body.replacingOccurrences(of: "\n\n", with: "\n")
        == oneByOne.replacingOccurrences(of: "\n\n", with: "\n"))
    #expect(
      together.output.hasSuffix("8 errors and 8 warnings in 8 files\n"),
      "\(together.output.suffix(200))")
    let folderRun = flowc(["check", folder.path + "/flows"])
    #expect(folderRun.output == together.output, "a folder is checked in name order, as listed")
  }
}
