/// "Did you mean" suggestions for misspelled names.
public enum Suggestion {
  /// The candidate closest to `name`, if one is close enough to be a likely typo.
  ///
  /// Close enough means an edit distance of at most a third of the name's length
  /// (at least 1, at most 3); a difference of case alone always counts.
  public static func closest<S: Sequence>(to name: String, among candidates: S) -> String?
  where S.Element == String {
    let lowered = name.lowercased()
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      if candidate.lowercased() == lowered { return candidate }
      let distance = editDistance(lowered, candidate.lowercased())
      if best == nil || distance < best!.distance {
        best = (candidate, distance)
      }
    }
    guard let best else { return nil }
    let allowed = min(3, max(1, name.count / 3))
    return best.distance <= allowed ? best.candidate : nil
  }

  /// Optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of adjacent characters each cost 1.
  public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
