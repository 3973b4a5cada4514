public import FlowChecklist
public import FlowCoverage
import FlowDiagnostics
import FlowModel

/// A flow's checklist results as one self-contained HTML page (no script, no network): the
/// checklist as the team wrote it, each item passed, failed (with what was expected and
/// what was found, at its line) or unbound; the coverage; and the flow's diagram.
public struct HTMLReport {
  /// The flow's name, the page's title.
  public var flow: String
  /// The flow file's path, shown under the title.
  public var file: String
  /// The file's text, to quote each item as written.
  public var source: SourceText
  /// The result of each checklist item, in checklist order.
  public var results: [ChecklistResult]
  /// What the checklist covers of the flow and what it misses, for the coverage section;
  /// `nil` where the checklist has errors, and its coverage is not measured.
  public var coverage: ChecklistCoverage?
  /// The diagram as SVG markup, when Graphviz drew it.
  public var diagramSVG: String?
  /// Why there is no diagram, when there is none: Graphviz missing, or `dot` failing.
  public var diagramProblem: String

  /// A report of `results` for the flow named `flow` in `file`; `diagramProblem` defaults to
  /// Graphviz's `dot` not being installed.
  public init(
    flow: String, file: String, source: SourceText, results: [ChecklistResult],
    coverage: ChecklistCoverage?, diagramSVG: String?, diagramProblem: String = missingDot
  ) {
    self.diagramProblem = diagramProblem
    self.flow = flow
    self.file = file
    self.source = source
    self.results = results
    self.coverage = coverage
    self.diagramSVG = diagramSVG
  }

  /// Why there is no diagram when Graphviz's `dot` is not installed.
  public static let missingDot =
    "Graphviz's dot is not installed; install it ('apt-get install graphviz', 'brew install graphviz') and run the report again"

  /// The page.
  public var html: String {
    let passed = results.filter(\.passed).count
    let failed = results.filter { !$0.failures.isEmpty }.count
    let unbound = results.filter { $0.outcome == .unbound }.count
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escaped(flow)) — flowc checklist report</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      <header>
      <h1>\(Self.escaped(flow))</h1>
      <p class="file">\(Self.escaped(file))</p>
      <p id="summary"><span class="count passed">\(passed) passed</span> <span class="count failed">\(failed) failed</span> <span class="count unbound">\(unbound) unbound</span> <span class="count">coverage \(coverage.map { Self.percent($0.percentage()) } ?? "not measured")</span></p>
      </header>

      """
    page += "<section id=\"checklist\">\n<h2>Checklist</h2>\n"
    var section: String?? = .none
    for result in results {
      let entry = result.entry
      if section != .some(entry.section) {
        if section != .none { page += "</div>\n" }
        section = .some(entry.section)
        page += "<div class=\"section\">\n"
        if let title = entry.section { page += "<h3>\(Self.escaped(title))</h3>\n" }
      }
      page += item(result)
    }
    if section != .none { page += "</div>\n" }
    page += "</section>\n"
    page += coverageSection
    page += "<section id=\"diagram\">\n<h2>Diagram</h2>\n"
    if let diagramSVG {
      page += "<figure>\n" + Self.withoutXMLProlog(diagramSVG) + "\n</figure>\n"
    } else {
      page +=
        "<p class=\"note\">The diagram is missing: \(MarkupText.escaped(diagramProblem)).</p>\n"
    }
    page += "</section>\n</body>\n</html>\n"
    return page
  }

  private func item(_ result: ChecklistResult) -> String {
    let entry = result.entry
    let status: String
    switch result.outcome {
    case .passed: status = "passed"
    case .failed: status = "failed"
    case .unbound: status = "unbound"
    }
    let depth = entry.ancestors.count
    var html =
      "<div class=\"item \(status)\" id=\"item-\(entry.id)\" style=\"margin-left: \(Double(depth) * 1.5)em\">\n"
    html += "<span class=\"badge\">\(status)</span>\n<pre class=\"source\">"
    let lines = entry.item.lines.compactMap { source.line($0) }
    let indentation = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    html += lines.map { Self.escaped(String($0.dropFirst(indentation))) }.joined(separator: "\n")
    html += "</pre>\n"
    for failure in result.failures {
      html +=
        "<p class=\"failure\">\(Self.escaped(failure.message)) <span class=\"where\">\(Self.escaped("\(failure.file):\(failure.range.start)"))</span></p>\n"
    }
    let honest = entry.item.mark.isDone == result.passed
    if !honest {
      html +=
        "<p class=\"dishonest\">marked \(Self.escaped(entry.item.mark.text)), but the item \(result.passed ? "passes" : status == "unbound" ? "has no steps" : "fails"); 'flowc spec --update' fixes the mark</p>\n"
    }
    return html + "</div>\n"
  }

  private var coverageSection: String {
    var html = "<section id=\"coverage\">\n<h2>Coverage</h2>\n"
    guard let coverage else {
      return html
        + "<p>Not measured: the checklist has errors, and an item in error would count as covered; 'flowc check' lists them.</p>\n</section>\n"
    }
    html += "<table>\n"
    html += "<tr><th>what</th><th>covered</th><th></th></tr>\n"
    for kind in coverage.kinds {
      let (covered, total) = coverage.count(of: kind)
      html +=
        "<tr><td>\(kind.plural)</td><td>\(covered) of \(total)</td><td>\(Self.percent(coverage.percentage(of: kind)))</td></tr>\n"
    }
    html += "</table>\n"
    let uncovered = coverage.uncovered
    if !uncovered.isEmpty {
      html += "<p>Not covered ('flowc suggest' writes the items):</p>\n<ul class=\"uncovered\">\n"
      for target in uncovered {
        html +=
          "<li>\(Self.escaped(target.label)) <span class=\"where\">\(target.kind.rawValue), line \(target.range.start.line)</span></li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</section>\n"
  }

  private static let style = """
    body { font: 15px/1.45 -apple-system, system-ui, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #1d1d1f; }
    h1 { margin-bottom: 0; } .file { color: #666; margin-top: .2em; }
    .count { display: inline-block; padding: .1em .6em; border-radius: 1em; background: #eee; margin-right: .3em; }
    .count.passed { background: #d8f5dd; } .count.failed { background: #fbd9d6; } .count.unbound { background: #eee; }
    .item { border-left: 4px solid #ccc; padding: .3em .8em; margin: .5em 0; background: #fafafa; }
    .item.passed { border-color: #2e9d45; } .item.failed { border-color: #d0362b; background: #fff4f3; }
    .badge { float: right; font-size: 12px; text-transform: uppercase; color: #666; }
    .item.failed .badge { color: #d0362b; font-weight: bold; }
    .source { margin: 0; white-space: pre-wrap; font: 13px/1.4 ui-monospace, Menlo, monospace; }
    .failure { color: #a3241b; margin: .3em 0 0; } .dishonest { color: #8a5a00; margin: .3em 0 0; }
    .where { color: #666; font-size: 12px; }
    table { border-collapse: collapse; } td, th { padding: .2em 1em .2em 0; text-align: left; }
    figure { margin: 0; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
    """

  static func percent(_ value: Double) -> String { ChecklistCoverage.percentText(value) + "%" }

  /// Graphviz's SVG starts with an XML prolog and a doctype, which HTML does not take inline.
  static func withoutXMLProlog(_ svg: String) -> String {
    guard let start = svg.firstRange(of: "<svg") else { return svg }
    return String(svg[start.lowerBound...])
  }

  static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
