import FlowDiagnostics
import FlowModel
import FlowSpec

/// Go to definition, find references and rename: the occurrences of one name across a flow,
/// its child flows, and the open flows that use it.
enum Navigation {
  /// Where the name at `position` is declared: a screen's, alert's, request's, tab's,
  /// state's, property's or link variable's key, an event's handlers, a child flow's file.
  static func definition(
    at position: SourcePosition, in analysis: Workspace.Analysis, workspace: Workspace
  ) -> JSONValue {
    let path = analysis.document.path
    if let flow = analysis.document.flow,
      let use = flow.uses.first(where: { contains($0.path.range, position) })
    {
      return childFile(use, of: path, in: analysis)
    }
    guard let occurrence = analysis.files[path]?.symbols?.occurrence(at: position) else {
      return .null
    }
    if occurrence.kind == .childFlow, let flow = analysis.document.flow,
      let use = flow.uses.first(where: { $0.name.value == occurrence.name })
    {
      return childFile(use, of: path, in: analysis)
    }
    let declarations = occurrences(of: occurrence, around: analysis, workspace: workspace)
      .filter(\.isDeclaration)
    guard !declarations.isEmpty else { return .null }
    return .array(
      declarations.compactMap { location(of: $0, analysis: analysis, workspace: workspace) })
  }

  /// Every place the name at `position` is written.
  static func references(
    at position: SourcePosition, in analysis: Workspace.Analysis, workspace: Workspace,
    includeDeclaration: Bool
  ) -> JSONValue {
    guard let occurrence = analysis.files[analysis.document.path]?.symbols?.occurrence(at: position)
    else { return .array([]) }
    let found = occurrences(of: occurrence, around: analysis, workspace: workspace)
      .filter { includeDeclaration || !$0.isDeclaration }
    return .array(found.compactMap { location(of: $0, analysis: analysis, workspace: workspace) })
  }

  /// The name at `position` and its span, when it can be renamed.
  static func prepareRename(at position: SourcePosition, in analysis: Workspace.Analysis)
    -> JSONValue
  {
    guard let occurrence = analysis.files[analysis.document.path]?.symbols?.occurrence(at: position)
    else { return .null }
    return .object([
      ("range", analysis.document.text.protocolRange(of: occurrence.range).json),
      ("placeholder", .string(occurrence.name)),
    ])
  }

  /// The edits that rename the name at `position` everywhere it is written.
  static func rename(
    at position: SourcePosition, to newName: String, in analysis: Workspace.Analysis,
    workspace: Workspace
  ) throws(LanguageServer.RequestError) -> JSONValue {
    guard let occurrence = analysis.files[analysis.document.path]?.symbols?.occurrence(at: position)
    else {
      throw LanguageServer.RequestError(.requestFailed, "there is no name here to rename")
    }
    if let problem = problem(renaming: occurrence, to: newName) {
      throw LanguageServer.RequestError(.requestFailed, problem)
    }
    let everything = allOccurrences(around: analysis, workspace: workspace)
    if newName != occurrence.name,
      everything.contains(where: {
        $0.isDeclaration && $0.kind == occurrence.kind && $0.name == newName
          && $0.scope == occurrence.scope
      })
    {
      throw LanguageServer.RequestError(
        .requestFailed, "a \(occurrence.kind.noun) named '\(newName)' already exists")
    }
    var edits: [String: [JSONValue]] = [:]
    // One edit a place: a name two rules both collect (overlapping edits are refused).
    var places: [String: Set<SourcePosition>] = [:]
    for found in everything where found.sameSymbol(as: occurrence) {
      // An occurrence read from an older text than the one edited is left out, not misplaced.
      guard let text = text(of: found.file, analysis: analysis, workspace: workspace),
        text.text(of: found.range) == found.name,
        places[found.file, default: []].insert(found.range.start).inserted
      else { continue }
      edits[found.file, default: []].append(
        .object([
          ("range", text.protocolRange(of: found.range).json), ("newText", .string(newName)),
        ]))
    }
    return .object([
      (
        "changes",
        .object(
          edits.keys.sorted().map { file in
            (uri(of: file, workspace: workspace), .array(edits[file]!))
          })
      )
    ])
  }

  /// Why `newName` cannot replace the name, or `nil` when it can: it must read back as the
  /// same plain YAML scalar, and, but for a property's, be one word, as step lines parse it.
  static func problem(renaming occurrence: SymbolOccurrence, to newName: String) -> String? {
    guard !newName.isEmpty else { return "a name cannot be empty" }
    guard Value.yamlText(newName) == newName, !newName.hasPrefix("."), !newName.hasSuffix(" ")
    else { return "'\(newName)' would need quotes in YAML; choose a plain name" }
    if occurrence.kind != .property, newName.contains(" ") {
      return "a \(occurrence.kind.noun)'s name is one word; '\(newName)' has spaces"
    }
    return nil
  }

  /// The occurrences of the same name in every file `analysis` reads and every open flow
  /// whose tree holds its document, in file order, each place once.
  static func occurrences(
    of occurrence: SymbolOccurrence, around analysis: Workspace.Analysis, workspace: Workspace
  ) -> [SymbolOccurrence] {
    allOccurrences(around: analysis, workspace: workspace).filter { $0.sameSymbol(as: occurrence) }
  }

  private static func allOccurrences(
    around analysis: Workspace.Analysis, workspace: Workspace
  ) -> [SymbolOccurrence] {
    var files = analysis.files
    let path = analysis.document.path
    for other in workspace.analyses.values where other.files[path] != nil {
      files.merge(other.files) { mine, _ in mine }
    }
    var seen: Set<SymbolOccurrence> = []
    return files.keys.sorted().flatMap { files[$0]?.symbols?.occurrences ?? [] }
      .filter { seen.insert($0).inserted }
  }

  private static func text(
    of file: String, analysis: Workspace.Analysis, workspace: Workspace
  ) -> SourceText? {
    if let text = workspace.text(of: file, in: analysis) { return text }
    for other in workspace.analyses.values {
      if let text = other.files[file]?.text { return text }
    }
    return nil
  }

  private static func location(
    of occurrence: SymbolOccurrence, analysis: Workspace.Analysis, workspace: Workspace
  ) -> JSONValue? {
    guard let text = text(of: occurrence.file, analysis: analysis, workspace: workspace) else {
      return nil
    }
    return .object([
      ("uri", .string(uri(of: occurrence.file, workspace: workspace))),
      ("range", text.protocolRange(of: occurrence.range).json),
    ])
  }

  /// The client's URI for a file: the one it opened it by, or the file's own.
  static func uri(of file: String, workspace: Workspace) -> String {
    workspace.uri(ofOpenPath: file) ?? DocumentURI.uri(ofPath: file)
  }

  /// A child flow's file, when the analysis loaded it: a path the confinement refused (outside
  /// the project, absolute) leads nowhere.
  private static func childFile(_ use: FlowUse, of path: String, in analysis: Workspace.Analysis)
    -> JSONValue
  {
    let file = FlowFiles.resolve(use.path.value, from: path)
    return analysis.files[file] == nil ? .null : fileLocation(file)
  }

  private static func fileLocation(_ file: String) -> JSONValue {
    let start = ProtocolPosition(line: 0, character: 0)
    return .object([
      ("uri", .string(DocumentURI.uri(ofPath: file))),
      ("range", ProtocolRange(start: start, end: start).json),
    ])
  }

  static func contains(_ range: SourceRange, _ position: SourcePosition) -> Bool {
    range.start <= position && position <= range.end
  }
}
