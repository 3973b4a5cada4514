/// Paths written into URIs (SARIF's artifact locations, the language server's documents).
package enum PercentEncoding {
  /// The path with every byte outside the unreserved set and `/` percent-encoded, so a name
  /// with spaces, `#`, `%` or non-ASCII letters reads back unchanged.
  package static func encodedPath(_ path: String) -> String {
    var text = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        text.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        text += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return text
  }
}
