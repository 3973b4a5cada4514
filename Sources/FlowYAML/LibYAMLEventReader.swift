internal import CLibYAML

/// Owns one libyaml parser over borrowed buffers and hands out its events one at a time.
///
/// The buffers must outlive the reader; `deinit` frees libyaml's state.
final class LibYAMLEventReader {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  /// A one-byte buffer for empty input, whose base address would otherwise be `nil`.
  private let emptyInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
  /// The input, when it is read from several buffers in turn.
  private let segments: SegmentedInput?
  private var failed = false

  /// A reader over `input`, or `nil` if libyaml cannot allocate its state.
  convenience init?(input: UnsafeBufferPointer<UInt8>) {
    self.init(segments: [input])
  }

  /// A reader over the bytes of `segments`, one after the other, as if they were one buffer
  /// (a large file's second half is read behind a line of its own, without copying it).
  init?(segments: [UnsafeBufferPointer<UInt8>]) {
    parser = .allocate(capacity: 1)
    emptyInput.initialize(to: 0)
    self.segments = segments.count > 1 ? SegmentedInput(segments) : nil
    guard yaml_parser_initialize(parser) == 1 else {
      parser.deallocate()
      emptyInput.deallocate()
      return nil
    }
    if let segments = self.segments {
      yaml_parser_set_input(
        parser,
        { data, buffer, size, sizeRead in
          SegmentedInput.read(data, buffer, size, sizeRead)
        }, Unmanaged.passUnretained(segments).toOpaque())
    } else if let input = segments.first, let base = input.baseAddress {
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

/// Buffers libyaml reads one after the other, through its read callback.
private final class SegmentedInput {
  private let segments: [UnsafeBufferPointer<UInt8>]
  private var segment = 0
  private var offset = 0

  init(_ segments: [UnsafeBufferPointer<UInt8>]) {
    self.segments = segments
  }

  /// libyaml's read handler: copies up to `size` bytes into `buffer`; zero read is the end.
  static func read(
    _ data: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<UInt8>?, _ size: Int,
    _ sizeRead: UnsafeMutablePointer<Int>?
  ) -> Int32 {
    guard let data, let buffer, let sizeRead else { return 0 }
    let input = Unmanaged<SegmentedInput>.fromOpaque(data).takeUnretainedValue()
    sizeRead.pointee = input.copy(into: UnsafeMutableBufferPointer(start: buffer, count: size))
    return 1
  }

  private func copy(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var written = 0
    while written < buffer.count, segment < segments.count {
      let source = segments[segment]
      let count = min(buffer.count - written, source.count - offset)
      if count > 0, let from = source.baseAddress, let to = buffer.baseAddress {
        (to + written).update(from: from + offset, count: count)
      }
      written += count
      offset += count
      if offset == source.count {
        segment += 1
        offset = 0
      }
    }
    return written
  }
}
