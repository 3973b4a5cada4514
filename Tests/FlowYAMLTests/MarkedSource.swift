import FlowDiagnostics

/// Source text with `‸` markers where diagnostics are expected, so tests name places
/// instead of counting columns. The markers are removed from `text`.
struct MarkedSource {
  let text: String
  let markers: [SourcePosition]

  init(_ marked: String) {
    var text = ""
    var markers: [SourcePosition] = []
    var line = 1
    var column = 1
    for scalar in marked.unicodeScalars {
      if scalar == "‸" {
        markers.append(SourcePosition(line: line, column: column))
        continue
      }
      text.unicodeScalars.append(scalar)
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    self.text = text
    self.markers = markers
  }

  /// The only marker.
  var marker: SourcePosition { markers[0] }
  var bytes: [UInt8] { Array(text.utf8) }
}
