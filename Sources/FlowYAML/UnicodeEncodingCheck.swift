/// Recognises a file written in UTF-16 or UTF-32, which libyaml would read but whose byte
/// offsets would then mean nothing to the rest of flowspec: such a file is refused whole,
/// with one error saying how to convert it, rather than half-read.
package enum UnicodeEncodingCheck {
  /// The name of the encoding a file's first bytes show, when it is UTF-16 or UTF-32: by
  /// byte-order mark, or, without one, by where the NUL bytes of an ASCII first character
  /// fall (the rule the YAML specification gives).
  package static func foreignEncoding(of bytes: some Collection<UInt8>) -> String? {
    let first = Array(bytes.prefix(4))
    func starts(with prefix: [UInt8]) -> Bool { first.starts(with: prefix) }
    if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
    if starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
    if starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
    if starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
    if first.count == 4, first[0] == 0, first[1] == 0, first[2] == 0, first[3] != 0 {
      return "UTF-32 (big-endian)"
    }
    if first.count == 4, first[0] != 0, first[1] == 0, first[2] == 0, first[3] == 0 {
      return "UTF-32 (little-endian)"
    }
    if first.count >= 2, first[0] == 0, first[1] != 0 { return "UTF-16 (big-endian)" }
    if first.count >= 2, first[0] != 0, first[1] == 0 { return "UTF-16 (little-endian)" }
    return nil
  }
}
