import FlowFileSystem
import FlowReports
import FlowSpec

/// The machine-readable outputs of `flowc spec`: `--check --format json` and `--report`.
extension SpecCommand {
  /// Each dishonest mark, with its place and the item's result, as one JSON object.
  static func checkJSON(_ document: FlowDocument, changes: [MarkChange], console: Console)
    -> ExitCode
  {
    console.print(
      MarkReport.json(
        file: document.path, items: document.checklistResults.count, changes: changes
      ).serialized())
    return changes.isEmpty ? .success : .problemsFound
  }

  /// A JUnit or HTML report of every item's result, printed or written to `output`.
  /// `measuresCoverage`: the checklist has no errors of its own (an item failing is none),
  /// as `flowc coverage` requires.
  static func writeReport(
    _ kind: String, _ document: FlowDocument, output: String?, measuresCoverage: Bool,
    console: Console
  ) -> ExitCode {
    guard let tree = document.validTree, let flow = document.flow else { return .problemsFound }
    let results = document.checklistResults
    let text: String
    if kind == "html" {
      let graph = FlowGraph(tree: tree)
      var svg: [UInt8]?
      var problem = ""
      do {
        svg = try GraphvizRenderer.render(graph.dot(), format: "svg")
      } catch {
        // Said as it is: dot missing, or dot refusing the graph, are different problems. The
        // report's own words for a missing dot: 'graph''s advice does not fit 'spec'.
        problem = error.isMissingDot ? HTMLReport.missingDot : error.message
        console.printError("flowc: note: the report has no diagram: \(problem)")
      }
      text =
        HTMLReport(
          flow: flow.name.value, file: document.path, source: document.text, results: results,
          // Not measured over a checklist with errors: an item in error would count as covered.
          coverage: measuresCoverage
            ? document.checklistCoverage ?? ChecklistRunner(tree: tree).coverage() : nil,
          diagramSVG: svg.map { String(decoding: $0, as: UTF8.self) }, diagramProblem: problem
        ).html
    } else {
      text = JUnitReport.xml(flow: flow.name.value, file: document.path, results: results)
    }
    if let output {
      do {
        try FileSystem.writeAtomically(Array(text.utf8), to: output)
      } catch {
        console.printError("flowc: error: cannot write '\(output)': \(error.reason)")
        return .problemsFound
      }
    } else {
      console.write(text)
    }
    return results.contains { !$0.failures.isEmpty } ? .problemsFound : .success
  }
}
