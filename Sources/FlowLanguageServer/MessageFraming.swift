/// The base protocol's framing: each message is a header part (`Content-Length: N`, other
/// headers ignored, lines ending with CRLF, an empty line last) and then N bytes of JSON.
///
/// `MessageFramer` takes bytes as they arrive, in pieces of any size, and hands out whole
/// frames; a header part it cannot read is a malformed frame, which it skips (up to the
/// empty line that ends it) so that the next frame is read as usual.
public struct MessageFramer: Sendable {
  /// What the framer found in the bytes received so far.
  public enum Frame: Equatable, Sendable {
    /// A message's content, exactly `Content-Length` bytes.
    case message([UInt8])
    /// A header part that is not the protocol's, and why; its content, if any, is skipped.
    case malformed(String)
  }

  /// The most a header part may take: a client sends two short headers.
  public static let maxHeaderBytes = 8 * 1024

  /// The most one message may take: the largest flow file allowed, JSON-escaped, with room.
  public let maxContentBytes: Int

  private var buffer: [UInt8] = []
  private var start = 0

  /// A framer that refuses messages over `maxContentBytes` (64 MiB unless given).
  public init(maxContentBytes: Int = 64 * 1024 * 1024) {
    self.maxContentBytes = maxContentBytes
  }

  /// Adds bytes received.
  public mutating func receive<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Whether bytes were received that no frame has taken yet.
  public var hasPendingBytes: Bool { start < buffer.count }

  /// The next whole frame, or `nil` until more bytes arrive.
  public mutating func nextFrame() -> Frame? {
    if resynchronizing, !skipToNextHeader() { return nil }
    guard let headerEnd = endOfHeaders() else {
      if buffer.count - start > Self.maxHeaderBytes {
        // No empty line within the limit: nothing here is a header part.
        start = buffer.count
        return .malformed("a header part longer than \(Self.maxHeaderBytes) bytes")
      }
      return nil
    }
    let header = String(decoding: buffer[start..<headerEnd.headers], as: UTF8.self)
    switch Self.contentLength(in: header) {
    case .failure(let error):
      // What follows has no known length: skipped up to the next header part's start.
      start = headerEnd.content
      resynchronizing = true
      return .malformed(error.reason)
    case .success(let length):
      guard length <= maxContentBytes else {
        start = headerEnd.content
        skipping = length
        return .malformed("a message of \(length) bytes, more than the limit of \(maxContentBytes)")
      }
      guard buffer.count - headerEnd.content >= length else { return nil }
      let content = Array(buffer[headerEnd.content..<headerEnd.content + length])
      start = headerEnd.content + length
      return .message(content)
    }
  }

  /// Whether a malformed header part left bytes of unknown length to skip.
  private var resynchronizing = false

  /// Moves to the next `Content-Length` (any case; a body after a bad header has no length to
  /// end it, and a JSON body ends with no line break); keeps the last bytes,
  /// which may begin one, and returns `false` until one is found.
  private mutating func skipToNextHeader() -> Bool {
    let name = Array("content-length".utf8)
    var index = start
    while index + name.count <= buffer.count {
      var matches = true
      for offset in 0..<name.count where buffer[index + offset] | 0x20 != name[offset] {
        matches = false
        break
      }
      if matches {
        start = index
        resynchronizing = false
        return true
      }
      index += 1
    }
    start = max(start, buffer.count - name.count)
    return false
  }

  /// Bytes of a refused message still to skip as they arrive.
  private var skipping = 0 {
    didSet { discardSkipped() }
  }

  private mutating func discardSkipped() {
    let available = min(skipping, buffer.count - start)
    start += available
    if available > 0 { skipping -= available }
  }

  /// Where the header part ends: after its text, and after the empty line.
  private mutating func endOfHeaders() -> (headers: Int, content: Int)? {
    if skipping > 0 { discardSkipped() }
    guard skipping == 0 else { return nil }
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13,
        buffer[index + 3] == 10
      {
        return (index, index + 4)
      }
      index += 1
    }
    return nil
  }

  private static func contentLength(in header: String) -> Result<Int, FramingError> {
    var length: Int?
    for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
      guard let colon = line.firstIndex(of: ":") else {
        return .failure(FramingError("a header line without ':'"))
      }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      if name == "content-length" {
        guard let number = Int(value), number >= 0 else {
          return .failure(FramingError("a Content-Length that is not a number of bytes"))
        }
        length = number
      }
    }
    guard let length else { return .failure(FramingError("a header part without Content-Length")) }
    return .success(length)
  }

  /// A message's content with the header part the protocol puts before it.
  public static func frame(_ content: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
  }
}

/// Why a header part cannot be read.
struct FramingError: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}
