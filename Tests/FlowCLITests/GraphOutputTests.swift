import FlowTestSupport
import Foundation
import Testing

private let article = TestFlows.fixture("navigation-service.yaml")

@Suite("flowc graph --output")
struct GraphOutputTests {
  @Test(
    "an .svg is drawn by Graphviz: every screen and the popToRoot edge to its root are in it",
    ExternalProgram.graphviz.needed)
  func svg() throws {
    let folder = try TemporaryFolder()
    let result = flowc(["graph", article, "--output", folder.path + "/flow.svg"])
    #expect(result.status == 0, "\(result)")
    let svg = try folder.read("flow.svg")
    #expect(svg.contains("<svg"))
    for screen in ["Login", "Onboarding", "Infos", "InfoDetails", "NewInfo", "LogoutSheet"] {
      #expect(svg.contains("<title>\(screen)</title>"), "\(screen)")
    }
    #expect(svg.contains("<title>NewInfo&#45;&gt;Infos</title>"))
    #expect(!svg.contains("<title>NewInfo&#45;&gt;NewInfo</title>"))
  }

  @Test(
    "a .png is an image; text formats are written as flowc prints them",
    ExternalProgram.graphviz.needed)
  func otherFormats() throws {
    let folder = try TemporaryFolder()
    #expect(flowc(["graph", article, "--output", folder.path + "/flow.png"]).status == 0)
    let png = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/flow.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    for (name, format) in [("flow.dot", "dot"), ("flow.mmd", "mermaid"), ("flow.json", "json")] {
      #expect(flowc(["graph", article, "--output", folder.path + "/" + name]).status == 0)
      let printed = flowc(["graph", article, "--format", format]).output
      #expect(try folder.read(name) == printed, "\(name)")
    }
  }

  @Test("an extension it cannot tell, or one that contradicts --format, is a usage error")
  func usage() throws {
    let folder = try TemporaryFolder()
    for arguments in [
      ["--output", folder.path + "/flow.txt"], ["--output", folder.path + "/flow"],
      ["--output", folder.path + "/flow.svg", "--format", "json"],
      ["--output", folder.path + "/flow.mmd", "--format", "dot"],
    ] {
      let result = flowc(["graph", article] + arguments)
      #expect(result.status == 2, "\(arguments)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("without Graphviz, it says how to install it and writes nothing")
  func withoutGraphviz() throws {
    let folder = try TemporaryFolder()
    let result = try flowcBinary(
      ["graph", article, "--output", folder.path + "/flow.svg"],
      environment: ["PATH": folder.path])
    #expect(result.status == 1)
    #expect(result.errors.contains("Graphviz's 'dot' is not installed"))
    #expect(result.errors.contains("apt-get install graphviz"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
