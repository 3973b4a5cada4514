import FlowReports
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@Suite("flowc diff")
struct DiffCommandTests {
  private let old = TestFlows.fixture("diff/old.yaml")
  private let new = TestFlows.fixture("diff/new.yaml")

  /// The output with the fixtures' folder left out, as written and as Markdown escapes it,
  /// so references hold no machine's path.
  private func relative(_ output: String) -> String {
    let folder = TestFlows.fixture("diff/")
    return output.replacingOccurrences(of: folder, with: "")
      .replacingOccurrences(of: MarkdownText.inline(folder), with: "")
  }

  @Test("a mixed change, in each format, byte for byte", arguments: ["text", "markdown", "json"])
  func reference(format: String) throws {
    let result = flowc(["diff", old, new, "--format", format])
    #expect(result.status == 0, "\(result)")
    let name = ["text": "expected.txt", "markdown": "expected.md", "json": "expected.json"][format]!
    let path = TestFlows.fixture("diff/" + name)
    if ProcessInfo.processInfo.environment["FLOWSPEC_RECORD"] == "1" {
      try relative(result.output).write(toFile: path, atomically: true, encoding: .utf8)
    }
    #expect(relative(result.output) == (try String(contentsOfFile: path, encoding: .utf8)))
  }

  @Test("a flow against itself prints nothing and exits 0, even with --fail-on behaviour")
  func identical() {
    for format in ["text", "markdown"] {
      let result = flowc(["diff", old, old, "--format", format, "--fail-on", "behaviour"])
      #expect(result.status == 0)
      #expect(result.output.isEmpty, "\(result.output)")
    }
    let article = TestFlows.fixture("navigation-service.yaml")
    let same = flowc(["diff", article, article])
    #expect(same.status == 0 && same.output.isEmpty && same.errors.isEmpty)
  }

  @Test("--fail-on behaviour exits 1 when the versions differ")
  func failOn() {
    #expect(flowc(["diff", old, new, "--fail-on", "behaviour"]).status == 1)
    #expect(flowc(["diff", old, new]).status == 0)
  }

  @Test("text from the flow is escaped for the terminal and for Markdown")
  func escaping() throws {
    let folder = try TemporaryFolder()
    let base = "flow: F\nstart: { setRoot: Home }\nscreens:\n  Home: { navBar: { title: A } }\n"
    try base.write(toFile: folder.path + "/a.yaml", atomically: true, encoding: .utf8)
    try base.replacingOccurrences(
      of: "title: A", with: "title: \"\\e[2J<script>x</script>\\n[a](b)\""
    )
    .write(toFile: folder.path + "/b.yaml", atomically: true, encoding: .utf8)
    let text = flowc(["diff", folder.path + "/a.yaml", folder.path + "/b.yaml"]).output
    #expect(!text.contains("\u{1B}") && text.contains("\\x1B[2J"))
    let markdown = flowc([
      "diff", folder.path + "/a.yaml", folder.path + "/b.yaml", "--format", "markdown",
    ]).output
    #expect(!markdown.contains("<script>") && markdown.contains("&lt;script&gt;"))
    #expect(markdown.contains("\\[a\\]\\(b\\)"))
    #expect(!markdown.contains("\u{1B}"))
  }

  @Test(
    "--git: the work tree against a revision, a child flow changed in the second commit",
    ExternalProgram.git.needed)
  func git() throws {
    let folder = try TemporaryFolder()
    func git(_ arguments: String...) throws {
      let result = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "git", "-c", "user.name=flowspec", "-c", "user.email=flowspec@example.com", "-c",
          "commit.gpgsign=false",
        ]
          + arguments,
        directory: folder.path)
      try #require(result.status == 0, "git \(arguments): \(result.errors)")
    }
    try git("init", "-q")
    try folder.write(
      "flows/parent.yaml",
      "flow: P\nuse: { K: kids/k.yaml }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { start: K }, done: pop } }\n"
    )
    try folder.write(
      "flows/kids/k.yaml",
      "flow: K\nstart: { push: S }\nscreens:\n  S: { on: { close: { finish: done } } }\n")
    try git("add", "-A")
    try git("commit", "-q", "-m", "one")
    let flows = folder.path + "/flows"
    let clean = flowc(["diff", "--git", "HEAD", flows, "--fail-on", "behaviour"])
    #expect(clean.status == 0 && clean.output.isEmpty, "\(clean)")
    try folder.write(
      "flows/kids/k.yaml", "flow: K\nstart: { push: S }\nscreens:\n  S: { on: { close: pop } }\n")
    try git("commit", "-q", "-a", "-m", "two")
    let result = flowc(["diff", "--git", "HEAD~1", flows])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output == """
        \(flows)/parent.yaml@HEAD~1 → \(flows)/parent.yaml: 1 change in behaviour
        child flow K › screen S
          close: finish done → pop

        """)
    let unknown = flowc(["diff", "--git", "HEAD~5", flows])
    #expect(unknown.status == 2 && unknown.errors.contains("git knows no revision 'HEAD~5'"))
    let outside = try TemporaryFolder()
    try outside.write("a.yaml", "flow: A\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    let notRepository = flowc(["diff", "--git", "HEAD", outside.path])
    #expect(
      notRepository.status == 2 && notRepository.errors.contains("is not inside a git repository"))
    // A flow deleted since the revision is said to be, in the report, and counts as a
    // change.
    try git("rm", "-q", "flows/parent.yaml", "flows/kids/k.yaml")
    try folder.write("flows/other.yaml", "flow: O\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    let removed = flowc([
      "diff", "--git", "HEAD", flows, "--format", "json", "--fail-on", "behaviour",
    ])
    #expect(removed.status == 1)
    // In the report itself, in the format asked for.
    let object = try #require(
      try? JSONSerialization.jsonObject(with: Data(removed.output.utf8)) as? [String: Any])
    let oneSided = try #require(object["onlyInOneVersion"] as? [[String: String]])
    #expect(
      oneSided.map { "\($0["path"]!) \($0["change"]!)" }.sorted() == [
        "\(flows)/kids/k.yaml removed", "\(flows)/other.yaml added",
        "\(flows)/parent.yaml removed",
      ], "\(removed)")
    let text = flowc(["diff", "--git", "HEAD", flows])
    #expect(text.output.contains("\(flows)/other.yaml: added since HEAD\n"), "\(text)")
    let markdown = flowc(["diff", "--git", "HEAD", flows, "--format", "markdown"])
    #expect(markdown.output.hasPrefix("### flowc diff: flows added or removed\n"), "\(markdown)")
  }

  @Test(
    "--git reads no file outside the repository, whatever a committed use: path says",
    ExternalProgram.git.needed)
  func gitConfinement() throws {
    let folder = try TemporaryFolder()
    try folder.write("secret.yaml", "flow: S\nstart: { push: X }\nscreens: { X: {} }\n")
    try folder.write(
      "repo/flows/p.yaml",
      "flow: P\nuse: { K: ../../secret.yaml }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { start: K } } }\n"
    )
    let repository = folder.path + "/repo"
    for arguments in [
      ["init", "-q"], ["add", "-A"],
      [
        "-c", "user.name=flowspec", "-c", "user.email=flowspec@example.com", "-c",
        "commit.gpgsign=false", "commit", "-q", "-m", "one",
      ],
    ] {
      let result = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, directory: repository)
      try #require(result.status == 0, "\(result.errors)")
    }
    // The work tree's flow no longer uses it; the committed one still does.
    try folder.write(
      "repo/flows/p.yaml", "flow: P\nstart: { setRoot: Home }\nscreens: { Home: {} }\n")
    let result = flowc(["diff", "--git", "HEAD", repository + "/flows"])
    #expect(result.status == 1)
    #expect(
      (result.output + result.errors).contains("it is outside the repository"), "\(result)")
  }

  @Test("two folders: flows paired by their path, child flows within their parents")
  func folders() throws {
    let old = try TemporaryFolder()
    let new = try TemporaryFolder()
    let parent =
      "flow: P\nuse: { K: kids/k.yaml }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { start: K }, done: pop } }\n"
    for folder in [old, new] { try folder.write("parent.yaml", parent) }
    try old.write(
      "kids/k.yaml",
      "flow: K\nstart: { push: S }\nscreens:\n  S: { on: { close: { finish: done } } }\n")
    try new.write(
      "kids/k.yaml", "flow: K\nstart: { push: S }\nscreens:\n  S: { on: { close: pop } }\n")
    try old.write("gone.yaml", "flow: G\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    let result = flowc(["diff", old.path, new.path])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("\(old.path)/gone.yaml: removed (only in \(old.path))\n"))
    #expect(result.output.contains("child flow K › screen S\n  close: finish done → pop\n"))
    #expect(!result.output.contains("k.yaml →"), "the child is compared within its parent only")
    #expect(flowc(["diff", old.path, new.path + "/parent.yaml"]).status == 2)
  }

  @Test("bad input: a flow with errors, a missing file, the wrong number of files, a bad option")
  func errors() throws {
    let folder = try TemporaryFolder()
    try "flow: Bad\nstart: { setRoot: Hom }\nscreens: { Home: {} }\n".write(
      toFile: folder.path + "/bad.yaml", atomically: true, encoding: .utf8)
    let bad = flowc(["diff", old, folder.path + "/bad.yaml"])
    #expect(bad.status == 1)
    #expect(
      bad.output.contains("bad.yaml:2:19: error:") || bad.errors.contains("bad.yaml:2:19: error:"),
      "\(bad)")
    #expect(flowc(["diff", old, "/no/such/file.yaml"]).status == 2)
    #expect(flowc(["diff", old]).status == 2)
    #expect(flowc(["diff", old, new, "--fail-on", "text"]).status == 2)
    #expect(flowc(["diff", old, new, "--format", "html"]).status == 2)
  }
}
