import FlowTestSupport
import Foundation
import Testing

private let brokenFlow = """
  flow: App
  start: { setRoot: Infos }
  screens:
    Infos:
      navBar: { title: Infos, right: { image: plus, tint: red, action: add } }
      on:
        add: { push: Detail }
        selectInfo: { push: Infoz }
    Detail: {}
  """

@Suite("flowc check")
struct CheckCommandTests {
  @Test("a clean flow prints nothing and exits 0")
  func clean() {
    let result = flowc(["check", TestFlows.fixture("navigation-service.yaml")])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.isEmpty)
    #expect(result.errors.isEmpty)
  }

  @Test(
    "a broken flow prints located diagnostics with the source line and a caret, a summary, and exits 1"
  )
  func broken() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("app.yaml", brokenFlow)
    let result = flowc(["check", path])
    #expect(result.status == 1)
    #expect(result.errors.isEmpty)
    #expect(
      result.output == """
        \(path):8:27: error: 'push' names no screen 'Infoz'
              selectInfo: { push: Infoz }
                                  ^~~~~
        \(path):4:3: note: did you mean 'Infos'? declared here
          Infos:
          ^~~~~
        1 error in 1 file

        """)
  }

  @Test(
    "--format json prints one object per diagnostic with file, line, column, severity, id and message"
  )
  func json() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("app.yaml", brokenFlow)
    let result = flowc(["check", path, "--format", "json"])
    #expect(result.status == 1)
    #expect(
      result.output.hasPrefix(
        "[\n  {\"file\":\"\(path)\",\"line\":8,\"column\":27,\"severity\":\"error\",\"id\":\"check.unknown-screen\",\"message\":\"'push' names no screen 'Infoz'\""
      ))
    #expect(result.output.hasSuffix("}\n]\n"))
    #expect(
      flowc(["check", TestFlows.fixture("navigation-service.yaml"), "--format=json"]).output
        == "[]\n")
  }

  @Test("a folder means every flow in it; each file's problems are reported")
  func folder() throws {
    let folder = try TemporaryFolder()
    try folder.write("a.yaml", brokenFlow)
    try folder.write("nested/b.yml", "flow: B\nstart: { setRoot: X }\nscreens: { Y: {} }\n")
    try folder.write("notes.txt", "not a flow")
    let result = flowc(["check", folder.path])
    #expect(result.status == 1)
    #expect(result.output.contains("a.yaml:8:27: error"))
    #expect(result.output.contains("nested/b.yml:2:19: error: 'setRoot' names no screen 'X'"))
    // 'Y', which 'X' is taken for, is not also reported never shown.
    #expect(result.output.hasSuffix("2 errors in 2 files\n"))
  }

  @Test("many flows are checked on every core and reported in file order, as one by one")
  func manyFlows() throws {
    let folder = try TemporaryFolder()
    var paths: [String] = []
    for index in 0..<12 {
      let padding = String(repeating: "\n", count: index)
      paths.append(
        try folder.write(
          "flow\(index < 10 ? "0" : "")\(index).yaml",
          "flow: F\(index)\n\(padding)start: { setRoot: Missing\(index) }\nscreens: { A: {} }\n"))
    }
    let together = flowc(["check", folder.path])
    let oneByOne = paths.map { flowc(["check", $0]).output }
    #expect(together.status == 1)
    let reported = together.output.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(reported.count == 12)
    #expect(
      reported == oneByOne.flatMap { $0.split(separator: "\n").filter { $0.contains(": error: ") } }
    )
    #expect(together.output.hasSuffix("12 errors and 12 warnings in 12 files\n"))
  }

  @Test("a flow that cannot be read among many is its own error; the others are still checked")
  func unreadableAmongMany() throws {
    let folder = try TemporaryFolder()
    try folder.write("a.yaml", brokenFlow)
    try folder.write("c.yaml", brokenFlow)
    let dangling = folder.path + "/b.yaml"
    try FileManager.default.createSymbolicLink(
      atPath: dangling, withDestinationPath: folder.path + "/nowhere.yaml")
    let result = flowc(["check", folder.path])
    #expect(result.status == 1)
    #expect(result.output.contains("\(dangling):1:1: error: cannot read the file"))
    #expect(
      result.output.contains(folder.path + "/a.yaml:")
        && result.output.contains(folder.path + "/c.yaml:"))
  }

  @Test("warnings pass, unless --warnings-as-errors")
  func warningsAsErrors() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "w.yaml", "flow: W\nstart: { setRoot: Home }\nscreens:\n  Home: {}\n  Lost: {}\n")
    let lenient = flowc(["check", path])
    #expect(lenient.status == 0)
    #expect(lenient.output.contains("warning: screen 'Lost' is never shown"))
    let strict = flowc(["check", path, "--warnings-as-errors"])
    #expect(strict.status == 1)
    #expect(strict.output.contains("error: screen 'Lost' is never shown"))
  }

  @Test("colour only on a terminal, and never with NO_COLOR")
  func colour() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("app.yaml", brokenFlow)
    #expect(flowc(["check", path], outputIsTerminal: true).output.contains("\u{1B}["))
    #expect(
      !flowc(["check", path], outputIsTerminal: true, environment: ["NO_COLOR": "1"]).output
        .contains("\u{1B}["))
    #expect(!flowc(["check", path]).output.contains("\u{1B}["))
  }

  @Test("a YAML syntax error is a located diagnostic too")
  func syntaxError() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("bad.yaml", "flow: A\nscreens: [Home\n")
    let result = flowc(["check", path])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "\(path):3:1: error: did not find expected ',' or ']' while parsing a flow sequence"))
  }

  @Test("limits can be raised or lowered from the command line")
  func limits() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("deep.yaml", "flow: [[[[1]]]]\n")
    let result = flowc(["check", path, "--max-depth", "3"])
    #expect(result.status == 1)
    #expect(result.output.contains("error: nesting deeper than 3 levels"))
    #expect(flowc(["check", path, "--max-depth", "zero"]).status == 2)
  }
}

@Suite("flowc: misuse")
struct MisuseTests {
  @Test("an unknown option prints an error, the usage and where to read more, and exits 2")
  func unknownOption() {
    let result = flowc(["check", "--formt", "json"])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == """
        Error: unknown option '--formt'; did you mean '--format'?
        Usage: flowc check [PATHS…] [--format text|json|sarif] [--warnings-as-errors] [--watch]
          See 'flowc check --help'.

        """)
  }

  @Test("an option named by its last word, as the flow's key names it, is suggested whole")
  func lastWordOfOption() {
    let result = flowc(["verify", "--states", "5"])
    #expect(result.status == 2)
    #expect(
      result.errors.hasPrefix("Error: unknown option '--states'; did you mean '--max-states'?"),
      "\(result)")
  }

  @Test("a missing file exits 2")
  func missingFile() {
    let result = flowc(["check", "/nonexistent/flow.yaml"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("Error: no such file or folder '/nonexistent/flow.yaml'"))
  }

  @Test("an unknown command suggests the nearest")
  func unknownCommand() {
    let result = flowc(["chek"])
    #expect(result.status == 2)
    #expect(result.errors.hasPrefix("Error: unknown command 'chek'; did you mean 'check'?"))
  }

  @Test("help is on standard output and exits 0; no command at all is misuse")
  func help() {
    let overview = flowc(["--help"])
    #expect(overview.status == 0)
    #expect(overview.output.contains("check     Validate flows and their checklists"))
    let check = flowc(["check", "--help"])
    #expect(check.status == 0)
    #expect(
      check.output.hasPrefix(
        "OVERVIEW: Validate flows and their checklists (default: flows/).\n\nUSAGE: flowc check"))
    #expect(flowc(["help", "run"]).output.hasPrefix("OVERVIEW: Step the interpreter"))
    let nothing = flowc([])
    #expect(nothing.status == 2)
    #expect(nothing.errors.contains("USAGE: flowc <command>"))
  }

  @Test("an option given twice, or without its value, is misuse")
  func badValues() {
    #expect(
      flowc(["check", "--format", "json", "--format", "text"]).errors.hasPrefix(
        "Error: '--format' is given twice"))
    #expect(
      flowc(["check", "--format"]).errors.hasPrefix("Error: '--format' needs a value (FORMAT)"))
    #expect(
      flowc(["check", "--format", "xml"]).errors.hasPrefix(
        "Error: '--format' must be 'text', 'json' or 'sarif', not 'xml'"))
  }

  @Test("a child flow's mistake is reported once, however the command line and the parent name it")
  func childReportedOnce() throws {
    let folder = try TemporaryFolder()
    let child = try folder.write(
      "kid.yaml", "flow: Kid\nstart: { push: K }\nscreens:\n  K: { on: { next: { push: Nope } } }\n"
    )
    let parent = try folder.write(
      "p.yaml",
      "flow: P\nuse: { Kid: kid.yaml }\nstart: { setRoot: A }\nscreens:\n  A: { on: { go: { start: Kid } } }\n"
    )
    for arguments in [
      [folder.path + "/."], [folder.path + "/./kid.yaml", parent], [parent, child],
    ] {
      let result = flowc(["check"] + arguments)
      #expect(result.status == 1)
      #expect(
        result.output.components(separatedBy: "'push' names no screen 'Nope'").count == 2,
        "\(arguments): \(result)")
      #expect(result.output.hasSuffix("1 error in 1 file\n"), "\(arguments): \(result)")
    }
    // Two mistakes in the child, one found checking it, one through its parent: one file,
    // named as it was first.
    try folder.write(
      "kid.yaml",
      "flow: Kid\nstart: { push: K }\nscreens:\n  K:\n    on:\n      bye: { finish: done, with: { n: abc } }\n      oops: { push: Nope }\n"
    )
    try folder.write(
      "p.yaml",
      "flow: P\nuse: { Kid: kid.yaml }\nstate: { count: 0 }\nstart: [{ setRoot: A }, { start: Kid }]\non:\n  done: { set: { count: $n } }\nscreens:\n  A: {}\n"
    )
    let both = flowc(["check", folder.path + "/."])
    #expect(both.output.hasSuffix("2 errors in 1 file\n"), "\(both)")
    #expect(!both.output.contains("\n" + child + ":"), "\(both)")
  }

  @Test("a misspelt child-flow file gets a did-you-mean among the flow files beside it")
  func misspeltChildFile() throws {
    let folder = try TemporaryFolder()
    _ = try folder.write(
      "flows/sub/child-flow.yaml", "flow: Child\nstart: { setRoot: C }\nscreens: { C: {} }\n")
    let parent = try folder.write(
      "flows/app.yaml",
      "flow: P\nuse:\n  Child: sub/chid-flow.yaml\nstart: { setRoot: A }\nscreens:\n  A: { on: { go: { start: Child } } }\n"
    )
    let result = flowc(["check", parent])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "cannot read the flow file 'sub/chid-flow.yaml': no such file or directory; did you mean 'sub/child-flow.yaml'?"
      ), "\(result)")
  }

  @Test("a clean check prints nothing, as a compiler does; at a terminal, a line on stderr")
  func cleanCheckConvention() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write(
      "flows/app.yaml", "flow: A\nstart: { setRoot: Home }\nscreens: { Home: {} }\n")
    let piped = flowc(["check", flow])
    #expect(piped.status == 0)
    #expect(piped.output == "" && piped.errors == "", "\(piped)")
    let terminal = flowc(["check", flow], outputIsTerminal: true)
    #expect(terminal.output == "")
    #expect(terminal.errors == "no problems in 1 file\n", "\(terminal)")
  }
}
