import FlowTestSupport
import Foundation
import Testing

/// A package outside this repository that uses FlowSpecPlugin as a user's would.
private func demoPackage(in folder: TemporaryFolder, extraTarget: String = "") throws {
  let root = repositoryRoot()
  let identity = URL(fileURLWithPath: root).lastPathComponent
  try folder.write(
    "Package.swift",
    """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: "Demo",
      dependencies: [.package(path: "\(root)")],
      targets: [
        .testTarget(
          name: "DemoTests",
          dependencies: [.product(name: "FlowSpec", package: "\(identity)")],
          exclude: ["Broken", "flowspec.json"],
          plugins: [.plugin(name: "FlowSpecPlugin", package: "\(identity)")]),
        \(extraTarget)
      ]
    )

    """)
  try folder.write(
    "Tests/DemoTests/flows/demo.yaml",
    """
    flow: Demo
    start: { setRoot: Home }
    screens:
      Home: { navBar: { title: Home }, on: { go: { push: Next } } }
      Next: { navBar: { title: Next } }
    spec: |
      ===== DEMO
      [✅] Go pushes next
          when go
          expect { top: Next }
      [ ] Home has a title
          expect { navBar: { title: Homepage } }
      [ ] Not yet

    """)
  // YAML that is not a flow is left alone; what the manifest or flowspec.json excludes is
  // not read at all, broken as it is.
  try folder.write("Tests/DemoTests/Fixtures/api-response.yml", "user: { name: Ann }\n")
  try folder.write("Tests/DemoTests/Broken/broken.yaml", "flow: [\n")
  try folder.write("Tests/DemoTests/Ignored/draft.yaml", "flow: Draft\nscreens: nope\n")
  try folder.write("Tests/DemoTests/flowspec.json", #"{ "exclude": ["Ignored"] }"#)
  // Files whose names make the same Swift name still compile side by side.
  for (index, name) in ["login.yaml", "login.v2.yaml", "login-v2.yaml", "Login_V2.yml"].enumerated()
  {
    try folder.write(
      "Tests/DemoTests/flows/\(name)",
      """
      flow: Login\(index)
      start: { setRoot: Home }
      screens: { Home: {} }
      spec: |
        [✅] Login \(index) starts at home
            expect { top: Home }

      """)
  }
  // Item texts that are Swift keywords, the generated helpers' names, Swift Testing's types,
  // emoji, punctuation and repeats: all must compile beside the target's own top-level
  // `checklist` and `verify`.
  let awkward = [
    "Verify", "verify", "deinit", "associatedtype", "fileprivate", "Test", "Suite", "Issue", "Tag",
    "checklist", "record", "self", "Self", "Type", "init", "🚀", "!!!", "…", "42", "Verify",
  ]
  try folder.write(
    "Tests/DemoTests/flows/names.yaml",
    "flow: Names\nstart: { setRoot: Home }\nscreens: { Home: {} }\nspec: |\n  ===== Test\n"
      + awkward.map { "  [✅] \($0)\n    [✅] \($0)\n        expect { top: Home }\n" }.joined())
  try folder.write(
    "Tests/DemoTests/DemoFlowTests.swift",
    """
    import FlowSpec
    import Foundation
    import Testing

    let checklist = 1
    func verify(_ item: Int) {}

    @Test func demoFlowHasNoErrorsOutsideItsChecklist() throws {
      let document = try FlowDocument.load(path: #filePath.replacingOccurrences(of: "DemoFlowTests.swift", with: "flows/demo.yaml"))
      #expect(document.validFlow != nil)
    }

    """)
}

/// Runs `swift` with arguments in a folder; what it printed on both streams, and its status.
private func swift(_ arguments: [String], in folder: String) throws -> (
  status: Int32, output: String
) {
  let result = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, directory: folder)
  return (result.status, result.output + result.errors)
}

@Suite(
  "FlowSpecPlugin, end to end on a package of its own", .serialized, .timeLimit(.minutes(20)),
  EndToEnd.needed)
struct PluginTests {
  @Test(
    "generated tests run on swift test: a passing item passes, a failing one fails at its YAML line, an unbound one is skipped; a target without flows says what to add"
  )
  func endToEnd() throws {
    let folder = try TemporaryFolder()
    try demoPackage(in: folder)
    let test = try swift(["test"], in: folder.path)
    #expect(test.status != 0, "one checklist item fails, so swift test fails")
    #expect(test.output.contains("Test \"Go pushes next\" passed"), "\(test.output.suffix(3000))")
    #expect(
      test.output.contains(
        "Test \"Home has a title\" recorded an issue at demo.yaml:12:33: Issue recorded\n↳ expected nav bar title 'Homepage', found 'Home'"
      ))
    #expect(test.output.contains("Test \"Not yet\" skipped: \"not bound yet"))
    #expect(test.output.contains("Test demoFlowHasNoErrorsOutsideItsChecklist() passed"))
    #expect(
      test.output.contains("Suite \"Names\" passed"), "every awkward name compiles and runs")
    for index in 0..<4 {
      #expect(test.output.contains("Test \"Login \(index) starts at home\" passed"))
    }

    // A CI-style sequence: a flow added is tested on the next build, a flow removed does not
    // break it.
    try folder.write(
      "Tests/DemoTests/flows/wallet.yaml",
      """
      flow: Wallet
      start: { setRoot: Cards }
      screens: { Cards: {} }
      spec: |
        [✅] Wallet opens on the cards
            expect { top: Cards }

      """)
    let added = try swift(["test", "--filter", "Wallet"], in: folder.path)
    #expect(added.status == 0, "\(added.output.suffix(3000))")
    #expect(added.output.contains("Test \"Wallet opens on the cards\" passed"))
    try FileManager.default.removeItem(atPath: folder.path + "/Tests/DemoTests/flows/wallet.yaml")
    let removed = try swift(["build", "--build-tests"], in: folder.path)
    #expect(removed.status == 0, "\(removed.output.suffix(3000))")

    // A flow that uses a child flow in another file: editing only the child regenerates the
    // parent's tests, which then fail at the parent's line.
    try folder.write(
      "Tests/DemoTests/flows/parent.yaml",
      """
      flow: Parent
      use: { Child: children/child.yaml }
      start: { setRoot: Home }
      screens:
        Home: { on: { go: { start: Child }, childDone: pop } }
      spec: |
        [✅] Starting the child shows its screen
            when go
            expect { top: Detail, navBar: { title: Details } }

      """)
    try folder.write(
      "Tests/DemoTests/flows/children/child.yaml",
      """
      flow: Child
      start: { push: Detail }
      screens:
        Detail: { navBar: { title: Details }, on: { done: { finish: childDone } } }

      """)
    let withChild = try swift(["test"], in: folder.path)
    #expect(
      withChild.output.contains("Test \"Starting the child shows its screen\" passed"),
      "\(withChild.output.suffix(3000))")
    try folder.write(
      "Tests/DemoTests/flows/children/child.yaml",
      """
      flow: Child
      start: { push: Detail }
      screens:
        Detail: { navBar: { title: Detail }, on: { done: { finish: childDone } } }

      """)
    let childEdited = try swift(["test"], in: folder.path)
    #expect(
      childEdited.output.contains(
        "Test \"Starting the child shows its screen\" recorded an issue at parent.yaml:9:"),
      "\(childEdited.output.suffix(3000))")

    try demoPackage(
      in: folder,
      extraTarget: """
        .testTarget(name: "EmptyTests", dependencies: [.product(name: "FlowSpec", package: "\(URL(fileURLWithPath: repositoryRoot()).lastPathComponent)")], plugins: [.plugin(name: "FlowSpecPlugin", package: "\(URL(fileURLWithPath: repositoryRoot()).lastPathComponent)")]),
        """)
    try folder.write(
      "Tests/EmptyTests/EmptyTests.swift", "import Testing\n\n@Test func nothingYet() {}\n")
    // flowspec.json comes in pull requests too: it may not send the plugin outside the package.
    try folder.write("Tests/EmptyTests/flowspec.json", #"{ "flows": ["/etc", "../../.."] }"#)
    let build = try swift(["build", "--build-tests"], in: folder.path)
    #expect(build.status != 0)
    for name in ["/etc", "../../.."] {
      #expect(
        build.output.contains("names '\(name)', which is not inside the package"),
        "\(build.output.suffix(2000))")
    }
    #expect(
      build.output.contains(
        "FlowSpecPlugin found no flows for target 'EmptyTests'. Put flow files (*.yaml) in"))
    #expect(build.output.contains("{ \"flows\": [\"../../flows\"] }"))
  }

  @Test("flowc init starts a package whose swift test passes the three items of its first flow")
  func initThenTest() throws {
    let folder = try TemporaryFolder()
    let package = folder.path + "/Starter"
    let created = flowc(["init", package, "--flowspec", repositoryRoot()])
    #expect(created.status == 0, "\(created)")
    let test = try swift(["test"], in: package)
    #expect(test.status == 0, "\(test.output.suffix(3000))")
    for item in [
      "The app starts on Home, without animation", "The settings button pushes Settings",
      "Logging out asks first: Cancel stays, Log Out goes back to Home",
    ] {
      #expect(test.output.contains("Test \"\(item)\" passed"), "\(item)")
    }
    #expect(!test.output.contains("outside every target"), "a named file is watched as it is")
  }
}
