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

  /// A URL the pattern matches, each variable written as `value(name)`.
  public func example(filling value: (String) -> String) -> String {
    func text(_ part: Part) -> String {
      switch part {
      case .literal(let literal): literal
      case .variable(let name): value(name)
      }
    }
    let path = scheme + "://" + parts.map(text).joined(separator: "/")
    guard !query.isEmpty else { return path }
    return path + "?" + query.map { $0.key + "=" + text($0.value) }.joined(separator: "&")
  }

  /// Reads a pattern; the error says what is wrong with it.
  public static func parse(_ text: String) -> Result<URLPattern, URLPatternError> {
    guard let separator = text.firstRange(of: "://"), !text[..<separator.lowerBound].isEmpty,
      text[..<separator.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
    else {
      return .failure(.noScheme)
    }
    let scheme = text[..<separator.lowerBound].lowercased()
    var rest = Substring(text[separator.upperBound...])
    var queryText: Substring?
    if let mark = rest.firstIndex(of: "?") {
      queryText = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    guard !rest.isEmpty else { return .failure(.noHost) }
    var parts: [Part] = []
    var seen: Set<String> = []
    for segment in rest.split(separator: "/", omittingEmptySubsequences: false) {
      guard !segment.isEmpty else { return .failure(.emptySegment) }
      switch part(segment) {
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
      guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
        return .failure(.malformedQuery(String(item)))
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

  private static func part(_ segment: Substring) -> Result<Part, URLPatternError> {
    let opens = segment.filter { $0 == "{" }.count
    let closes = segment.filter { $0 == "}" }.count
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

  /// Reads a URL; `nil` when it has no `scheme://`.
  public init?(_ text: String) {
    guard let separator = text.firstRange(of: "://"), !text[..<separator.lowerBound].isEmpty else {
      return nil
    }
    self.text = text
    scheme = text[..<separator.lowerBound].lowercased()
    var rest = Substring(text[separator.upperBound...])
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    var query: [String: String] = [:]
    if let mark = rest.firstIndex(of: "?") {
      for item in rest[rest.index(after: mark)...].split(separator: "&") {
        let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let key = Self.percentDecoded(pieces[0])
        if query[key] == nil { query[key] = pieces.count > 1 ? Self.percentDecoded(pieces[1]) : "" }
      }
      rest = rest[..<mark]
    }
    self.query = query
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    parts =
      rest.isEmpty
      ? [] : rest.split(separator: "/", omittingEmptySubsequences: false).map(Self.percentDecoded)
  }

  /// The URL as given, such as `monapp://product/42`.
  public var description: String { text }

  /// `%20` → space; a malformed escape is kept as written.
  static func percentDecoded(_ text: Substring) -> String {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
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
    return String(decoding: bytes, as: UTF8.self)
  }
}
