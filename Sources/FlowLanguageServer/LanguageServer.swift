import FlowDiagnostics
import FlowModel
import FlowSpec
public import FlowYAML

/// `flowc lsp`: a Language Server Protocol server for flows, independent of how its
/// messages travel.
///
/// It takes frames (`MessageFramer`) and gives the messages to send back, framed, to
/// `send`. Requests are answered at once; diagnostics of changed documents wait until
/// `publishPendingDiagnostics()`, which the transport calls once the client pauses, so that
/// a burst of keystrokes is analysed once.
public final class LanguageServer {
  /// What the lifecycle allows now.
  enum Phase {
    case uninitialized, running, shutDown
  }

  /// The JSON-RPC and protocol error codes used.
  enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
  }

  /// An error a request answers with.
  struct RequestError: Error {
    var code: ErrorCode
    var message: String
    init(_ code: ErrorCode, _ message: String) {
      self.code = code
      self.message = message
    }
  }

  let workspace: Workspace
  private let send: ([UInt8]) -> Void
  private var phase = Phase.uninitialized
  /// The exit status, once the client has sent `exit`: 0 after `shutdown`, 1 without.
  public private(set) var exitStatus: Int32?
  /// The URIs whose diagnostics were last published non-empty, to clear them when closed.
  private var published: Set<String> = []

  /// A server that sends each framed message with `send`, reading files with `limits`.
  public init(limits: YAMLLimits = .default, send: @escaping ([UInt8]) -> Void) {
    self.workspace = Workspace(limits: limits)
    self.send = send
  }

  /// Whether documents changed since their diagnostics were last published.
  public var hasPendingDiagnostics: Bool { !workspace.unpublished.isEmpty }

  /// Handles one frame from the client.
  public func receive(_ frame: MessageFramer.Frame) {
    switch frame {
    case .malformed(let reason):
      respond(id: .null, error: RequestError(.parseError, "malformed frame: \(reason)"))
    case .message(let bytes):
      let message: JSONValue
      do {
        message = try JSONReader.value(from: bytes)
      } catch {
        respond(id: .null, error: RequestError(.parseError, "not JSON: \(error.description)"))
        return
      }
      handle(message)
    }
  }

  private func handle(_ message: JSONValue) {
    guard case .object = message, message["jsonrpc"]?.stringValue == "2.0" else {
      respond(
        id: message["id"] ?? .null,
        error: RequestError(.invalidRequest, "a message must be a JSON-RPC 2.0 object"))
      return
    }
    let id = message["id"]
    if let id, !Self.isValidID(id) {
      respond(id: .null, error: RequestError(.invalidRequest, "an id must be a number or a string"))
      return
    }
    guard let method = message["method"]?.stringValue else {
      // A response to a request the server never sends, or nonsense: ignored if no id.
      if let id {
        respond(id: id, error: RequestError(.invalidRequest, "a request needs a method"))
      }
      return
    }
    let params = message["params"] ?? .null
    if let id {
      do {
        respond(id: id, result: try request(method, params))
      } catch {
        respond(id: id, error: error)
      }
    } else {
      notification(method, params)
    }
  }

  private static func isValidID(_ id: JSONValue) -> Bool {
    switch id {
    case .number, .tenths, .string: true
    default: false
    }
  }

  // MARK: - Requests

  private func request(_ method: String, _ params: JSONValue) throws(RequestError) -> JSONValue {
    switch phase {
    case .uninitialized where method != "initialize":
      throw RequestError(.serverNotInitialized, "the server is not initialized yet")
    case .shutDown:
      throw RequestError(.invalidRequest, "the server is shut down; only 'exit' is accepted")
    case .running where method == "initialize":
      throw RequestError(.invalidRequest, "the server is already initialized")
    default: break
    }
    switch method {
    case "initialize":
      phase = .running
      return Self.initializeResult
    case "shutdown":
      phase = .shutDown
      return .null
    case "textDocument/definition":
      let (analysis, position) = try located(params)
      return Navigation.definition(at: position, in: analysis, workspace: workspace)
    case "textDocument/references":
      let (analysis, position) = try located(params)
      let includeDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
      return Navigation.references(
        at: position, in: analysis, workspace: workspace, includeDeclaration: includeDeclaration)
    case "textDocument/prepareRename":
      let (analysis, position) = try located(params)
      return Navigation.prepareRename(at: position, in: analysis)
    case "textDocument/rename":
      let (analysis, position) = try located(params)
      guard let newName = params["newName"]?.stringValue else {
        throw RequestError(.invalidParams, "rename needs 'newName'")
      }
      return try Navigation.rename(at: position, to: newName, in: analysis, workspace: workspace)
    case "textDocument/completion":
      let (uri, position) = try textPosition(params)
      guard let document = workspace.documents[uri] else { return .null }
      // Names come from the last text that decoded: analysed now only if none has yet.
      if workspace.lastDecodedFlows[uri] == nil { _ = workspace.currentAnalysis(of: uri) }
      return Completion.items(
        at: position, text: document.text, flows: workspace.lastDecodedFlows[uri])
    case "textDocument/hover":
      let (analysis, position) = try located(params)
      return Hover.hover(at: position, in: analysis)
    case "textDocument/documentSymbol":
      let analysis = try analysed(params)
      return DocumentOutline.symbols(of: analysis)
    case "textDocument/codeAction":
      let analysis = try analysed(params)
      guard let range = ProtocolRange(json: params["range"]) else {
        throw RequestError(.invalidParams, "codeAction needs a 'range'")
      }
      return CodeActions.actions(in: range, of: analysis)
    default:
      throw RequestError(.methodNotFound, "unknown method '\(method)'")
    }
  }

  static let initializeResult: JSONValue = .object([
    (
      "capabilities",
      .object([
        ("positionEncoding", .string("utf-16")),
        (
          "textDocumentSync",
          .object([("openClose", .bool(true)), ("change", .number(2)), ("save", .bool(true))])
        ),
        ("definitionProvider", .bool(true)),
        ("referencesProvider", .bool(true)),
        ("hoverProvider", .bool(true)),
        ("documentSymbolProvider", .bool(true)),
        ("renameProvider", .object([("prepareProvider", .bool(true))])),
        ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
        (
          "completionProvider",
          .object([
            ("triggerCharacters", .array([" ", ":", "[", ",", "{", "$"].map { .string($0) }))
          ])
        ),
      ])
    ),
    ("serverInfo", .object([("name", .string("flowc")), ("version", .string(version))])),
  ])

  /// The version `initialize` reports; the command line sets it to flowc's.
  public nonisolated(unsafe) static var version = "0.1.0"

  private func textPosition(_ params: JSONValue) throws(RequestError) -> (String, ProtocolPosition)
  {
    guard let uri = params["textDocument"]?["uri"]?.stringValue,
      let position = ProtocolPosition(json: params["position"])
    else { throw RequestError(.invalidParams, "expected 'textDocument.uri' and 'position'") }
    return (uri, position)
  }

  private func analysed(_ params: JSONValue) throws(RequestError) -> Workspace.Analysis {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw RequestError(.invalidParams, "expected 'textDocument.uri'")
    }
    guard let analysis = workspace.currentAnalysis(of: uri) else {
      throw RequestError(.invalidParams, "'\(uri)' is not open")
    }
    return analysis
  }

  private func located(_ params: JSONValue) throws(RequestError) -> (
    Workspace.Analysis, SourcePosition
  ) {
    let (_, position) = try textPosition(params)
    let analysis = try analysed(params)
    return (analysis, analysis.document.text.sourcePosition(of: position))
  }

  // MARK: - Notifications

  private func notification(_ method: String, _ params: JSONValue) {
    if method == "exit" {
      exitStatus = phase == .shutDown ? 0 : 1
      return
    }
    guard phase == .running else { return }
    switch method {
    case "textDocument/didOpen":
      guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
        let text = item["text"]?.stringValue
      else { return logInvalid(method) }
      guard let path = DocumentURI.path(of: uri) else {
        return log("flowc lsp: '\(uri)' is not a file: only file URIs are checked")
      }
      workspace.open(
        uri: uri, path: path, version: item["version"]?.intValue ?? 0, text: Array(text.utf8))
    case "textDocument/didChange":
      guard let uri = params["textDocument"]?["uri"]?.stringValue,
        let changes = params["contentChanges"]?.arrayValue
      else { return logInvalid(method) }
      let version = params["textDocument"]?["version"]?.intValue ?? 0
      // Every change checked before any is made: a half-applied list, or a malformed range
      // read as the whole text, would leave this copy unlike the client's.
      var valid: [(ProtocolRange?, String)] = []
      for change in changes {
        guard let text = change["text"]?.stringValue else { return logInvalid(method) }
        let range = ProtocolRange(json: change["range"])
        if change["range"] != nil, change["range"] != .null, range == nil {
          return logInvalid(method)
        }
        valid.append((range, text))
      }
      for (range, text) in valid {
        workspace.change(uri: uri, version: version, range: range, text: text)
      }
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return logInvalid(method) }
      workspace.close(uri: uri)
      if published.remove(uri) != nil { publish(uri: uri, version: nil, diagnostics: []) }
    case "textDocument/didSave", "workspace/didChangeWatchedFiles":
      // A child flow saved, created or deleted: what reads it from disk may have changed.
      workspace.markAllStale()
    default: break
    }
  }

  private func logInvalid(_ method: String) {
    log("flowc lsp: '\(method)' without the parameters it needs; ignored")
  }

  /// A `window/logMessage` to the client.
  private func log(_ message: String) {
    sendMessage(
      .object([
        ("jsonrpc", .string("2.0")), ("method", .string("window/logMessage")),
        ("params", .object([("type", .number(3)), ("message", .string(message))])),
      ]))
  }

  // MARK: - Diagnostics

  /// Analyses the documents changed since the last call and publishes their diagnostics.
  public func publishPendingDiagnostics() {
    for uri in workspace.takeUnpublished() {
      guard let analysis = workspace.analyses[uri] else { continue }
      let text = analysis.document.text
      let diagnostics = ProtocolDiagnostics.diagnostics(of: analysis).map {
        ProtocolDiagnostics.json($0, text: text) { self.workspace.text(of: $0, in: analysis) }
      }
      publish(uri: uri, version: analysis.version, diagnostics: diagnostics)
      if diagnostics.isEmpty { published.remove(uri) } else { published.insert(uri) }
    }
  }

  private func publish(uri: String, version: Int?, diagnostics: [JSONValue]) {
    var params: [(String, JSONValue)] = [("uri", .string(uri))]
    if let version { params.append(("version", .number(version))) }
    params.append(("diagnostics", .array(diagnostics)))
    sendMessage(
      .object([
        ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
        ("params", .object(params)),
      ]))
  }

  // MARK: - Sending

  private func respond(id: JSONValue, result: JSONValue) {
    sendMessage(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
  }

  private func respond(id: JSONValue, error: RequestError) {
    sendMessage(
      .object([
        ("jsonrpc", .string("2.0")), ("id", id),
        (
          "error",
          .object([("code", .number(error.code.rawValue)), ("message", .string(error.message))])
        ),
      ]))
  }

  private func sendMessage(_ message: JSONValue) {
    send(MessageFramer.frame(Array(message.serialized().utf8)))
  }
}
