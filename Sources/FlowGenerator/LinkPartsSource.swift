/// The Swift of `LinkParts`, the URL reader the generated routes match links with: the twin of
/// FlowModel's `LinkURL` and `URLPattern.match`, written out so that an app reads a deep link
/// exactly as the flow's navigator does (the checklist's `open:` items test that reading).
///
/// It reads the URL's text rather than `URLComponents`, which differ from the navigator on
/// empty segments (`app://item//x`), malformed escapes (`caf%C3`), and a user or port in the
/// host (`app://u@item:8/x`). `GeneratedLinkReadingTests` runs this code against the
/// navigator on such URLs; a change to `LinkURL` must be made here too.
enum LinkPartsSource {
  /// The declaration, one line each, indented from column 0 (the writer indents it further).
  static let lines: [String] = declaration.split(separator: "\n", omittingEmptySubsequences: false)
    .map(String.init)

  private static let declaration = #"""
    /// A URL as the flow's links read it: the scheme (lowercased); the host and each path
    /// segment, percent-decoded (all between `://` and the first `/` is the host; a final `/`
    /// is dropped); and the query items, percent-decoded, the first of a name winning. The
    /// fragment is ignored; a malformed escape, or escapes that are not UTF-8, are kept as
    /// written.
    private struct LinkParts {
      enum Part { case literal(String), variable(String) }
      let scheme: String
      let parts: [String]
      let query: [String: String]

      init(_ url: URL) {
        // Cut at the bytes `://`, `#`, `?`, `&`, `=` and `/`, never at a character.
        let bytes = Array(url.absoluteString.utf8)
        let slash = UInt8(ascii: "/")
        guard
          let separator = bytes.indices.dropLast(2).first(where: {
            bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == slash && bytes[$0 + 2] == slash
          }), separator > 0
        else {
          (scheme, parts, query) = ("", [], [:])
          return
        }
        scheme = String(decoding: bytes[..<separator], as: UTF8.self).lowercased()
        var rest = bytes[(separator + 3)...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
          for item in rest[(mark + 1)...].split(separator: UInt8(ascii: "&")) {
            let pieces = item.split(
              separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decoded(pieces[0])
            if query[key] == nil { query[key] = pieces.count > 1 ? Self.decoded(pieces[1]) : "" }
          }
          rest = rest[..<mark]
        }
        self.query = query
        if rest.last == slash { rest = rest.dropLast() }
        parts =
          rest.isEmpty
          ? [] : rest.split(separator: slash, omittingEmptySubsequences: false).map(Self.decoded)
      }

      /// `%20` → space. A `%` not followed by two hexadecimal digits is kept as written, and
      /// so is the whole text when what its escapes decode to is not UTF-8 (`%FF`).
      static func decoded(_ utf8: ArraySlice<UInt8>) -> String {
        guard utf8.contains(UInt8(ascii: "%")) else { return String(decoding: utf8, as: UTF8.self) }
        func digit(_ byte: UInt8) -> UInt8? {
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
          case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
          default: return nil
          }
        }
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
          if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.endIndex,
            let high = digit(utf8[index + 1]), let low = digit(utf8[index + 2])
          {
            bytes.append(high << 4 | low)
            index += 3
          } else {
            bytes.append(utf8[index])
            index += 1
          }
        }
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
          switch decoder.decode(&iterator) {
          case .scalarValue: continue
          case .emptyInput: return String(decoding: bytes, as: UTF8.self)
          case .error: return String(decoding: utf8, as: UTF8.self)
          }
        }
      }

      /// The text each variable takes, or `nil` when the URL does not match the pattern.
      func match(scheme: String, parts pattern: [Part], query wanted: [(String, Part)]) -> [String: String]? {
        guard self.scheme == scheme, parts.count == pattern.count else { return nil }
        var values: [String: String] = [:]
        for (part, text) in zip(pattern, parts) {
          switch part {
          case .literal(let literal): guard literal == text else { return nil }
          case .variable(let name):
            guard !text.isEmpty else { return nil }
            values[name] = text
          }
        }
        for (key, part) in wanted {
          guard let text = query[key] else { return nil }
          switch part {
          case .literal(let literal): guard literal == text else { return nil }
          case .variable(let name): values[name] = text
          }
        }
        return values
      }
    }
    """#
}
