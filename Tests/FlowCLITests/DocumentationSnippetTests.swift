import FlowTestSupport
import Foundation
import Testing

/// Every Swift snippet of the README, docs/, the DocC articles and the driver API's doc
/// comments compiles against the library as it is, so the documentation cannot call what
/// does not exist.
@Suite("The documentation's Swift compiles")
struct DocumentationSnippetTests {
  /// A snippet and where it is.
  struct Snippet: CustomStringConvertible {
    var file: String
    var line: Int
    var code: String
    /// Marked as an excerpt of what flowc generates, to compare, not to compile.
    var isGeneratedExcerpt: Bool
    var description: String { "\(file):\(line)" }
  }

  static let root = repositoryRoot()
  static let documents =
    ["README.md"] + markdownFiles(in: "docs") + markdownFiles(in: "Sources/FlowSpec/FlowSpec.docc")
  /// The files whose doc comments teach the driver API.
  static let driverAPI = swiftFiles(in: "Sources/FlowDriving")

  static func markdownFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
  }

  static func swiftFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
  }

  /// The ```swift blocks of a text whose lines have `prefix` stripped first (`/// ` for doc
  /// comments); an HTML comment naming a generated excerpt marks the block after it.
  static func snippets(in file: String, linePrefix: String?) throws -> [Snippet] {
    let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
    var snippets: [Snippet] = []
    var current: (line: Int, lines: [String], excerpt: Bool)?
    var previous = ""
    for (index, raw) in text.components(separatedBy: "\n").enumerated() {
      var line = raw
      if let linePrefix {
        let trimmed = raw.drop { $0 == " " }
        guard trimmed.hasPrefix(linePrefix) else { continue }
        line = String(trimmed.dropFirst(linePrefix.count))
        if line.hasPrefix(" ") { line.removeFirst() }
      }
      if var block = current {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          snippets.append(
            Snippet(
              file: file, line: block.line, code: block.lines.joined(separator: "\n") + "\n",
              isGeneratedExcerpt: block.excerpt))
          current = nil
        } else {
          block.lines.append(line)
          current = block
        }
      } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = (index + 1, [], previous.contains("excerpt of generated code"))
      }
      previous = line
    }
    return snippets
  }

  static func allSnippets() throws -> [Snippet] {
    try documents.flatMap { try snippets(in: $0, linePrefix: nil) }
      + driverAPI.flatMap { try snippets(in: $0, linePrefix: "///") }
  }

  /// The events protocols of the example flows, as the plugin writes them: what a snippet
  /// binding an example app conforms to. They are read from the flows' frozen copies under
  /// Tests/Fixtures, so that editing an example fails only its own tests. The suite after
  /// them names its driver, which a snippet may not define, so it is left out.
  static func eventSurfaces(in folder: TemporaryFolder) throws -> String {
    var surfaces = ""
    for (flow, driver) in [
      ("navigation-service", "NavigationServiceDriver"), ("shop", "ShopDriver"),
    ] {
      let output = folder.path + "/\(flow).swift"
      let result = flowc([
        "gen", root + "/Tests/Fixtures/\(flow).yaml", "--output-file", output, "--driver", driver,
      ])
      #expect(result.status == 0, "\(result)")
      let text = try String(contentsOfFile: output, encoding: .utf8)
      surfaces += String(text[..<(text.range(of: "\n@Suite(")?.lowerBound ?? text.endIndex)])
      surfaces += "\n"
    }
    return surfaces
  }

  static let imports = """
    import ExampleNavigationService
    import ExampleShop
    import FlowSpec
    import Foundation
    import Testing

    #if canImport(UIKit)
      import UIKit
    #else
      import UIKitStandIns
    #endif

    """

  @Test("the documents and the driver API have Swift snippets to check")
  func found() throws {
    let snippets = try Self.allSnippets()
    #expect(snippets.filter { $0.file == "README.md" }.count >= 4)
    #expect(snippets.contains { $0.file.hasSuffix("WritingAFlow.md") })
    #expect(snippets.contains { $0.file.hasSuffix("BindingAnApp.md") })
    #expect(snippets.contains { $0.file.hasSuffix("FlowAppDriver.swift") })
    #expect(snippets.contains { $0.isGeneratedExcerpt })
  }

  @Test("every Swift snippet type-checks against the library, the example apps and their flows")
  func compiles() throws {
    let folder = try TemporaryFolder()
    let surfaces = try folder.write("Surfaces.swift", try Self.eventSurfaces(in: folder))
    for (index, snippet) in try Self.allSnippets().enumerated() where !snippet.isGeneratedExcerpt {
      if snippet.code.contains("import PackageDescription") {
        let manifest = try folder.write("manifest\(index)/Package.swift", snippet.code)
        let result = try typeCheckManifest(manifest)
        #expect(result.status == 0, "\(snippet): \(result)")
        continue
      }
      let main = try folder.write("snippet\(index)/main.swift", Self.imports + snippet.code)
      let result = try typeCheckSwift([surfaces, main])
      #expect(result.status == 0, "\(snippet) does not compile:\n\(snippet.code)\n\(result)")
    }
  }

  @Test("an excerpt of generated code shows lines flowc writes, in its order")
  func generatedExcerpts() throws {
    let folder = try TemporaryFolder()
    let output = folder.path + "/NavigationServiceChecklist.swift"
    let result = flowc([
      "gen", Self.root + "/Tests/Fixtures/navigation-service.yaml", "--output-file", output,
    ])
    #expect(result.status == 0, "\(result)")
    let generated = try String(contentsOfFile: output, encoding: .utf8)
      .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for snippet in try Self.allSnippets() where snippet.isGeneratedExcerpt {
      var position = generated.startIndex
      for line in snippet.code.components(separatedBy: "\n")
      where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.contains("…") {
        let wanted = line.trimmingCharacters(in: .whitespaces)
        guard let found = generated[position...].firstIndex(of: wanted) else {
          Issue.record("\(snippet): flowc does not write '\(wanted)' here")
          break
        }
        position = found + 1
      }
    }
  }

  @Test("the README shows the first article's binding as the example's driver file holds it")
  func readmeBinding() throws {
    let driver = try String(
      contentsOfFile: Self.root
        + "/Examples/NavigationServiceAppTests/NavigationServiceDriver.swift",
      encoding: .utf8)
    #expect(try Self.snippets(in: "README.md", linePrefix: nil).contains { $0.code == driver })
  }
}
