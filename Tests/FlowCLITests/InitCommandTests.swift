import FlowTestSupport
import Foundation
import Testing

@testable import FlowCLI

/// The path of a manifest's `.package(path:)`.
private func pathDependency(of manifest: String) -> String? {
  manifest.firstRange(of: #".package(path: ""#).map {
    String(manifest[$0.upperBound...].prefix { $0 != "\"" })
  }
}

/// A path, relative to `folder` or absolute, made absolute with links resolved.
private func resolved(_ path: String, from folder: String) -> String {
  URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder + "/"))
    .standardizedFileURL.resolvingSymlinksInPath().path
}

@Suite("flowc init")
struct InitCommandTests {
  @Test("a folder name becomes one shell word that cd takes as a folder")
  func shellWords() {
    #expect(InitCommand.shellWord("my-app") == "my-app")
    #expect(InitCommand.shellWord("my app") == "'my app'")
    #expect(InitCommand.shellWord("it's") == #"'it'\''s'"#)
    #expect(InitCommand.shellWord("-dash") == "./-dash")
    #expect(InitCommand.shellWord("$HOME `x`") == "'$HOME `x`'")
    #expect(InitCommand.shellWord("t\tab\n'\\") == #"$'t\x09ab\x0a\'\\'"#)
  }

  @Test("the next command it prints can be pasted into a shell, whatever the folder's name")
  func pastableNextCommand() throws {
    let parent = try TemporaryFolder()
    for name in ["my app", "it's"] {
      let result = flowc(["init", parent.path + "/" + name])
      #expect(result.status == 0, "\(result)")
      let quoted =
        "'" + (parent.path + "/" + name).replacingOccurrences(of: "'", with: #"'\''"#) + "'"
      #expect(result.output.contains("cd \(quoted) && swift test"), "\(result)")
    }
  }

  @Test("an empty folder becomes a package whose flow checks clean, passes and is fully covered")
  func newPackage() throws {
    let folder = try TemporaryFolder()
    let package = folder.path + "/My App"
    let result = flowc(["init", package, "--flowspec", repositoryRoot()])
    #expect(result.status == 0, "\(result)")
    for file in [
      "Package.swift", "flows/app.yaml", "Tests/MyAppFlowTests/flowspec.json",
      "Tests/MyAppFlowTests/MyAppFlowTests.swift",
    ] {
      #expect(result.output.contains("created \(package)/\(file)\n"), "\(file)")
    }
    let manifest = try folder.read("My App/Package.swift")
    #expect(manifest.contains(#"name: "My App""#))
    // The checkout is named relative to the package, so both can move together.
    let dependency = try #require(pathDependency(of: manifest))
    #expect(dependency.hasPrefix("../"), "\(dependency)")
    #expect(resolved(dependency, from: package) == resolved(repositoryRoot(), from: "/"))
    #expect(result.output.contains("for a released flowspec, run init with --flowspec GIT-URL"))
    #expect(manifest.contains(#"plugins: [.plugin(name: "FlowSpecPlugin", package: "#))
    #expect(result.output.contains("cd '\(package)' && swift test"), "quoted: the name has a space")
    let flow = package + "/flows/app.yaml"
    let modeline = try folder.read("My App/flows/app.yaml").split(separator: "\n")[0]
    #expect(modeline.hasPrefix("# yaml-language-server: $schema=../"), "\(modeline)")
    #expect(modeline.hasSuffix(dependency + "/schema/flow.schema.json"), "\(modeline)")
    #expect(flowc(["check", flow]).status == 0)
    #expect(flowc(["spec", flow, "--check"]).status == 0)
    #expect(flowc(["coverage", flow, "--min", "100"]).status == 0)
    let items = flowc(["spec", flow]).output.split(separator: "\n").filter { $0.contains("[✅]") }
    #expect(items.count == 3)
  }

  @Test("in an existing package: writes what it lacks, leaves the manifest, prints what to add")
  func existingPackage() throws {
    let folder = try TemporaryFolder()
    let manifest = "// swift-tools-version: 6.1\nimport PackageDescription\n"
    try folder.write("Package.swift", manifest)
    let result = flowc([
      "init", folder.path, "--flowspec", "https://example.com/me/flowspec.git", "--name", "shop",
    ])
    #expect(result.status == 0, "\(result)")
    #expect(try folder.read("Package.swift") == manifest)
    #expect(!result.output.contains("created \(folder.path)/Package.swift"))
    #expect(
      result.output.contains(
        #".package(url: "https://example.com/me/flowspec.git", from: "#))
    #expect(result.output.contains(#"name: "ShopFlowTests""#))
    #expect(result.output.contains(#".product(name: "FlowSpec", package: "flowspec")"#))
    #expect(try folder.read("Tests/ShopFlowTests/flowspec.json").contains("../../flows/app.yaml"))
    // Without a schema on this machine, no modeline points nowhere.
    #expect(try folder.read("flows/app.yaml").hasPrefix("# Your first flow"))
  }

  @Test("refuses to overwrite anything: one existing file and nothing is written")
  func refusesToOverwrite() throws {
    let folder = try TemporaryFolder()
    try folder.write("flows/app.yaml", "flow: Mine\n")
    let result = flowc(["init", folder.path, "--flowspec", repositoryRoot()])
    #expect(result.status == 1)
    #expect(result.errors.contains("nothing was written"))
    #expect(result.errors.contains("'flows/app.yaml'"))
    #expect(try folder.read("flows/app.yaml") == "flow: Mine\n")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Package.swift"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Tests"))
  }

  @Test("a file that cannot be written takes back everything the run wrote, so a second run works")
  func allOrNothing() throws {
    let folder = try TemporaryFolder()
    let package = folder.path + "/App"
    // 'Tests' is a file where init needs a folder: the third file cannot be written.
    _ = try folder.write("App/Tests", "not a folder\n")
    let failed = flowc(["init", package, "--flowspec", repositoryRoot()])
    #expect(failed.status == 1, "\(failed)")
    #expect(failed.errors.contains("is a file, not a folder; nothing was written"), "\(failed)")
    #expect(!failed.output.contains("created"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: package) == ["Tests"],
      "Package.swift, flows/ and flows/app.yaml were taken back")
    try FileManager.default.removeItem(atPath: package + "/Tests")
    let again = flowc(["init", package, "--flowspec", repositoryRoot()])
    #expect(again.status == 0, "\(again)")
    #expect(again.output.contains("created \(package)/Package.swift"))
  }

  @Test("bad input is a usage error: a file for a folder, a path that is not flowspec, two folders")
  func usage() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("notes.txt", "hello\n")
    #expect(flowc(["init", file, "--flowspec", repositoryRoot()]).status == 2)
    let notFlowspec = flowc(["init", folder.path + "/app", "--flowspec", folder.path])
    #expect(notFlowspec.status == 2)
    #expect(notFlowspec.errors.contains("is not a flowspec checkout"))
    #expect(flowc(["init", "a", "b"]).status == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/app"))
  }

  @Test("without --flowspec, the package depends on the checkout flowc was built from")
  func defaultDependency() throws {
    let folder = try TemporaryFolder()
    let result = flowc(["init", folder.path])
    #expect(result.status == 0, "\(result)")
    let dependency = try #require(pathDependency(of: try folder.read("Package.swift")))
    #expect(dependency.hasPrefix("../"), "a path relative to the package: \(dependency)")
    #expect(resolved(dependency, from: folder.path) == resolved(repositoryRoot(), from: "/"))
  }
}
