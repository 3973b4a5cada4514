import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// A flow that uses one child flow at `path`.
private func parent(using path: String) -> String {
  """
  flow: Parent
  use: { Child: "\(path)" }
  start: { setRoot: Home }
  screens:
    Home:
      on: { next: { start: Child }, childDone: pop }

  """
}

private let child = """
  flow: Child
  start: { push: Page }
  screens:
    Page:
      on: { done: { finish: childDone } }

  """

/// A secret that must never reach a diagnostic, however a flow names its file.
private let secret = "AWS_SECRET_ACCESS_KEY: not-for-ci-logs\n: [unbalanced\n"

@Suite("A flow's files stay inside its project, and no file in a folder stops the others")
struct UntrustedFilesTests {
  /// A project (`Package.swift`, `flows/`) inside a folder that holds a secret beside it.
  private func project() throws -> (folder: TemporaryFolder, flows: String) {
    let folder = try TemporaryFolder()
    _ = try folder.write("secret.yaml", secret)
    _ = try folder.write(".env", secret)
    _ = try folder.write("app/Package.swift", "// swift-tools-version: 6.1\n")
    _ = try folder.write("app/.env", secret)
    _ = try folder.write("app/flows/children/child.yaml", child)
    return (folder, folder.path + "/app/flows")
  }

  @Test(
    "a use: path that is absolute, not YAML or outside the project is refused by the rule it breaks, never read",
    arguments: [
      ("../../secret.yaml", "outside the project"), ("../../.env", "'.yaml' or '.yml'"),
      ("../.env", "'.yaml' or '.yml'"), ("SECRET_ABSOLUTE", "must be relative"),
      ("~/secret.yaml", "must be relative"),
    ])
  func refusedPaths(written: String, rule: String) throws {
    let (folder, flows) = try project()
    let path = written == "SECRET_ABSOLUTE" ? folder.path + "/secret.yaml" : written
    let flow = try folder.write("app/flows/parent.yaml", parent(using: path))
    for format in ["text", "json", "sarif"] {
      let result = flowc(["check", flow, "--format", format])
      #expect(result.status == 1, "\(result)")
      #expect(result.output.contains("model.missing-flow-file") || format == "text")
      #expect(result.output.contains(rule), "\(result)")
      #expect(!result.output.contains("AWS_SECRET"), "the refused file is never quoted")
      #expect(!result.output.contains("unbalanced"))
    }
    _ = flows
  }

  @Test("a child inside the project is read, from a folder below or above the flow's own")
  func insideTheProject() throws {
    let (folder, _) = try project()
    _ = try folder.write("app/shared/child.yaml", child)
    for written in [
      "children/child.yaml", "../shared/child.yaml", "./children/../children/child.yaml",
    ] {
      let flow = try folder.write("app/flows/parent.yaml", parent(using: written))
      let result = flowc(["check", flow])
      #expect(result.status == 0, "\(written): \(result)")
    }
  }

  @Test("a symbolic link is followed, then checked: one that leads outside the project is refused")
  func symbolicLinks() throws {
    let (folder, flows) = try project()
    try FileManager.default.createSymbolicLink(
      atPath: flows + "/outside.yaml", withDestinationPath: folder.path + "/secret.yaml")
    try FileManager.default.createSymbolicLink(
      atPath: flows + "/inside.yaml", withDestinationPath: flows + "/children/child.yaml")
    let outside = flowc([
      "check", try folder.write("app/flows/p.yaml", parent(using: "outside.yaml")),
    ])
    #expect(outside.status == 1)
    #expect(outside.output.contains("outside the project"), "\(outside)")
    #expect(!outside.output.contains("AWS_SECRET"))
    let inside = flowc([
      "check", try folder.write("app/flows/p.yaml", parent(using: "inside.yaml")),
    ])
    #expect(inside.status == 0, "\(inside)")
  }

  @Test("a FIFO is refused at once, as a child flow and as a file of a checked folder")
  func fifo() throws {
    let (folder, flows) = try project()
    #expect(makeFIFO(flows + "/children/pipe.yaml"))
    let used = flowc([
      "check", try folder.write("app/flows/p.yaml", parent(using: "children/pipe.yaml")),
    ])
    #expect(used.status == 1)
    #expect(used.output.contains("not a regular file"), "\(used)")
    let walked = flowc(["check", flows])
    #expect(walked.status == 1)
    #expect(walked.output.contains("pipe.yaml:1:1: error: cannot read the file"), "\(walked)")
  }

  @Test(
    "a dangling link or an unreadable file in a folder is that file's error; the others are checked"
  )
  func unreadableFileInFolder() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(
      "flows/broken.yaml", "flow: B\nstart: { setRoot: Nowhere }\nscreens: { A: {} }\n")
    _ = try folder.write("flows/good.yaml", "flow: G\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/flows/dangling.yaml", withDestinationPath: folder.path + "/gone.yaml")
    let text = flowc(["check", folder.path + "/flows"])
    #expect(text.status == 1, "\(text)")
    #expect(text.output.contains("dangling.yaml:1:1: error: cannot read the file: no such file"))
    #expect(text.output.contains("broken.yaml:2:"), "the file after it is still checked: \(text)")
    let json = flowc(["check", folder.path + "/flows", "--format", "json"])
    #expect(json.status == 1)
    #expect(
      json.output.contains("model.unreadable-file") && json.output.contains("check.unknown-screen"))
  }

  @Test("a link in a checked folder that leads outside it is refused, never read nor followed")
  func linksOutOfTheFolder() throws {
    let (folder, flows) = try project()
    _ = try folder.write(
      "app/flows/good.yaml", "flow: G\nstart: { setRoot: Nope }\nscreens: { A: {} }\n")
    try FileManager.default.createSymbolicLink(
      atPath: flows + "/secret.yaml", withDestinationPath: folder.path + "/secret.yaml")
    try FileManager.default.createSymbolicLink(
      atPath: flows + "/process.yaml", withDestinationPath: processEnvironmentFile)
    try FileManager.default.createSymbolicLink(atPath: flows + "/root", withDestinationPath: "/")
    let result = flowc(["check", flows], environment: ["MYTOKEN": "ghp_SECRETVALUE"])
    #expect(result.status == 1, "\(result)")
    #expect(!result.output.contains("AWS_SECRET") && !result.output.contains("ghp_SECRET"))
    #expect(
      result.output.contains(
        "secret.yaml:1:1: error: cannot read the file: it is a link to a file outside"))
    #expect(result.output.contains("process.yaml:1:1: error: cannot read the file: it is a link"))
    #expect(result.output.contains("good.yaml:2:"), "the folder's own flows are checked: \(result)")
    #expect(!result.output.contains("/usr/"), "a link to / is not walked")
  }

  @Test("a NUL in a use: path is refused: the system would read a shorter path")
  func nulInUsePath() throws {
    let (folder, _) = try project()
    let flow = try folder.write("app/flows/m.yaml", parent(using: #"../.env\0.yaml"#))
    let result = flowc(["check", flow])
    #expect(result.status == 1)
    #expect(result.output.contains("may not hold control characters"), "\(result)")
    #expect(!result.output.contains("AWS_SECRET"))
  }

  @Test("a folder walk through links to the folder itself ends, and checks each file once")
  func symbolicLinkCycle() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(
      "flows/one.yaml", "flow: One\nstart: { setRoot: Nope }\nscreens: { A: {} }\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/flows/again", withDestinationPath: ".")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/flows/sub", withDestinationPath: folder.path + "/flows")
    let result = flowc(["check", folder.path + "/flows"])
    #expect(result.status == 1)
    #expect(
      result.output.components(separatedBy: "error: 'setRoot' names no screen").count == 2,
      "\(result)")
  }

  @Test(
    "a driver type from flowspec.json or --driver must be a Swift type name: the build fails naming it"
  )
  func driverTypeNames() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write("flows/app.yaml", child)
    let config = try folder.write(
      "Tests/AppTests/flowspec.json",
      #"{ "flows": ["../../flows"], "drivers": { "Child": "Driver; @Test func x() {}" } }"#)
    let fromConfig = flowc(["gen", flow, "--output", folder.path + "/out", "--config", config])
    #expect(fromConfig.status == 2, "\(fromConfig)")
    #expect(fromConfig.errors.contains(config), "names flowspec.json: \(fromConfig)")
    #expect(fromConfig.errors.contains("must be a Swift type name"))
    let fromOption = flowc(["gen", flow, "--output", folder.path + "/out", "--driver", "A B"])
    #expect(fromOption.status == 2)
    #expect(fromOption.errors.contains("'--driver' takes a Swift type name"), "\(fromOption)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"), "nothing generated")
  }
}

@Suite("flowspec.json says nothing silently")
struct TargetConfigurationTests {
  private func target(_ configuration: String) throws -> (TemporaryFolder, [String]) {
    let folder = try TemporaryFolder()
    let flow = try folder.write(
      "flows/app.yaml", "flow: NavigationService\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    let config = try folder.write("Tests/AppTests/flowspec.json", configuration)
    return (folder, ["gen", flow, "--output", folder.path + "/out", "--config", config])
  }

  @Test(
    "a misspelt key is refused with a did-you-mean, naming flowspec.json",
    arguments: [
      (#"{ "flows": ["../../flows"], "driver": { "NavigationService": "D" } }"#, "'drivers'"),
      (#"{ "flow": ["../../flows"] }"#, "'flows'"),
      (#"{ "flows": [], "exclued": [] }"#, "'exclude'"),
    ])
  func misspeltKey(configuration: String, suggestion: String) throws {
    let (folder, arguments) = try target(configuration)
    let result = flowc(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.errors.contains("flowspec.json:1:"), "\(result)")
    #expect(result.errors.contains("did you mean \(suggestion)?"), "\(result)")
    _ = folder
  }

  @Test("a driver for a flow the target does not have is refused, with the flows it has")
  func driverForNoFlow() throws {
    let (folder, arguments) = try target(
      #"{ "flows": ["../../flows"], "drivers": { "NavigationServce": "AppDriver" } }"#)
    let result = flowc(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(
      result.errors.contains("'drivers' names flow 'NavigationServce', but no flow of this target"))
    #expect(result.errors.contains("did you mean 'NavigationService'?"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/AppChecklist.swift"))
    let right = try target(
      #"{ "flows": ["../../flows"], "drivers": { "NavigationService": "AppDriver" } }"#)
    #expect(flowc(right.1).status == 0)
  }

  @Test("explore takes events, seed, findings and accepted items; a misspelt one is refused")
  func exploreSettings() throws {
    let (folder, arguments) = try target(
      #"{ "flows": ["../../flows"], "drivers": { "NavigationService": "AppDriver" }, "explore": { "findings": 3, "accept": ["After login, the app does \"it\""] } }"#
    )
    #expect(flowc(arguments).status == 0)
    let generated = try folder.read("out/AppChecklist.swift")
    #expect(generated.contains("findings: 3,"), "\(generated)")
    #expect(generated.contains(#"accepting: ["After login, the app does \"it\""])"#))
    let misspelt = try target(#"{ "flows": ["../../flows"], "explore": { "findngs": 3 } }"#)
    let refused = flowc(misspelt.1)
    #expect(refused.status == 2)
    #expect(refused.errors.contains("did you mean 'findings'?"), "\(refused)")
    let notAList = try target(#"{ "flows": ["../../flows"], "explore": { "accept": "x" } }"#)
    #expect(flowc(notAList.1).errors.contains("'accept' in 'explore' takes a list"))
  }
}
