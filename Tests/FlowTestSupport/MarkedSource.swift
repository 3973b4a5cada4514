public import FlowDiagnostics

/// Source text with `‸` markers where diagnostics are expected, so tests name places
/// instead of counting columns. The markers are removed from `text`.
public struct MarkedSource: Sendable {
  /// The text without its markers.
  public let text: String
  /// Where each marker stood, in order.
  public let markers: [SourcePosition]

  public init(_ marked: String) {
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
  public var marker: SourcePosition { markers[0] }
  /// The text as UTF-8.
  public var bytes: [UInt8] { Array(text.utf8) }
}
