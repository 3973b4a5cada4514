/// The colour names a tint may use: `UIColor`'s fixed and system colours.
enum SystemColors {
  static let names: Set<String> = [
    "black", "blue", "brown", "clear", "cyan", "darkGray", "darkText", "gray", "green",
    "lightGray", "lightText", "magenta", "orange", "purple", "red", "white", "yellow",
    "systemBlue", "systemBrown", "systemCyan", "systemGreen", "systemIndigo", "systemMint",
    "systemOrange", "systemPink", "systemPurple", "systemRed", "systemTeal", "systemYellow",
    "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
    "label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "link", "placeholderText",
    "separator", "opaqueSeparator", "systemBackground", "secondarySystemBackground",
    "tertiarySystemBackground", "systemGroupedBackground", "secondarySystemGroupedBackground",
    "tertiarySystemGroupedBackground", "systemFill", "secondarySystemFill", "tertiarySystemFill",
    "quaternarySystemFill", "tintColor",
  ]

  /// Whether a tint is a system colour name or `#RRGGBB`.
  static func isValid(_ tint: String) -> Bool {
    if names.contains(tint) { return true }
    let scalars = Array(tint.unicodeScalars)
    guard scalars.count == 7, scalars[0] == "#" else { return false }
    return scalars.dropFirst().allSatisfy { $0.properties.isASCIIHexDigit }
  }

  /// Whether a name has the shape of an SF Symbol: lowercase words and digits joined by dots.
  /// Read as bytes, once: every bar button of every screen is checked.
  static func isPlausibleSymbolName(_ name: String) -> Bool {
    var partLength = 0
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        partLength += 1
      case UInt8(ascii: "."):
        guard partLength > 0 else { return false }
        partLength = 0
      default:
        return false
      }
    }
    return partLength > 0
  }
}
