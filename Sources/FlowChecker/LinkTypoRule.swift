import FlowDiagnostics
import FlowModel

extension DiagnosticMessage {
  static func linkTypo(_ url: String, written: String, meant: String, link: String) -> Self {
    Self(
      "check.link-typo", .warning,
      "no link matches '\(url)', so opening it changes nothing: did you mean '\(meant)' for '\(written)', as link '\(link)' has it?"
    )
  }
}

extension Checker {
  /// A checklist's `open:` URL that no link matches but one would, but for one misspelt part
  /// (`myapp://prodcut/3` for `myapp://product/{id}`): a URL that matches nothing at all is
  /// left alone, as an item may show that an unknown link changes nothing.
  func checkLinkTypo(_ url: Located<String>) {
    guard let concrete = LinkURL(url.value) else { return }
    let links = tree.flows.flatMap(\.links).compactMap { link in link.parsed.map { (link, $0) } }
    guard !links.contains(where: { $0.1.match(concrete) != nil }) else { return }
    for (link, pattern) in links {
      guard let (written, meant) = Self.misspeltPart(of: concrete, against: pattern) else {
        continue
      }
      sink.report(
        .linkTypo(url.value, written: written, meant: meant, link: link.pattern.value),
        at: url.range)
      return
    }
  }

  /// The one part of `url` (its scheme, or a segment where the pattern has a literal) that
  /// keeps it from matching `pattern`, when it is close to the pattern's (a typo): what is
  /// written and what the pattern has. `nil` when more differs, or nothing close.
  private static func misspeltPart(of url: LinkURL, against pattern: URLPattern)
    -> (written: String, meant: String)?
  {
    guard url.parts.count == pattern.parts.count else { return nil }
    // Each differing part: its segment index (`nil` for the scheme), as written, as meant.
    var differing: [(index: Int?, written: String, meant: String)] = []
    if url.scheme != pattern.scheme { differing.append((nil, url.scheme, pattern.scheme)) }
    for (index, (segment, part)) in zip(url.parts, pattern.parts).enumerated() {
      if case .literal(let literal) = part, literal != segment {
        differing.append((index, segment, literal))
      }
    }
    guard differing.count == 1, let (index, written, meant) = differing.first,
      Suggestion.closestOffset(to: written, among: [meant]) != nil
    else { return nil }
    // The rest must match: the pattern with the part as it should be.
    var fixed = url
    if let index { fixed.parts[index] = meant } else { fixed.scheme = meant }
    return pattern.match(fixed) != nil ? (written, meant) : nil
  }
}
