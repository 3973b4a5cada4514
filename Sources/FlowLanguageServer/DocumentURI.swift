import FlowDiagnostics

/// `file://` URIs, as clients name documents, and the paths they stand for.
///
/// Only `file` URIs name flows: a path is percent-decoded from one, and percent-encoded into
/// one for every byte that is not unreserved or `/`, so a name with spaces, `#` or
/// non-ASCII letters goes back and forth unchanged.
public enum DocumentURI {
  /// The path a `file://` URI names, or `nil` for another scheme or a malformed escape.
  public static func path(of uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Substring(uri.dropFirst("file://".count))
    // `file://host/path`: only the local host is a file here.
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else {
        return nil
      }
      rest = rest[slash...]
    }
    var bytes: [UInt8] = []
    var utf8 = Array(rest.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard utf8.count >= 2, let high = Hexadecimal.value(of: utf8.popFirst()!),
          let low = Hexadecimal.value(of: utf8.popFirst()!)
        else { return nil }
        bytes.append(high << 4 | low)
      } else {
        bytes.append(byte)
      }
    }
    guard let path = String(validating: bytes, as: UTF8.self), !path.contains("\0") else {
      return nil
    }
    // A Windows client writes `file:///c%3A/…`; the path is then `c:/…`.
    if path.count > 3, path.hasPrefix("/"), path.dropFirst(2).hasPrefix(":") {
      return String(path.dropFirst())
    }
    return path
  }

  /// The `file://` URI of an absolute path.
  public static func uri(ofPath path: String) -> String {
    "file://" + (path.hasPrefix("/") ? "" : "/") + PercentEncoding.encodedPath(path)
  }
}
