/// Text escaped for XML and HTML, in content and in quoted attributes alike: the five
/// markup characters as references, line breaks and tabs as character references, and the
/// control characters XML 1.0 cannot hold as `?`.
enum MarkupText {
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\t", "\r": result += "&#\(scalar.value);"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
