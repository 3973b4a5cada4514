/// "Did you mean" over a set of names built once and asked many times, so a file with
/// thousands of misspellings among thousands of names is checked in time that grows with
/// the mistakes, not with mistakes times names.
///
/// Up to `scanLimit` candidates it answers as `Suggestion.closest` does. Above, it looks a
/// name up instead of comparing it with every candidate: a difference of case, or one edit
/// (an insertion, deletion, substitution or swap of neighbours), found through an index of
/// each candidate with one character deleted; farther candidates are not suggested.
public final class SuggestionIndex: Sendable {
  /// The most candidates compared one by one.
  public static let scanLimit = 256

  private let candidates: [String]
  /// Each candidate, lower-cased, and with one character deleted: the candidates' positions.
  private let variants: [String: [Int]]

  /// Builds the index over `candidates`, the names a misspelling may be meant as; with
  /// `scanLimit` of them or fewer, it only keeps the list.
  public init(_ candidates: [String]) {
    self.candidates = candidates
    guard candidates.count > Self.scanLimit else {
      variants = [:]
      return
    }
    var variants: [String: [Int]] = [:]
    for (position, candidate) in candidates.enumerated() {
      for variant in Self.variants(of: Array(candidate.lowercased().unicodeScalars)) {
        if variants[variant]?.last != position { variants[variant, default: []].append(position) }
      }
    }
    self.variants = variants
  }

  /// The candidate closest to `name`, if one is close enough to be a likely typo.
  public func closest(to name: String) -> String? {
    closestPosition(to: name).map { candidates[$0] }
  }

  /// The position of the candidate closest to `name`, if one is close enough.
  public func closestPosition(to name: String) -> Int? {
    guard candidates.count > Self.scanLimit else {
      return Suggestion.closestOffset(to: name, among: candidates)
    }
    let lowered = Array(name.lowercased().unicodeScalars)
    var positions: Set<Int> = []
    for variant in Self.variants(of: lowered) {
      positions.formUnion(variants[variant] ?? [])
    }
    var best: (position: Int, distance: Int)?
    for position in positions.sorted() where candidates[position] != name {
      let other = Array(candidates[position].lowercased().unicodeScalars)
      let distance = other == lowered ? 0 : Suggestion.boundedDistance(lowered, other, atMost: 1)
      guard let distance else { continue }
      if best == nil || distance < best!.distance { best = (position, distance) }
    }
    return best?.position
  }

  /// The text itself and each text with one character deleted.
  private static func variants(of scalars: [Unicode.Scalar]) -> [String] {
    var result = [String(String.UnicodeScalarView(scalars))]
    for index in scalars.indices {
      var shorter = scalars
      shorter.remove(at: index)
      result.append(String(String.UnicodeScalarView(shorter)))
    }
    return result
  }
}
