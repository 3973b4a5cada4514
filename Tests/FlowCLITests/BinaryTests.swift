import FlowTestSupport
import Foundation
import Testing

/// The built `flowc`, run as a user runs it: stdout, stderr and the exit status.
@Suite("flowc, the executable")
struct BinaryTests {
  @Test("'flowc check' with no paths checks flows/ and exits 0")
  func checkDefaultFolder() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "flows/article.yaml",
      try String(contentsOfFile: TestFlows.fixture("navigation-service.yaml"), encoding: .utf8))
    let result = try flowcBinary(["check"], directory: folder.path)
    #expect(result.status == 0, "\(result)")
    #expect(result.output.isEmpty)
    #expect(result.errors.isEmpty)
  }

  @Test("a broken flow exits 1 with diagnostics on stdout")
  func broken() throws {
    let folder = try TemporaryFolder()
    try folder.write("flows/app.yaml", "flow: App\nstart: { setRoot: Hme }\nscreens:\n  Home: {}\n")
    let result = try flowcBinary(["check"], directory: folder.path, environment: [:])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix("flows/app.yaml:2:19: error: 'setRoot' names no screen 'Hme'\n"))
    #expect(!result.output.contains("\u{1B}["), "no colour when stdout is not a terminal")
  }

  @Test("misuse exits 2 with the usage on stderr")
  func misuse() throws {
    let result = try flowcBinary(["run"])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errors.hasPrefix("Error: missing the flow to run\nUsage: flowc run FLOW"))
  }

  @Test("run prints the article's scenario")
  func run() throws {
    let result = try flowcBinary(
      [
        "run", "Tests/Fixtures/navigation-service.yaml", "--given", "isLogin=false",
        "--events",
        "login,validateOnboarding,presentLogout",
      ],
      directory: repositoryRoot())
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "[3] presentLogout\n  calls      present(LogoutSheet, animated: true)\n  stack      Infos\n  presented  alert LogoutSheet"
      ))
  }
}
