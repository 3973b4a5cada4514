public import FlowDiagnostics
internal import FlowModel

/// A mark that disagrees with its item's result, and the mark that tells the truth.
public struct MarkChange: Sendable, Hashable {
  /// The text of the checklist item whose mark is wrong.
  public var item: String
  /// The mark's place.
  public var range: SourceRange
  /// The item text's place.
  public var textRange: SourceRange
  /// The mark as typed in the file, such as `[x]` or `[ ]`.
  public var from: String
  /// The honest mark to write instead: `MarkRewriter.done` or `MarkRewriter.toDo`.
  public var to: String
  /// Whether the item passes (so the mark should say done).
  public var passes: Bool
  /// Why the item does not pass, when it does not.
  public var failures: [ChecklistFailure]

  /// What is wrong with the mark: "'…' passes but is marked to do", "'…' is marked done but
  /// fails: expected …", "'…' is marked done but has no steps".
  public var message: String {
    if passes { return "'\(item)' passes but is marked to do" }
    guard let first = failures.first else { return "'\(item)' is marked done but has no steps" }
    let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
    return "'\(item)' is marked done but fails: \(first.message)\(more)"
  }
}

/// Makes marks honest: `[✅]` for an item that passes, `[ ]` for one that fails or is
/// unbound, changing only the bytes of marks that disagree and leaving every other byte
/// (comments, spacing, line endings) as it was.
public enum MarkRewriter {
  /// The mark written for a passing item.
  public static let done = "[✅]"
  /// The mark written for a failing or unbound item.
  public static let toDo = "[ ]"

  /// The marks that disagree with the results, in file order.
  public static func changes(for results: [ChecklistResult]) -> [MarkChange] {
    results.compactMap { result in
      let mark = result.entry.item.mark
      guard mark.isDone != result.passed else { return nil }
      return MarkChange(
        item: result.entry.item.text.value, range: mark.range,
        textRange: result.entry.item.text.range,
        from: mark.text, to: result.passed ? done : toDo, passes: result.passed,
        failures: result.failures)
    }
  }

  /// The file's bytes with each change applied.
  ///
  /// - Throws: `MarkRewriteError` if a mark is not where the checklist says, which would mean
  ///   the text changed since it was parsed; nothing is changed then.
  public static func apply(_ changes: [MarkChange], to text: SourceText) throws(MarkRewriteError)
    -> [UInt8]
  {
    var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
    for change in changes {
      guard let start = text.byteOffset(of: change.range.start),
        let end = text.byteOffset(of: change.range.end),
        start < end, Array(text.bytes[start..<end]) == Array(change.from.utf8)
      else {
        throw MarkRewriteError(item: change.item, position: change.range.start)
      }
      replacements.append((start..<end, Array(change.to.utf8)))
    }
    var result: [UInt8] = []
    result.reserveCapacity(text.bytes.count + replacements.count * 4)
    var cursor = 0
    for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      result.append(contentsOf: text.bytes[cursor..<replacement.range.lowerBound])
      result.append(contentsOf: replacement.bytes)
      cursor = replacement.range.upperBound
    }
    result.append(contentsOf: text.bytes[cursor...])
    return result
  }
}

/// A mark was not found where the checklist placed it.
public struct MarkRewriteError: Error, Sendable, CustomStringConvertible {
  /// The text of the checklist item whose mark was not found.
  public var item: String
  /// Where the checklist placed the mark, and where the file's text holds something else.
  public var position: SourcePosition

  /// Which mark was missing and where, saying the file was left unchanged.
  public var description: String {
    "the mark of '\(item)' is not at \(position) as expected; the file was not changed"
  }
}
