/// A text pattern in which `*` stands for any run of characters (none included) and every
/// other character for itself, as an accepted finding's item text is written.
///
/// Matching takes time proportional to the pattern's length times the text's, whatever the
/// pattern (no backtracking over the stars), so a pattern from a configuration file cannot
/// make it slow.
struct GlobPattern: Sendable {
  private let pattern: [Character]

  init(_ pattern: String) {
    self.pattern = Array(pattern)
  }

  func matches(_ text: String) -> Bool {
    let text = Array(text)
    var p = 0
    var t = 0
    // The last star seen, and the text position its run was extended to.
    var star: Int?
    var resume = 0
    while t < text.count {
      if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let star {
        // Let the last star take one more character and try again after it.
        p = star + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
