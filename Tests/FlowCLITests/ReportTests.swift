import FlowTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A flow with an error that has a note (an unknown screen, and the screen it resembles)
/// and a warning (an unbound checklist item).
private let brokenFlow = """
  flow: Broken
  start: { setRoot: Home }
  screens:
    Home:
      on: { go: { push: Detials } }
    Details: {}
  spec: |
    [ ] Not bound yet

  """

private func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }
private func array(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

@Suite("Reports for CI")
struct ReportTests {
  @Test("check --format sarif: SARIF 2.1.0 with a rule per id, its help text, and located results")
  func sarif() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("broken flow.yaml", brokenFlow)
    let result = flowc(["check", path, "--format", "sarif"])
    #expect(result.status == 1)
    let log = try #require(
      object(try JSONSerialization.jsonObject(with: Data(result.output.utf8))))
    #expect(log["version"] as? String == "2.1.0")
    let runs = array(log["runs"])
    #expect(runs.count == 1)
    let driver = try #require(object(object(runs.first?["tool"])?["driver"]))
    #expect(driver["name"] as? String == "flowc")
    let rules = array(driver["rules"])
    let ruleIDs = rules.compactMap { $0["id"] as? String }
    #expect(Set(ruleIDs).count == ruleIDs.count, "one rule per id")
    #expect(ruleIDs.contains("check.unknown-screen"))
    let unknownScreen = try #require(rules.first { $0["id"] as? String == "check.unknown-screen" })
    let help = try #require(object(unknownScreen["shortDescription"])?["text"] as? String)
    #expect(!help.isEmpty)
    let results = array(runs.first?["results"])
    let check = flowc(["check", path, "--format", "json"])
    let diagnostics = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [[String: Any]])
    #expect(results.count == diagnostics.count)
    let error = try #require(results.first { $0["ruleId"] as? String == "check.unknown-screen" })
    #expect(error["level"] as? String == "error")
    #expect((error["ruleIndex"] as? Int).map { ruleIDs[$0] } == "check.unknown-screen")
    let location = try #require(object(array(error["locations"]).first?["physicalLocation"]))
    #expect(
      object(location["artifactLocation"])?["uri"] as? String == "file://"
        + path.replacingOccurrences(of: " ", with: "%20"))
    #expect(object(location["region"])?["startLine"] as? Int == 5)
    #expect(object(location["region"])?["startColumn"] as? Int == 23)
    let related = array(error["relatedLocations"])
    #expect(related.count == 1, "the note at the screen it resembles")
    #expect(results.contains { $0["level"] as? String == "warning" })
  }

  @Test("a clean flow is a SARIF log with no results")
  func sarifClean() throws {
    let result = flowc(["check", TestFlows.fixture("todo.yaml"), "--format", "sarif"])
    #expect(result.status == 0)
    let log = try #require(
      object(try JSONSerialization.jsonObject(with: Data(result.output.utf8))))
    #expect(array(array(log["runs"]).first.flatMap { $0["results"] }).isEmpty)
  }

  @Test("spec --check --format json: each dishonest mark with its place and the item's result")
  func checkJSON() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", failingFlow)
    let result = flowc(["spec", path, "--check", "--format", "json"])
    #expect(result.status == 1)
    let report = try #require(
      object(try JSONSerialization.jsonObject(with: Data(result.output.utf8))))
    #expect(report["honest"] as? Bool == false)
    #expect(report["items"] as? Int == 3)
    let marks = array(report["dishonest"])
    #expect(marks.map { $0["item"] as? String } == ["Home has a title", "Not yet"])
    #expect(marks.first?["line"] as? Int == 10)
    #expect(marks.first?["result"] as? String == "failed")
    #expect(marks.last?["result"] as? String == "unbound")
    let failures = array(marks.first.flatMap { $0["failures"] })
    let failure = try #require(failures.first)
    #expect(failure["id"] as? String == "expect.navBar")
    #expect(failure["line"] as? Int == 11)
    let honest = flowc(["spec", TestFlows.fixture("todo.yaml"), "--check", "--format", "json"])
    #expect(honest.status == 0)
    #expect(honest.output.contains("\"honest\":true"))
  }

  @Test("spec --report junit: a test case per item, failures at their YAML line, unbound skipped")
  func junit() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", failingFlow)
    let result = flowc(["spec", path, "--report", "junit", "--output", folder.path + "/junit.xml"])
    #expect(result.status == 1, "an item fails")
    let xml = try folder.read("junit.xml")
    let document = try XMLDocument(xmlString: xml)
    let cases = try document.nodes(forXPath: "//testcase")
    #expect(cases.count == 3)
    let suite = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
    #expect(suite.attribute(forName: "tests")?.stringValue == "3")
    #expect(suite.attribute(forName: "failures")?.stringValue == "1")
    #expect(suite.attribute(forName: "skipped")?.stringValue == "1")
    let failure = try #require(
      try document.nodes(forXPath: "//testcase/failure").first as? XMLElement)
    #expect(
      failure.stringValue == "\(path):11:33: expected nav bar title 'Home & co', found 'Home'")
    #expect(failure.attribute(forName: "type")?.stringValue == "expect.navBar")
    #expect(try document.nodes(forXPath: "//testcase/skipped").count == 1)
    let printed = flowc(["spec", path, "--report", "junit"])
    #expect(printed.output == xml, "the same bytes printed and written")
  }

  @Test("spec --report junit: an item failing several ways is one <failure> listing each")
  func junitOneFailurePerCase() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "flow.yaml",
      failingFlow.replacingOccurrences(
        of: "expect { navBar: { title: Home & co } }",
        with: "expect { navBar: { title: Home & co }, top: Next }"))
    let xml = flowc(["spec", path, "--report", "junit"]).output
    let document = try XMLDocument(xmlString: xml)
    let failures = try document.nodes(forXPath: "//testcase/failure")
    #expect(failures.count == 1, "JUnit's schema allows one failure a test case")
    let failure = try #require(failures.first as? XMLElement)
    #expect(
      failure.attribute(forName: "message")?.stringValue
        == "expected nav bar title 'Home & co', found 'Home' (and 1 more)")
    let lines = (failure.stringValue ?? "").split(separator: "\n")
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.allSatisfy { $0.hasPrefix("\(path):11:") })
  }

  @Test(
    "--report html is one self-contained page: no script, no network",
    ExternalProgram.graphviz.needed)
  func htmlSelfContained() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", failingFlow)
    let result = flowc(["spec", path, "--report", "html"])
    #expect(result.status == 1)
    let html = result.output
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("<script"))
    // Nothing is fetched: no stylesheet or script link, no source or reference to load.
    // (The SVG's xmlns attributes name namespaces; nothing loads them.)
    for loader in ["<link", " src=", "href=\"http", "url(", "@import"] {
      #expect(!html.contains(loader), "\(loader)")
    }
    #expect(html.contains("<div class=\"item failed\""))
    #expect(html.contains("expected nav bar title &#39;Home &amp; co&#39;, found &#39;Home&#39;"))
    #expect(html.contains("<svg"), "Graphviz drew the diagram")
  }

  @Test(
    "the HTML report does not measure coverage over a checklist with errors, and says what is missing without dot"
  )
  func htmlWithoutCoverageOrDot() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "flow.yaml",
      "flow: F\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { push: Home } } }\nspec: |\n  [ ] wrong\n      when go\n      expect { top: Nope }\n"
    )
    let result = try runProcess(
      productsDirectory.appendingPathComponent("flowc"), ["spec", path, "--report", "html"],
      environment: ["PATH": "/nonexistent"])
    #expect(result.output.contains("coverage not measured</span>"), "\(result)")
    #expect(result.output.contains("Not measured: the checklist has errors"))
    #expect(!result.output.contains("--output FILE.dot"), "graph's advice, not spec's")
    #expect(result.output.contains("Graphviz&#39;s dot is not installed"), "\(result)")
    // An item marked done that fails is no error of the checklist's: coverage is measured.
    let failing = try folder.write(
      "failing.yaml",
      "flow: F\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { push: Home } } }\nspec: |\n  [x] wrong\n      when go\n      expect { top: Home, animated: false }\n"
    )
    let measured = flowc(["spec", failing, "--report", "html"])
    #expect(measured.output.contains("coverage 100%"), "\(measured)")
  }

  @Test(
    "the HTML report in a real headless browser: it renders, the diagram shows, a failed item is visible",
    ExternalProgram.chromium.needed, ExternalProgram.graphviz.needed)
  func htmlInBrowser() throws {
    let browser = try #require(
      ExternalProgram.chromium.path, "CI requires Chromium (FLOWSPEC_REQUIRE_TOOLS)")
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", failingFlow)
    #expect(
      flowc(["spec", path, "--report", "html", "--output", folder.path + "/report.html"]).status
        == 1)
    try folder.write("check.html", Browser.probePage)
    let result = try runProcess(
      URL(fileURLWithPath: browser),
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
        "--virtual-time-budget=5000", "--dump-dom", "file://" + folder.path + "/check.html",
      ])
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n").map(String.init)
    let diagram = try #require(lines.first { $0.contains("diagram ") })
    #expect(diagram.contains("3 nodes"), "\(diagram)")
    #expect(!diagram.contains("missing") && !diagram.contains(" 0x"))
    let failed = try #require(lines.first { $0.hasPrefix("failed ") })
    #expect(failed.contains("visible: failed [✅] Home has a title"), "\(failed)")
    #expect(failed.contains("expected nav bar title 'Home &amp; co', found 'Home'"))
  }
}

/// A flow with one passing item, one failing (marked done) and one unbound.
private let failingFlow = """
  flow: Report
  start: { setRoot: Home }
  screens:
    Home: { navBar: { title: Home }, on: { go: { push: Next } } }
    Next: {}
  spec: |
    [✅] Go pushes next
        when go
        expect { top: Next }
    [✅] Home has a title
        expect { navBar: { title: Home & co } }
    [✅] Not yet

  """

/// A page that loads the report in a frame and writes what the browser laid out.
private enum Browser {
  static let probePage = """
    <!DOCTYPE html><html><body><pre id="result">pending</pre>
    <iframe id="report" src="report.html" style="width:1200px;height:3000px"></iframe>
    <script>
    document.getElementById('report').addEventListener('load', function () {
      var doc = this.contentDocument;
      var out = [];
      var svg = doc.querySelector('#diagram svg');
      var box = svg ? svg.getBoundingClientRect() : null;
      out.push('diagram ' + (box ? Math.round(box.width) + 'x' + Math.round(box.height) + ' ' + svg.querySelectorAll('g.node').length + ' nodes' : 'missing'));
      var failed = doc.querySelector('.item.failed');
      var rect = failed ? failed.getBoundingClientRect() : null;
      var style = failed ? doc.defaultView.getComputedStyle(failed) : null;
      var shown = failed && rect.height > 0 && style.visibility == 'visible' && style.display != 'none';
      out.push('failed ' + (shown ? 'visible: ' + failed.textContent.replace(/\\s+/g, ' ').trim() : 'hidden'));
      document.getElementById('result').textContent = out.join('\\n');
    });
    </script></body></html>
    """
}
