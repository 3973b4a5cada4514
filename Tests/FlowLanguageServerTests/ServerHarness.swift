import FlowDiagnostics
import FlowLanguageServer
import FlowTestSupport
import Foundation

/// A client for tests: raw JSON-RPC text framed and fed to a server in this process, its
/// framed answers read back with the server's own framer and JSON reader.
final class ServerHarness {
  private(set) var server: LanguageServer!
  private var received: [UInt8] = []
  private var incoming = MessageFramer()
  private var nextID = 1
  /// Every message the server sent, in order.
  private(set) var messages: [JSONValue] = []
  let folder: TemporaryFolder

  init(initialize: Bool = true) throws {
    folder = try TemporaryFolder()
    server = LanguageServer { [unowned self] bytes in self.received += bytes }
    if initialize {
      _ = request("initialize", #"{"processId": null, "rootUri": null, "capabilities": {}}"#)
      notify("initialized", "{}")
    }
  }

  /// Sends bytes exactly as given (no framing added).
  func sendBytes(_ bytes: [UInt8]) {
    var framer = MessageFramer()
    framer.receive(bytes)
    while let frame = framer.nextFrame() { server.receive(frame) }
    collect()
  }

  /// Sends one message's JSON text, framed.
  func sendMessage(_ json: String) {
    sendBytes(MessageFramer.frame(Array(json.utf8)))
  }

  private func collect() {
    incoming.receive(received)
    received.removeAll()
    while let frame = incoming.nextFrame() {
      guard case .message(let bytes) = frame, let message = try? JSONReader.value(from: bytes)
      else {
        fatalError("the server sent a frame that is not JSON: \(frame)")
      }
      messages.append(message)
    }
  }

  /// Sends a request and returns the whole response message.
  @discardableResult
  func request(_ method: String, _ params: String) -> JSONValue {
    let id = nextID
    nextID += 1
    sendMessage(#"{"jsonrpc": "2.0", "id": \#(id), "method": "\#(method)", "params": \#(params)}"#)
    return messages.last { $0["id"] == .number(id) } ?? .null
  }

  func notify(_ method: String, _ params: String) {
    sendMessage(#"{"jsonrpc": "2.0", "method": "\#(method)", "params": \#(params)}"#)
  }

  /// Writes a file in the folder and returns its URI.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    DocumentURI.uri(ofPath: try folder.write(name, text))
  }

  /// Opens a document with this text.
  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      #"{"textDocument": {"uri": \#(Self.json(uri)), "languageId": "yaml", "version": \#(version), "text": \#(Self.json(text))}}"#
    )
  }

  /// Replaces a document's whole text.
  func replace(_ uri: String, _ text: String, version: Int) {
    notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": \#(Self.json(uri)), "version": \#(version)}, "contentChanges": [{"text": \#(Self.json(text))}]}"#
    )
  }

  /// Inserts text at a position (0-based line and UTF-16 character).
  func insert(_ uri: String, _ text: String, line: Int, character: Int, version: Int) {
    let position = #"{"line": \#(line), "character": \#(character)}"#
    notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": \#(Self.json(uri)), "version": \#(version)}, "contentChanges": [{"range": {"start": \#(position), "end": \#(position)}, "text": \#(Self.json(text))}]}"#
    )
  }

  /// Publishes what is pending and returns the diagnostics published, by URI.
  func publish() -> [String: [JSONValue]] {
    let before = messages.count
    server.publishPendingDiagnostics()
    collect()
    var published: [String: [JSONValue]] = [:]
    for message in messages[before...]
    where message["method"]?.stringValue == "textDocument/publishDiagnostics" {
      published[message["params"]!["uri"]!.stringValue!] = message["params"]!["diagnostics"]!
        .arrayValue!
    }
    return published
  }

  /// A request at a position of a document.
  func at(_ method: String, _ uri: String, line: Int, character: Int, extra: String = "")
    -> JSONValue
  {
    request(
      method,
      #"{"textDocument": {"uri": \#(Self.json(uri))}, "position": {"line": \#(line), "character": \#(character)}\#(extra)}"#
    )
  }

  static func json(_ text: String) -> String { JSONValue.string(text).serialized() }
}

/// Where `needle` is in `text` (its `occurrence`th appearance, from 0), as the protocol counts:
/// a 0-based line and a UTF-16 offset, plus `offset` UTF-16 units.
func position(of needle: String, in text: String, occurrence: Int = 0, offset: Int = 0) -> (
  line: Int, character: Int
) {
  var searchStart = text.startIndex
  var found: Range<String.Index>?
  for _ in 0...occurrence {
    found = text.range(of: needle, range: searchStart..<text.endIndex)
    guard let range = found else { fatalError("'\(needle)' is not in the text") }
    searchStart = range.upperBound
  }
  let prefix = text[..<found!.lowerBound]
  let line = prefix.filter { $0 == "\n" }.count
  let lineStart = prefix.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
  return (line, text[lineStart..<found!.lowerBound].utf16.count + offset)
}

extension JSONValue {
  /// The `result` of a response.
  var result: JSONValue? { self["result"] }
  /// The error code of a response.
  var errorCode: Int? { self["error"]?["code"]?.intValue }
}
