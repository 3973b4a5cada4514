internal import CLibYAML

/// Owns one libyaml parser over a borrowed buffer and hands out its events one at a time.
///
/// The buffer must outlive the reader; `deinit` frees libyaml's state.
final class LibYAMLEventReader {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  /// A one-byte buffer for empty input, whose base address would otherwise be `nil`.
  private let emptyInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
  private var failed = false

  /// A reader over `input`, or `nil` if libyaml cannot allocate its state.
  init?(input: UnsafeBufferPointer<UInt8>) {
    parser = .allocate(capacity: 1)
    emptyInput.initialize(to: 0)
    guard yaml_parser_initialize(parser) == 1 else {
      parser.deallocate()
      emptyInput.deallocate()
      return nil
    }
    if let base = input.baseAddress {
      yaml_parser_set_input_string(parser, base, input.count)
    } else {
      yaml_parser_set_input_string(parser, emptyInput, 0)
    }
  }

  deinit {
    yaml_parser_delete(parser)
    parser.deallocate()
    emptyInput.deallocate()
  }

  /// Fills `event` with the next event; `false` once libyaml has reported an error.
  ///
  /// libyaml 0.2.5 can return success with an empty event after an error, so the first
  /// failure is final.
  func next(into event: inout yaml_event_t) -> Bool {
    guard !failed else { return false }
    if yaml_parser_parse(parser, &event) != 1 {
      failed = true
      return false
    }
    return true
  }

  /// What libyaml said went wrong, after `next(into:)` returned `false`.
  var error: LibYAMLError {
    let pointee = parser.pointee
    return LibYAMLError(
      isReaderError: pointee.error == YAML_READER_ERROR,
      problem: pointee.problem.map { String(cString: $0) } ?? "invalid YAML",
      context: pointee.context.map { String(cString: $0) },
      problemLine: Int(pointee.problem_mark.line),
      problemColumn: Int(pointee.problem_mark.column),
      contextLine: Int(pointee.context_mark.line),
      contextColumn: Int(pointee.context_mark.column),
      byteOffset: Int(pointee.problem_offset))
  }
}

/// libyaml's description of a failure, with 0-based marks.
struct LibYAMLError {
  var isReaderError: Bool
  var problem: String
  var context: String?
  var problemLine: Int
  var problemColumn: Int
  var contextLine: Int
  var contextColumn: Int
  /// For reader (encoding) errors: the offending byte's offset.
  var byteOffset: Int
}
