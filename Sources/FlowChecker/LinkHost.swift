/// A link pattern's host as written, read as Foundation's `URL` reads a host: what an app is
/// handed differs from the text when the host is not ASCII (IDNA-encoded, `xn--…`), holds a
/// character a host may not, or has a port that is no number (then there is no URL at all).
struct LinkHost {
  /// Why an app never gets a URL with this host as written.
  enum Problem: Equatable {
    /// The host has a character beyond ASCII.
    case notASCII(host: String)
    /// The host holds a character a URL's host may not, such as `|` or `<`.
    case character(host: String, Character)
    /// What follows the host's `:` is not a number.
    case port(String)
  }

  /// The host: between `://` (or a user's `@`) and the first `/`, `?` or `#`, its port left out.
  var host: Substring
  /// What follows the host's `:`, if it has one.
  var port: Substring?

  /// The host of a pattern; `nil` without `://` or where the host is a `{variable}`, whose
  /// value is the app's URL's whatever it holds.
  init?(pattern: String) {
    guard let separator = pattern.firstRange(of: "://") else { return nil }
    var authority = pattern[separator.upperBound...].prefix { !"/?#".contains($0) }
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      // An IP address in brackets; a port may follow.
      host = authority[...close]
      let after = authority[authority.index(after: close)...]
      port = after.hasPrefix(":") ? after.dropFirst() : nil
    } else if let colon = authority.firstIndex(of: ":") {
      host = authority[..<colon]
      port = authority[authority.index(after: colon)...]
    } else {
      host = authority
    }
    if host.hasPrefix("{") && host.hasSuffix("}") { return nil }
  }

  /// Why an app never gets the link as written, if it does not.
  var problem: Problem? {
    if !host.allSatisfy(\.isASCII) { return .notASCII(host: String(host)) }
    if let port, !port.allSatisfy({ $0.isASCII && $0.isNumber }) { return .port(String(port)) }
    guard !host.hasPrefix("[") else { return nil }
    // A host's own characters: letters, digits, `-._~`, `!$&'()*+,;=`, and `%` escapes.
    var rest = host[...]
    while let character = rest.first {
      if character == "%" {
        let digits = rest.dropFirst().prefix(2)
        guard digits.count == 2, digits.allSatisfy(\.isHexDigit) else {
          return .character(host: String(host), "%")
        }
        rest = rest.dropFirst(3)
        continue
      }
      guard character.isLetter || character.isNumber || "-._~!$&'()*+,;=".contains(character)
      else { return .character(host: String(host), character) }
      rest = rest.dropFirst()
    }
    return nil
  }
}
