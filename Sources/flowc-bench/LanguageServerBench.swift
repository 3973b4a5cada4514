import FlowDiagnostics
import FlowLanguageServer
import Foundation

/// `flowc-bench lsp`: how long `flowc lsp` takes from an edit to its diagnostics, on the
/// first article's flow and on a synthetic flow of many screens: the change applied, the
/// flow parsed, decoded, checked and its checklist run, the diagnostics written as JSON.
/// The server waits for typing to pause before it starts (`--debounce`, 15 ms by default),
/// which comes on top of these figures.
enum LanguageServerBench {
  static func run(screens: Int, repetitions: Int) throws {
    print(
      "flowc lsp: from an edit to its published diagnostics (median and slowest of \(repetitions))")
    let article = try String(contentsOfFile: "flows/navigation-service.yaml", encoding: .utf8)
    let cases = [
      ("first article (navigation-service)", article),
      ("synthetic, \(screens) screens", SyntheticFlows.large(screens: screens)),
    ]
    for (name, text) in cases {
      var sent = 0
      let server = LanguageServer { sent += $0.count }
      func message(_ json: String) { server.receive(.message(Array(json.utf8))) }
      let uri = DocumentURI.uri(
        ofPath: FileManager.default.currentDirectoryPath + "/bench-lsp.yaml")
      let quotedURI = JSONValue.string(uri).serialized()
      message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
      message(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(quotedURI),"languageId":"yaml","version":1,"text":\#(JSONValue.string(text).serialized())}}}"#
      )
      server.publishPendingDiagnostics()
      var version = 1
      // Typing a character and deleting it, at the end of the first line (a comment or
      // the flow's name): every edit is analysed whole, as a real one would be.
      let line = text.prefix { $0 != "\n" }.utf16.count
      var samples: [Double] = []
      let clock = ContinuousClock()
      for index in 0..<repetitions {
        version += 1
        let change =
          index % 2 == 0
          ? #"{"range":{"start":{"line":0,"character":\#(line)},"end":{"line":0,"character":\#(line)}},"text":"x"}"#
          : #"{"range":{"start":{"line":0,"character":\#(line)},"end":{"line":0,"character":\#(line + 1)}},"text":""}"#
        let edit =
          #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":\#(quotedURI),"version":\#(version)},"contentChanges":[\#(change)]}}"#
        samples.append(
          clock.measure {
            message(edit)
            server.publishPendingDiagnostics()
          }.seconds)
      }
      samples.sort()
      let completion = clock.measure {
        message(
          #"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":\#(quotedURI)},"position":{"line":0,"character":0}}}"#
        )
      }.seconds
      print(
        "  \(name): \(Measure.format(samples[samples.count / 2] * 1000, digits: 1)) ms median, \(Measure.format(samples.last! * 1000, digits: 1)) ms slowest; a completion \(Measure.format(completion * 1000, digits: 2)) ms; \(sent) bytes sent"
      )
    }
  }
}
