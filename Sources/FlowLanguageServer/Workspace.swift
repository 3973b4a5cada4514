public import FlowDiagnostics
import FlowFileSystem
public import FlowModel
public import FlowSpec
import FlowYAML

/// The flows a client has open, with their unsaved texts, and what the pipeline made of each:
/// the same parse, decoding, checker and checklist run as `flowc check`.
///
/// An open flow's child flows are read from the client's texts where they are open, from
/// the disk otherwise, confined to the project as `flowc check` confines them.
public final class Workspace {
  /// A document the client has open.
  public struct OpenDocument: Sendable {
    /// The client's name for it.
    public var uri: String
    /// The path the URI names.
    public var path: String
    /// The version the client gave its text.
    public var version: Int
    /// Its text, as the client last sent it.
    public var text: SourceText
  }

  /// What the pipeline made of an open document, and of the child flows it uses.
  public struct Analysis: Sendable {
    /// The client's name for the document.
    public var uri: String
    /// The document, checked, its checklist run.
    public var document: FlowDocument
    /// The version of the text analysed.
    public var version: Int
    /// Every flow file of its tree (itself first), with its text and its names.
    public var files: [String: AnalysedFile]
    /// The files in the order the tree loads them, itself first.
    public var fileOrder: [String]
  }

  /// One flow file of an analysed tree.
  public struct AnalysedFile: Sendable {
    /// The file's text.
    public var text: SourceText
    /// The decoded flow, if it decoded.
    public var flow: Flow?
    /// The names it writes.
    public var symbols: FlowSymbols?
  }

  /// The open documents, by URI.
  public private(set) var documents: [String: OpenDocument] = [:]
  /// The last analysis of each open document, by URI.
  public private(set) var analyses: [String: Analysis] = [:]
  /// The last flow each open document decoded to, kept while a half-typed text decodes to
  /// none: completion offers its names.
  public private(set) var lastDecodedFlows: [String: FlowTree] = [:]
  /// The documents whose analysis is older than their text (or their child flows'), by URI.
  public private(set) var stale: Set<String> = []
  /// The documents whose diagnostics have not been published since they were marked stale:
  /// a request that brings an analysis up to date does not publish it.
  public private(set) var unpublished: Set<String> = []

  private let limits: YAMLLimits

  /// An empty workspace; files are read with `limits`, as `flowc check` reads them.
  public init(limits: YAMLLimits = .default) {
    self.limits = limits
  }

  /// Opens a document, or replaces its text; it and the open flows that use it are stale.
  public func open(uri: String, path: String, version: Int, text: [UInt8]) {
    documents[uri] = OpenDocument(
      uri: uri, path: path, version: version, text: SourceText(bytes: text))
    markStale(path: path)
  }

  /// Applies a change the client sent: the whole text, or a range of it replaced.
  public func change(uri: String, version: Int, range: ProtocolRange?, text: String) {
    guard var document = documents[uri] else { return }
    if let range {
      let start = document.text.byteOffset(of: range.start)
      let end = max(start, document.text.byteOffset(of: range.end))
      var bytes = document.text.bytes
      bytes.replaceSubrange(start..<end, with: Array(text.utf8))
      document.text = SourceText(bytes: bytes)
    } else {
      document.text = SourceText(text)
    }
    document.version = version
    documents[uri] = document
    markStale(path: document.path)
  }

  /// Closes a document: its analysis is dropped, the flows that use it read it from disk.
  public func close(uri: String) {
    guard let document = documents.removeValue(forKey: uri) else { return }
    analyses[uri] = nil
    lastDecodedFlows[uri] = nil
    stale.remove(uri)
    unpublished.remove(uri)
    markStale(path: document.path)
  }

  /// Marks every open document stale, as when files changed on disk.
  public func markAllStale() {
    stale.formUnion(documents.keys)
    unpublished.formUnion(documents.keys)
  }

  /// Marks stale the open document at `path` and every open document whose tree holds it.
  private func markStale(path: String) {
    for (uri, document) in documents where document.path == path { stale.insert(uri) }
    for (uri, analysis) in analyses where analysis.files[path] != nil { stale.insert(uri) }
    unpublished.formUnion(stale)
  }

  /// Brings up to date every document whose diagnostics are unpublished, and returns their
  /// URIs, sorted; they count as published from then on.
  @discardableResult
  public func takeUnpublished() -> [String] {
    let uris = unpublished.sorted()
    unpublished.removeAll()
    for uri in uris { _ = currentAnalysis(of: uri) }
    return uris
  }

  /// The analysis of an open document, brought up to date first.
  public func currentAnalysis(of uri: String) -> Analysis? {
    if stale.contains(uri) {
      stale.remove(uri)
      analyse(uri)
    }
    return analyses[uri]
  }

  private func analyse(_ uri: String) {
    guard let open = documents[uri] else { return }
    let document = FlowDocument(
      bytes: open.text.bytes, path: open.path, limits: limits, files: files
    )
    .runningChecklist()
    var files: [String: AnalysedFile] = [:]
    var order: [String] = []
    func add(_ document: FlowDocument) {
      guard files[document.path] == nil else { return }
      files[document.path] = AnalysedFile(
        text: document.text, flow: document.flow,
        symbols: document.flow.map { FlowSymbols(flow: $0, text: document.text) })
      order.append(document.path)
      for child in document.children { add(child) }
    }
    add(document)
    analyses[uri] = Analysis(
      uri: uri, document: document, version: open.version, files: files, fileOrder: order)
    // A YAML file that is not a flow (a CI workflow, a config) offers no flow's names.
    if let tree = document.tree, document.topLevel != .otherYAML { lastDecodedFlows[uri] = tree }
  }

  /// The files child flows are read from: the client's open texts first, then the disk.
  private var files: FlowFiles {
    // By the path the client names and by the real one, which the confinement reads (on
    // macOS, /tmp is /private/tmp).
    var overlay: [String: [UInt8]] = [:]
    for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
      if overlay[document.path] == nil { overlay[document.path] = document.text.bytes }
      if case .success(let real) = FileSystem.realPath(document.path), overlay[real] == nil {
        overlay[real] = document.text.bytes
      }
    }
    var files = FlowFiles.disk
    let disk = files.read
    let texts = overlay
    files.read = { path, limit in
      if let bytes = texts[path] {
        return bytes.count <= limit
          ? .success(bytes)
          : .failure(
            FileError(
              path: path, reason: "it is \(bytes.count) bytes, more than the limit of \(limit)"))
      }
      return disk(path, limit)
    }
    return files
  }

  /// The open document at a path, if the client has it open.
  public func uri(ofOpenPath path: String) -> String? {
    documents.values.first { $0.path == path }?.uri
  }

  /// The text of a file of an analysis, or of an open document.
  func text(of file: String, in analysis: Analysis) -> SourceText? {
    analysis.files[file]?.text ?? documents.values.first { $0.path == file }?.text
  }
}
