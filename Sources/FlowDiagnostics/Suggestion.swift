/// "Did you mean" suggestions for misspelled names.
public enum Suggestion {
  /// The candidate closest to `name`, if one is close enough to be a likely typo.
  ///
  /// Close enough means an edit distance of at most a third of the name's length
  /// (at least 1, at most 3); a difference of case alone always counts. The first of equally
  /// close candidates wins. Each comparison stops as soon as it exceeds that distance, and
  /// candidates whose length alone rules them out are skipped, so a scan costs little per
  /// candidate; for thousands of candidates, `SuggestionIndex` avoids the scan.
  public static func closest<S: Sequence>(to name: String, among candidates: S) -> String?
  where S.Element == String {
    var found: String?
    _ = closestOffset(to: name, among: candidates) { found = $0 }
    return found
  }

  /// Where the closest candidate is in `candidates`, counted from 0, as `closest` chooses it.
  public static func closestOffset<S: Sequence>(to name: String, among candidates: S) -> Int?
  where S.Element == String {
    closestOffset(to: name, among: candidates) { _ in }
  }

  private static func closestOffset<S: Sequence>(
    to name: String, among candidates: S, found: (String) -> Void
  ) -> Int? where S.Element == String {
    let lowered = Array(name.lowercased().unicodeScalars)
    let allowed = allowedDistance(for: name)
    var best: (offset: Int, candidate: String, distance: Int)?
    for (offset, candidate) in candidates.enumerated() where candidate != name {
      let other = Array(candidate.lowercased().unicodeScalars)
      if other == lowered {
        best = (offset, candidate, 0)
        break
      }
      let bound = min(allowed, (best?.distance ?? allowed + 1) - 1)
      if bound < 0 || abs(other.count - lowered.count) > bound { continue }
      if let distance = boundedDistance(lowered, other, atMost: bound) {
        best = (offset, candidate, distance)
      }
    }
    if let best { found(best.candidate) }
    return best?.offset
  }

  /// How far a candidate may be from `name` and still be suggested.
  static func allowedDistance(for name: String) -> Int {
    min(3, max(1, name.count / 3))
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of adjacent characters each cost 1.
  public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    return boundedDistance(a, b, atMost: max(a.count, b.count))!
  }

  /// The optimal-string-alignment distance between `a` and `b` when it is at most `limit`;
  /// nil, found as soon as a whole row exceeds the limit, when it is more.
  static func boundedDistance(
    _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int
  ) -> Int? {
    if abs(a.count - b.count) > limit { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      // A transposition reads two rows back, so a row over the limit ends it only when the
      // row before it was over too.
      if rowMinimum > limit, previous.min()! > limit { return nil }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }
}
