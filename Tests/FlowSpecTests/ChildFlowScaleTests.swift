import FlowFileSystem
import FlowSpec
import Foundation
import Testing

/// A reader of embedded texts that counts how often each path is read.
private final class CountingFiles: @unchecked Sendable {
  let texts: [String: String]
  private let lock = NSLock()
  private(set) var reads: [String: Int] = [:]

  init(_ texts: [String: String]) { self.texts = texts }

  var files: FlowFiles {
    FlowFiles { path, _ in
      self.lock.withLock { self.reads[path, default: 0] += 1 }
      return self.texts[path].map { .success(Array($0.utf8)) }
        ?? .failure(FileError(path: path, reason: "no such file or directory"))
    }
  }
}

/// A flow named `name` that uses `children` and finishes with `done`.
private func level(_ name: String, using children: [String], broken: Bool = false) -> String {
  var text = "flow: \(name)\n"
  if !children.isEmpty {
    text +=
      "use: { " + children.map { "\($0): \($0.lowercased()).yaml" }.joined(separator: ", ")
      + " }\n"
  }
  text +=
    "start: { push: \(broken ? "Nowhere" : "Page\(name)") }\nscreens:\n  Page\(name):\n    on:\n"
  text += "      done: { finish: finished }\n"
  for child in children { text += "      go\(child): { start: \(child) }\n" }
  if !children.isEmpty { text += "      finished: pop\n" }
  return text
}

@Suite("Child flows: each file loaded once, however many flows use it")
struct ChildFlowScaleTests {
  @Test("a diamond of use: 40 levels deep reads each file once and reports its errors once")
  func diamond() throws {
    // Level i's two flows both use both flows of level i + 1: 2^40 paths, 80 files.
    let depth = 40
    var texts: [String: String] = [:]
    for index in 0..<depth {
      let next = index + 1 < depth ? ["L\(index + 1)a", "L\(index + 1)b"] : []
      for side in ["a", "b"] {
        let name = "L\(index)\(side)"
        texts["/app/\(name.lowercased()).yaml"] = level(
          name, using: next, broken: index == depth - 1 && side == "a")
      }
    }
    let counter = CountingFiles(texts)
    let top = level("Top", using: ["L0a", "L0b"])
    let document = FlowDocument(source: top, path: "/app/top.yaml", files: counter.files)
    #expect(counter.reads.count == 2 * depth)
    #expect(counter.reads.values.allSatisfy { $0 == 1 }, "\(counter.reads.filter { $0.value > 1 })")
    let broken = document.diagnostics.filter {
      $0.file == "/app/l\(depth - 1)a.yaml" && $0.id.rawValue == "check.unknown-screen"
    }
    #expect(broken.count == 1, "reported once, not once per path: \(broken.count)")
    #expect(document.tree?.flows.count == 2 * depth + 1 || document.tree == nil)
  }

  @Test(
    "a chain of use: holds 64 flows; one of 2,000 files stops at the limit, at the use that goes deeper",
    arguments: [FlowDocument.maxChildFlowDepth - 1, 2000])
  func chain(count: Int) throws {
    var texts: [String: String] = [:]
    for index in 0..<count {
      let name = "C\(index)"
      texts["/app/\(name.lowercased()).yaml"] = level(
        name, using: index + 1 < count ? ["C\(index + 1)"] : [])
    }
    let counter = CountingFiles(texts)
    let document = FlowDocument(
      source: level("Top", using: ["C0"]), path: "/app/top.yaml", files: counter.files)
    let limit = FlowDocument.maxChildFlowDepth
    #expect(counter.reads.count == min(count, limit - 1))
    #expect(counter.reads.values.allSatisfy { $0 == 1 })
    let tooDeep = document.diagnostics.filter { $0.id.rawValue == "model.flow-depth" }
    if count < limit {
      #expect(!document.hasErrors, "\(document.diagnostics.prefix(3))")
      #expect(document.validTree?.flows.count == count + 1)
    } else {
      #expect(tooDeep.map(\.file) == ["/app/c\(limit - 2).yaml"], "\(tooDeep)")
      #expect(tooDeep.first?.position == SourcePosition(line: 2, column: 13))
    }
  }
}
