import FlowDiagnostics

/// A deep link's URL pattern, such as `monapp://profile/{userID}/settings`: a scheme, then
/// the host and path segments, each literal or a `{variable}` that matches one whole segment,
/// and optionally query items (`?tab={name}`). Literal segments and query items are
/// percent-decoded, as a URL's are before they are compared.
public struct URLPattern: Sendable, Hashable {
  /// One segment of the pattern (the host counts as the first).
  public enum Part: Sendable, Hashable, CustomStringConvertible {
    /// A segment the URL must spell exactly, such as `profile`.
    case literal(String)
    /// `{name}`, which takes the whole segment the URL has there; holds the name alone.
    case variable(String)

    /// The segment as written: `profile`, `{userID}`.
    public var description: String {
      switch self {
      case .literal(let text): text
      case .variable(let name): "{\(name)}"
      }
    }
  }

  /// A query item the URL must carry: `key=value` or `key={variable}`.
  public struct QueryItem: Sendable, Hashable {
    /// The query item's name, before the `=`.
    public var key: String
    /// The value it must have, or the variable that takes its value.
    public var value: Part
  }

  /// The scheme, lowercased (`monapp`).
  public var scheme: String
  /// The host, then each path segment.
  public var parts: [Part]
  /// The query items the URL must carry, in the order written; other items are ignored.
  public var query: [QueryItem]

  /// Every variable, in the order written.
  public var variables: [String] {
    (parts + query.map(\.value)).compactMap {
      if case .variable(let name) = $0 { return name }
      return nil
    }
  }

  /// A URL the pattern matches, each variable written as `value`:
  /// `monapp://profile/1/settings`.
  public func example(filling value: String) -> String {
    example { _ in value }
  }

  /// A URL the pattern matches, each variable written as `value(name)`; each literal is
  /// escaped (`escaped(_:inQuery:)`), so that the URL reads back as the literal.
  public func example(filling value: (String) -> String) -> String {
    func text(_ part: Part, inQuery: Bool) -> String {
      switch part {
      case .literal(let literal): Self.escaped(literal, inQuery: inQuery)
      case .variable(let name): value(name)
      }
    }
    let path = scheme + "://" + parts.map { text($0, inQuery: false) }.joined(separator: "/")
    guard !query.isEmpty else { return path }
    return path + "?"
      + query.map { Self.escaped($0.key, inQuery: true) + "=" + text($0.value, inQuery: true) }
      .joined(separator: "&")
  }

  /// A decoded literal written back into a URL: every byte a segment (or a query item, with
  /// `inQuery`) may not hold as itself becomes a `%` escape: `%`, `/`, `?`, `#`, a space, a
  /// brace, any byte beyond ASCII, and in a query item also `&`, `=` and `+`.
  static func escaped(_ text: String, inQuery: Bool) -> String {
    let kept = Array((inQuery ? "-._~!$'()*,;:@/?" : "-._~!$&'()*+,;=:@").utf8)
    let digits = Array("0123456789ABCDEF".utf8)
    var result: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "a")...UInt8(ascii: "z"):
        result.append(byte)
      case _ where kept.contains(byte):
        result.append(byte)
      default:
        result += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Reads a pattern; the error says what is wrong with it. It is cut at `://`, `?`, `/`,
  /// `&` and `=` as Unicode scalars, as a URL is (`LinkURL`), not as characters.
  public static func parse(_ text: String) -> Result<URLPattern, URLPatternError> {
    let scalars = Substring(text).unicodeScalars
    guard let separator = firstSeparator(in: scalars),
      separator > scalars.startIndex,
      Substring(scalars[..<separator]).allSatisfy({
        $0.isLetter || $0.isNumber || "+-.".contains($0)
      })
    else {
      // `myapp:/product` or `myapp:product`: a scheme whose `//` is missing.
      if let colon = text.firstIndex(of: ":"), colon > text.startIndex,
        text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
        !text[colon...].hasPrefix("://")
      {
        return .failure(.missingSlashes(String(text[..<colon])))
      }
      return .failure(.noScheme)
    }
    let scheme = Substring(scalars[..<separator]).lowercased()
    var rest = scalars[scalars.index(separator, offsetBy: 3)...]
    // A URL opened is cut at its `#` (`LinkURL`): a pattern holding one could never match.
    if let hash = rest.firstIndex(of: "#") {
      return .failure(.fragment(String(Substring(rest[hash...]))))
    }
    var queryText: Substring.UnicodeScalarView?
    if let mark = rest.firstIndex(of: "?") {
      queryText = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    if rest.last == "/" { rest = rest.dropLast() }
    guard !rest.isEmpty else { return .failure(.noHost) }
    var parts: [Part] = []
    var seen: Set<String> = []
    for segment in rest.split(separator: "/", omittingEmptySubsequences: false) {
      guard !segment.isEmpty else { return .failure(.emptySegment) }
      switch part(Substring(segment)) {
      case .success(let part):
        if case .variable(let name) = part, !seen.insert(name).inserted {
          return .failure(.repeatedVariable(name))
        }
        parts.append(part)
      case .failure(let error): return .failure(error)
      }
    }
    var query: [QueryItem] = []
    for item in queryText?.split(separator: "&") ?? [] {
      let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(Substring.init)
      guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
        return .failure(.malformedQuery(String(Substring(item))))
      }
      switch part(pieces[1]) {
      case .success(let part):
        if case .variable(let name) = part, !seen.insert(name).inserted {
          return .failure(.repeatedVariable(name))
        }
        query.append(QueryItem(key: LinkURL.percentDecoded(pieces[0]), value: part))
      case .failure(let error): return .failure(error)
      }
    }
    return .success(URLPattern(scheme: scheme, parts: parts, query: query))
  }

  /// Where the first `://` of the scalars starts.
  private static func firstSeparator(in scalars: Substring.UnicodeScalarView) -> String.Index? {
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if scalars[index...].starts(with: "://".unicodeScalars) { return index }
      index = scalars.index(after: index)
    }
    return nil
  }

  private static func part(_ segment: Substring) -> Result<Part, URLPatternError> {
    let opens = segment.unicodeScalars.filter { $0 == "{" }.count
    let closes = segment.unicodeScalars.filter { $0 == "}" }.count
    // A literal is compared with the URL's segment decoded, so it is decoded too: `a%20b`
    // matches `a%20b` and `a b` alike.
    if opens == 0 && closes == 0 { return .success(.literal(LinkURL.percentDecoded(segment))) }
    guard opens == 1, closes == 1, segment.hasPrefix("{"), segment.hasSuffix("}") else {
      return .failure(opens == closes ? .partialVariable(String(segment)) : .unbalanced)
    }
    let name = segment.dropFirst().dropLast()
    guard let first = name.first, first == "_" || first.isLetter,
      name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
    else {
      return .failure(.invalidVariable(String(name)))
    }
    return .success(.variable(String(name)))
  }

  /// Whether some URL matches both this pattern and `other`: the same scheme and number of
  /// segments, each segment a variable in one of them or the same literal in both, and no
  /// query item both require with different literal values.
  public func overlaps(_ other: URLPattern) -> Bool {
    guard scheme == other.scheme, parts.count == other.parts.count else { return false }
    for (mine, theirs) in zip(parts, other.parts) {
      if case .literal(let text) = mine, case .literal(let otherText) = theirs, text != otherText {
        return false
      }
    }
    for item in query {
      guard case .literal(let text) = item.value else { continue }
      for otherItem in other.query where otherItem.key == item.key {
        if case .literal(let otherText) = otherItem.value, otherText != text { return false }
      }
    }
    return true
  }

  /// The text each variable takes in `url`, or `nil` when the URL does not match.
  public func match(_ url: LinkURL) -> [String: String]? {
    guard url.scheme == scheme, url.parts.count == parts.count else { return nil }
    var values: [String: String] = [:]
    for (part, segment) in zip(parts, url.parts) {
      switch part {
      case .literal(let text):
        guard text == segment else { return nil }
      case .variable(let name):
        guard !segment.isEmpty else { return nil }
        values[name] = segment
      }
    }
    for item in query {
      guard let value = url.query[item.key] else { return nil }
      switch item.value {
      case .literal(let text): guard text == value else { return nil }
      case .variable(let name): values[name] = value
      }
    }
    return values
  }
}

/// What is wrong with a URL pattern.
public enum URLPatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No `scheme://` at the start, no host after it, an empty segment (`//`), or a brace
  /// without its pair.
  case noScheme, noHost, emptySegment, unbalanced
  /// A segment holding a variable and other text, such as `id{id}`; holds the segment.
  case partialVariable(String)
  /// A `{…}` whose content is not a name; holds the content.
  case invalidVariable(String)
  /// A variable named twice in the pattern.
  case repeatedVariable(String)
  /// A query item that is not `key=value`, as written.
  case malformedQuery(String)
  /// A scheme followed by `:` without `//` (`myapp:/product`); holds the scheme.
  case missingSlashes(String)
  /// A `#fragment`, which no URL opened keeps; holds it, `#` included.
  case fragment(String)

  /// The problem as a message reads it: `'{id}' appears twice`.
  public var description: String {
    switch self {
    case .noScheme: "it must start with a scheme, such as 'monapp://'"
    case .noHost: "it needs a host after the scheme, such as 'monapp://product'"
    case .emptySegment: "it has an empty segment ('//')"
    case .unbalanced: "a '{' or '}' is not closed"
    case .partialVariable(let segment):
      "a variable must be a whole segment, such as '{id}', not '\(segment)'"
    case .invalidVariable(let name): "'{\(name)}' is not a variable name"
    case .repeatedVariable(let name): "'{\(name)}' appears twice"
    case .malformedQuery(let item): "query item '\(item)' must be 'key=value' or 'key={name}'"
    case .missingSlashes(let scheme): "write '://' after the scheme, as in '\(scheme)://…'"
    case .fragment(let fragment):
      "a URL's fragment ('\(fragment)') is dropped when it is opened, so the pattern cannot hold one"
    }
  }
}

/// A URL as deep links read it: the scheme, the host and path segments (percent-decoded),
/// and the query items.
public struct LinkURL: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lowercased (`monapp`).
  public var scheme: String
  /// The host, then each path segment, percent-decoded.
  public var parts: [String]
  /// The query items by name, percent-decoded; the first wins when a name repeats.
  public var query: [String: String]
  /// The URL as given.
  public var text: String

  /// Reads a URL; `nil` when it has no `scheme://`. The URL is cut at its bytes `://`, `#`,
  /// `?`, `&`, `=` and `/`, never at a character: a `/` followed by a combining mark is
  /// still a `/`, as it is to Foundation.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard let separator = Self.firstSeparator(in: bytes), separator > 0 else { return nil }
    self.text = text
    scheme = String(decoding: bytes[..<separator], as: UTF8.self).lowercased()
    var rest = bytes[(separator + 3)...]
    if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
    var query: [String: String] = [:]
    if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
      for item in rest[(mark + 1)...].split(separator: UInt8(ascii: "&")) {
        let pieces = item.split(
          separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
        let key = Self.percentDecoded(pieces[0])
        if query[key] == nil { query[key] = pieces.count > 1 ? Self.percentDecoded(pieces[1]) : "" }
      }
      rest = rest[..<mark]
    }
    self.query = query
    if rest.last == UInt8(ascii: "/") { rest = rest.dropLast() }
    parts =
      rest.isEmpty
      ? []
      : rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(
        Self.percentDecoded)
  }

  /// The URL as given, such as `monapp://product/42`.
  public var description: String { text }

  /// Where the first `://` starts.
  private static func firstSeparator(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 3 else { return nil }
    return (0...(bytes.count - 3)).first {
      bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == UInt8(ascii: "/")
        && bytes[$0 + 2] == UInt8(ascii: "/")
    }
  }

  /// `%20` → space. A `%` not followed by two hexadecimal digits is kept as written, and so
  /// is the whole text when what its escapes decode to is not UTF-8 (`%FF`), rather than
  /// made a replacement character that other bytes would decode to as well.
  static func percentDecoded(_ text: Substring) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    return percentDecoded(ArraySlice(text.utf8))
  }

  static func percentDecoded(_ utf8: ArraySlice<UInt8>) -> String {
    guard utf8.contains(UInt8(ascii: "%")) else { return String(decoding: utf8, as: UTF8.self) }
    var bytes: [UInt8] = []
    var index = utf8.startIndex
    while index < utf8.endIndex {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.endIndex,
        let high = Hexadecimal.value(of: utf8[index + 1]),
        let low = Hexadecimal.value(of: utf8[index + 2])
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
}
