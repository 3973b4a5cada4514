/// The shape of a checklist mark at the start of a line or key: an optional `- ` bullet,
/// then `[ ]`, `[]`, `[x]`, `[X]`, `[✅]`, `[✔]` or `[✓]`.
///
/// It lives in the YAML front end because a libyaml error on an unquoted `[ ] text:` key
/// is explained by recognising it; the checklist parser uses the same definition.
public struct ChecklistMarkSyntax: Sendable, Hashable {
  /// Whether the mark says done.
  public var isDone: Bool
  /// Where the bracketed mark starts, in Unicode scalars from the start of the text.
  public var markOffset: Int
  /// How many Unicode scalars the bracketed mark takes, brackets included.
  public var markLength: Int
  /// Where the item's text starts after the mark and its spaces, in Unicode scalars.
  public var textOffset: Int

  /// The mark that starts `text` (after any leading spaces), or `nil` if it starts with none.
  /// With `acceptingAnyMark`, a bracket of up to three other characters (`[v]`, `[-]`) is a
  /// mark too, read as to do: the shape of an item whose mark is misspelt.
  public static func parse<S: StringProtocol>(_ text: S, acceptingAnyMark: Bool = false)
    -> ChecklistMarkSyntax?
  {
    let scalars = Array(text.unicodeScalars)
    guard var index = bracketOffset(in: scalars) else { return nil }
    let markStart = index
    index += 1
    var inside: [Unicode.Scalar] = []
    while index < scalars.count, scalars[index] != "]", inside.count < 3 {
      inside.append(scalars[index])
      index += 1
    }
    guard index < scalars.count, scalars[index] == "]" else { return nil }
    let isDone: Bool
    switch String(String.UnicodeScalarView(inside)) {
    case "", " ": isDone = false
    case "x", "X", "✅", "✔", "✔️", "✓": isDone = true
    default:
      guard acceptingAnyMark else { return nil }
      isDone = false
    }
    index += 1
    let markLength = index - markStart
    guard index == scalars.count || scalars[index] == " " || scalars[index] == "\t" else {
      return nil
    }
    while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    return ChecklistMarkSyntax(
      isDone: isDone, markOffset: markStart, markLength: markLength, textOffset: index)
  }

  /// Where the `[` of a mark is, in Unicode scalars, when `text` starts with one after any
  /// spaces and an optional `- ` or `* ` bullet; whether a mark follows is not judged.
  public static func bracketOffset<S: StringProtocol>(in text: S) -> Int? {
    bracketOffset(in: Array(text.unicodeScalars))
  }

  private static func bracketOffset(in scalars: [Unicode.Scalar]) -> Int? {
    var index = 0
    while index < scalars.count, scalars[index] == " " { index += 1 }
    if index + 1 < scalars.count, scalars[index] == "-" || scalars[index] == "*",
      scalars[index + 1] == " "
    {
      index += 2
      while index < scalars.count, scalars[index] == " " { index += 1 }
    }
    guard index < scalars.count, scalars[index] == "[" else { return nil }
    return index
  }

  /// Whether a source line starts (after spaces) with a checklist mark.
  public static func startsWithMark<S: StringProtocol>(_ line: S) -> Bool {
    parse(line) != nil
  }
}
