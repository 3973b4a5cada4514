import FlowDiagnostics
import FlowLanguageServer
import Testing

@Suite struct JSONReaderTests {
  @Test func readsEveryKindOfValue() throws {
    let value = try JSONReader.value(
      from: Array(
        #" {"a": [1, -2, 3.75, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#
          .utf8))
    #expect(
      value["a"] == .array([.number(1), .number(-2), .number(3), .bool(true), .bool(false), .null]))
    #expect(value["b"]?.stringValue == "x\"\\/\né😀")
    #expect(value["c"] == .object([]))
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "tru", "\"unterminated", "01", "1 2", "\"\\q\"",
    "\"\u{01}\"", "{1: 2}", "-", "1.", "\"\\u12\"",
  ])
  func refusesWhatIsNotJSON(_ text: String) {
    #expect(throws: JSONReader.Failure.self) { try JSONReader.value(from: Array(text.utf8)) }
  }

  @Test func refusesDeepNestingWithoutExhaustingTheStack() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONReader.Failure.self) { try JSONReader.value(from: Array(deep.utf8)) }
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: JSONReader.Failure.self) { try JSONReader.value(from: [0x22, 0xFF, 0x22]) }
  }
}

@Suite struct MessageFramerTests {
  @Test func framesArriveWholeWhateverTheChunks() {
    let bytes =
      MessageFramer.frame(Array(#"{"a":1}"#.utf8)) + MessageFramer.frame(Array("[\"é\"]".utf8))
    for chunk in [1, 2, 7, bytes.count] {
      var framer = MessageFramer()
      var frames: [MessageFramer.Frame] = []
      var index = 0
      while index < bytes.count {
        framer.receive(bytes[index..<min(bytes.count, index + chunk)])
        while let frame = framer.nextFrame() { frames.append(frame) }
        index += chunk
      }
      #expect(frames == [.message(Array(#"{"a":1}"#.utf8)), .message(Array("[\"é\"]".utf8))])
    }
  }

  @Test func otherHeadersAreIgnoredAndTheNameIsCaseInsensitive() {
    var framer = MessageFramer()
    framer.receive(
      Array(
        "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}"
          .utf8))
    #expect(framer.nextFrame() == .message(Array("{}".utf8)))
  }

  @Test(arguments: [
    "Content-Type: x\r\n\r\n", "Content-Length: many\r\n\r\n", "garbage\r\n\r\n",
    "Content-Length: -3\r\n\r\n",
  ])
  func aMalformedHeaderIsReportedAndTheNextFrameStillReads(_ header: String) {
    var framer = MessageFramer()
    framer.receive(Array(header.utf8) + MessageFramer.frame(Array("[]".utf8)))
    guard case .malformed = framer.nextFrame() else {
      Issue.record("expected a malformed frame")
      return
    }
    #expect(framer.nextFrame() == .message(Array("[]".utf8)))
  }

  @Test func aBadHeaderWithABodyIsSkippedToTheNextHeader() {
    var framer = MessageFramer()
    framer.receive(Array("Content-Type: x\r\n\r\n{\"lost\": true}".utf8))
    guard case .malformed = framer.nextFrame() else {
      Issue.record("expected a malformed frame")
      return
    }
    #expect(framer.nextFrame() == nil)
    framer.receive(MessageFramer.frame(Array("[1]".utf8)) + MessageFramer.frame(Array("[2]".utf8)))
    #expect(framer.nextFrame() == .message(Array("[1]".utf8)))
    #expect(framer.nextFrame() == .message(Array("[2]".utf8)))
  }

  @Test func aMessageOverTheLimitIsSkippedAsItArrives() {
    var framer = MessageFramer(maxContentBytes: 10)
    framer.receive(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
    guard case .malformed(let reason) = framer.nextFrame() else {
      Issue.record("expected a malformed frame")
      return
    }
    #expect(reason.contains("more than the limit"))
    framer.receive(Array("0123456789".utf8) + MessageFramer.frame(Array("1".utf8)))
    #expect(framer.nextFrame() == .message(Array("1".utf8)))
  }

  @Test func aHeaderThatNeverEndsIsRefused() {
    var framer = MessageFramer()
    framer.receive([UInt8](repeating: UInt8(ascii: "a"), count: MessageFramer.maxHeaderBytes + 1))
    guard case .malformed = framer.nextFrame() else {
      Issue.record("expected a malformed frame")
      return
    }
    #expect(!framer.hasPendingBytes)
  }
}

@Suite struct LifecycleTests {
  @Test func initializeAnnouncesTheCapabilities() throws {
    let client = try ServerHarness(initialize: false)
    let response = client.request("initialize", #"{"capabilities": {}}"#)
    let capabilities = try #require(response.result?["capabilities"])
    #expect(capabilities["positionEncoding"]?.stringValue == "utf-16")
    #expect(capabilities["textDocumentSync"]?["change"]?.intValue == 2)
    for provider in [
      "definitionProvider", "referencesProvider", "hoverProvider", "documentSymbolProvider",
      "renameProvider", "codeActionProvider", "completionProvider",
    ] {
      #expect(capabilities[provider] != nil, "\(provider)")
    }
    #expect(response.result?["serverInfo"]?["name"]?.stringValue == "flowc")
  }

  @Test func requestsBeforeInitializeAreRefused() throws {
    let client = try ServerHarness(initialize: false)
    #expect(client.request("textDocument/hover", "{}").errorCode == -32002)
  }

  @Test func unknownMethodsAndMalformedMessagesGetProtocolErrors() throws {
    let client = try ServerHarness()
    #expect(client.request("textDocument/noSuchThing", "{}").errorCode == -32601)
    client.sendMessage("{not json")
    #expect(client.messages.last?.errorCode == -32700)
    #expect(client.messages.last?["id"] == .null)
    client.sendMessage(#"{"id": 9, "method": "initialize"}"#)
    #expect(client.messages.last?.errorCode == -32600)
    client.sendMessage(#"[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]"#)
    #expect(client.messages.last?.errorCode == -32600)
    client.sendMessage(#"{"jsonrpc": "2.0", "id": {"x": 1}, "method": "shutdown"}"#)
    #expect(client.messages.last?.errorCode == -32600)
    client.sendBytes(Array("Content-Length: x\r\n\r\n".utf8))
    #expect(client.messages.last?.errorCode == -32700)
    #expect(client.request("textDocument/hover", #"{"textDocument": {}}"#).errorCode == -32602)
    #expect(
      client.request(
        "textDocument/hover",
        #"{"textDocument": {"uri": "file:///nowhere.yaml"}, "position": {"line": 0, "character": 0}}"#
      ).errorCode == -32602)
    // An unknown notification is ignored: nothing is sent.
    let count = client.messages.count
    client.notify("$/somethingNew", "{}")
    #expect(client.messages.count == count)
    // And the server still answers.
    #expect(client.request("shutdown", "null").result == .null)
  }

  @Test func hostilePositionsAndChangesAreAnsweredNotTrapped() throws {
    let (client, uri) = try openApp()
    let quoted = ServerHarness.json(uri)
    for position in [
      #"{"line": 9223372036854775807, "character": 9223372036854775807}"#,
      #"{"line": 99999999999999999999, "character": 0}"#,
      #"{"line": 3, "character": 100000}"#,
    ] {
      for method in [
        "textDocument/hover", "textDocument/definition", "textDocument/completion",
        "textDocument/references", "textDocument/prepareRename",
      ] {
        let answer = client.request(
          method, #"{"textDocument": {"uri": \#(quoted)}, "position": \#(position)}"#)
        #expect(answer.result != nil, "\(method) \(position): \(answer)")
      }
    }
    #expect(
      client.request(
        "textDocument/hover",
        #"{"textDocument": {"uri": \#(quoted)}, "position": {"line": -1, "character": "x"}}"#
      ).errorCode == -32602)
    // A change with its end before its start, past the end, to a document never opened.
    client.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": \#(quoted), "version": 2}, "contentChanges": [{"range": {"start": {"line": 5, "character": 4}, "end": {"line": 1, "character": 0}}, "text": "x"}, {"range": {"start": {"line": 9999, "character": 0}, "end": {"line": 99999, "character": 0}}, "text": "tail\n"}]}"#
    )
    client.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": "file:///never/opened.yaml", "version": 1}, "contentChanges": [{"text": "flow: X"}]}"#
    )
    #expect(client.publish()[uri] != nil)
    #expect(client.request("shutdown", "null").result == .null)
  }

  @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() throws {
    let client = try ServerHarness()
    #expect(client.request("shutdown", "null").result == .null)
    #expect(client.request("textDocument/hover", "{}").errorCode == -32600)
    client.notify("exit", "null")
    #expect(client.server.exitStatus == 0)
    let other = try ServerHarness()
    other.notify("exit", "null")
    #expect(other.server.exitStatus == 1)
  }
}

@Suite struct DocumentURITests {
  @Test func pathsGoBackAndForthThroughURIs() {
    for path in ["/tmp/a b/flow#1.yaml", "/Users/é/flöws/app.yaml", "/x/100%.yaml"] {
      #expect(DocumentURI.path(of: DocumentURI.uri(ofPath: path)) == path)
    }
    #expect(DocumentURI.path(of: "file:///tmp/a%20b.yaml") == "/tmp/a b.yaml")
    #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
    #expect(DocumentURI.path(of: "file:///bad%zz") == nil)
    #expect(DocumentURI.path(of: "file:///nul%00.yaml") == nil)
  }
}
