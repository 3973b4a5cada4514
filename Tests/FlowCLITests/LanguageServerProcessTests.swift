import FlowDiagnostics
import FlowLanguageServer
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// The built `flowc lsp`, spoken to over its standard streams with raw JSON-RPC frames.
final class LanguageServerProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private let arrived = DispatchSemaphore(value: 0)
  private var framer = MessageFramer()
  /// Every message read so far.
  private(set) var messages: [JSONValue] = []

  init(arguments: [String] = ["lsp"]) throws {
    process.executableURL = productsDirectory.appendingPathComponent("flowc")
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      self.lock.lock()
      self.bytes += data
      self.lock.unlock()
      self.arrived.signal()
    }
    try process.run()
  }

  /// Writes bytes to the server's standard input.
  func write(_ raw: [UInt8]) {
    input.fileHandleForWriting.write(Data(raw))
  }

  func send(_ json: String) { write(MessageFramer.frame(Array(json.utf8))) }

  /// The first message read that satisfies `predicate`, waiting at most `seconds`.
  func waitFor(seconds: Double = 30, _ predicate: (JSONValue) -> Bool) -> JSONValue? {
    let deadline = Date().addingTimeInterval(seconds)
    var checked = 0
    while true {
      lock.lock()
      framer.receive(bytes)
      bytes.removeAll()
      lock.unlock()
      while let frame = framer.nextFrame() {
        if case .message(let content) = frame, let message = try? JSONReader.value(from: content) {
          messages.append(message)
        } else {
          messages.append(.string("malformed frame from the server"))
        }
      }
      while checked < messages.count {
        if predicate(messages[checked]) { return messages[checked] }
        checked += 1
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      _ = arrived.wait(timeout: .now() + min(left, 0.5))
    }
  }

  /// Closes the server's input and waits for it to end (killing it after `seconds`).
  func finish(seconds: Double = 20) -> Int32? {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    guard !process.isRunning else {
      process.terminate()
      return nil
    }
    output.fileHandleForReading.readabilityHandler = nil
    return process.terminationStatus
  }
}

@Suite struct LanguageServerProcessTests {
  @Test func aSessionOverStdioFromInitializeToExit() throws {
    let folder = try TemporaryFolder()
    let text = try String(contentsOfFile: TestFlows.fixture("lsp/misspelt.yaml"), encoding: .utf8)
    let path = try folder.write("misspelt.yaml", text)
    let uri = DocumentURI.uri(ofPath: path)
    let server = try LanguageServerProcess()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    let initialized = try #require(server.waitFor { $0["id"] == .number(1) })
    #expect(initialized["result"]?["capabilities"]?["definitionProvider"] == .bool(true))
    server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    server.send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(JSONValue.string(uri).serialized()),"languageId":"yaml","version":1,"text":\#(JSONValue.string(text).serialized())}}}"#
    )
    let published = try #require(
      server.waitFor { $0["method"]?.stringValue == "textDocument/publishDiagnostics" })
    let codes = published["params"]?["diagnostics"]?.arrayValue?.compactMap {
      $0["code"]?.stringValue
    }
    let expected = FlowDocument(source: text, path: path).runningChecklist().diagnostics.map(
      \.id.rawValue)
    #expect(codes == expected)
    #expect(codes?.contains("check.unknown-screen") == true)
    // A malformed frame and an unknown method get errors, and the server goes on.
    server.write(Array("Content-Length: nope\r\n\r\n".utf8))
    #expect(server.waitFor { $0["error"]?["code"] == .number(-32700) } != nil)
    server.send(#"{"jsonrpc":"2.0","id":2,"method":"flowspec/unknown","params":{}}"#)
    #expect(server.waitFor { $0["id"] == .number(2) }?["error"]?["code"] == .number(-32601))
    server.send(
      #"{"jsonrpc":"2.0","id":3,"method":"textDocument/definition","params":{"textDocument":{"uri":\#(JSONValue.string(uri).serialized())},"position":{"line":9,"character":27}}}"#
    )
    let definition = try #require(server.waitFor { $0["id"] == .number(3) })
    #expect(definition["result"]?.arrayValue?.first?["range"]?["start"]?["line"] == .number(3))
    server.send(#"{"jsonrpc":"2.0","id":4,"method":"shutdown","params":null}"#)
    #expect(server.waitFor { $0["id"] == .number(4) }?["result"] == .null)
    server.send(#"{"jsonrpc":"2.0","method":"exit","params":null}"#)
    #expect(server.finish() == 0)
  }

  @Test func theEndOfInputWithoutShutdownEndsWithOne() throws {
    let server = try LanguageServerProcess()
    server.write(Array("Content-Length: 5\r\n\r\n{\"a\"".utf8))
    #expect(server.finish() == 1)
  }

  @Test func lspTakesNoArguments() throws {
    let result = try flowcBinary(["lsp", "flows/"])
    #expect(result.status == 2)
    #expect(result.errors.contains("lsp takes no arguments"))
  }

  @Test(ExternalProgram.neovim.needed)
  func neovimsBuiltInClientGetsDiagnosticsDefinitionAndCompletion() throws {
    let nvim = try #require(
      ExternalProgram.neovim.path, "neovim is required here but not installed")
    let folder = try TemporaryFolder()
    let text = try String(contentsOfFile: TestFlows.fixture("lsp/misspelt.yaml"), encoding: .utf8)
    let flow = try folder.write("misspelt.yaml", text)
    let out = folder.path + "/out.txt"
    let script = TestFlows.fixture("lsp/neovim-client.lua")
    var environment = ProcessInfo.processInfo.environment
    environment["FLOWSPEC_FLOWC"] = productsDirectory.appendingPathComponent("flowc").path
    environment["FLOWSPEC_FLOW"] = flow
    environment["FLOWSPEC_LSP_OUT"] = out
    environment["HOME"] = folder.path
    environment["XDG_STATE_HOME"] = folder.path
    environment["XDG_DATA_HOME"] = folder.path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: nvim)
    process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + script]
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(90)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
      process.terminate()
      Issue.record("Neovim did not finish within 90 s")
      return
    }
    let got = try String(contentsOfFile: out, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let document = FlowDocument(source: text, path: flow).runningChecklist()
    let diagnostics = document.diagnostics.map {
      "diagnostic \($0.position.line):\($0.position.column) \($0.id.rawValue) \($0.message)"
    }
    #expect(
      got == diagnostics + ["definition misspelt.yaml 4:3", "completion Infos,Login"])
  }
}
