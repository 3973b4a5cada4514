import FlowDiff
import FlowFileSystem
import FlowSpec

/// `flowc diff OLD NEW`: what a change to a flow changes in what the app does.
enum DiffCommand: Command {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Show what a change to a flow changes in behaviour, for code review.",
    usage:
      "diff (OLD NEW | --git REF [PATHS…]) [--format text|markdown|json] [--fail-on behaviour]",
    discussion: """
      Compares two versions of a flow (two files, or two folders whose flows pair by their
      path inside them) as behaviour, not text: screens, alerts, requests, tabs, links,
      child flows, state and properties added, removed or renamed (a rename is one removed
      and one added that are alike otherwise); per screen and event, what the handler does
      before and after, guard branches and the animated flag included; nav bar changes
      field by field; alert actions and their styles; link targets. Then the checklist:
      items added, removed and renamed, its coverage, items whose steps changed, and items
      whose scenario ends differently on the new flow although their text did not change
      (each item of the old checklist is run on both versions); then the properties that
      newly fail or hold. Child flows used under the same name in both are compared too.
      With --git REF, each flow of PATHS (default flows/) is compared with itself as it is
      at that revision, read with 'git show', its child flows at the same revision. Same
      inputs, same bytes; two versions that behave alike print nothing. Exits 1 when a
      version has errors, or, with '--fail-on behaviour', when anything differs; else 0.
      """,
    options: [
      OptionSpec(
        name: "git", valueName: "REF",
        help:
          "Compare the flows in the work tree with themselves at git revision REF (HEAD~1, main)."
      ),
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help:
          "'text' (default), 'markdown' (a pull-request comment, grouped by declaration) or 'json'."
      ),
      OptionSpec(
        name: "fail-on", valueName: "WHAT",
        help: "'behaviour': exit 1 when the versions behave differently, for a CI gate."),
    ] + FlowInputs.limitOptions,
    arguments: [
      ("OLD", "The flow file as it was, or a folder of flows."),
      ("NEW", "The flow file as it is, or a folder of flows."),
      ("PATHS", "With --git: flow files or folders (default: flows/)."),
    ],
    examples: [
      "flowc diff old/shop.yaml flows/shop.yaml",
      "flowc diff old.yaml new.yaml --format markdown > comment.md",
      "flowc diff --git HEAD~1 --fail-on behaviour",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice(
      "format", among: ["text", "markdown", "json"], default: "text")
    let failOn = try arguments.value("fail-on").map { value throws(UsageError) in
      guard value == "behaviour" || value == "behavior" else {
        throw UsageError(message: "'--fail-on' takes 'behaviour', not '\(value)'")
      }
      return value
    }
    let limits = try FlowInputs.limits(arguments)
    let pairs: Pairs
    if let revision = arguments.value("git") {
      pairs = try revisionPairs(revision, arguments.positionals, limits: limits)
    } else {
      guard arguments.positionals.count == 2 else {
        throw UsageError(
          message:
            "diff takes two flow files or folders, the old version and the new one (\(arguments.positionals.count) given), or --git REF"
        )
      }
      let (oldPath, newPath) = (arguments.positionals[0], arguments.positionals[1])
      switch (FileSystem.isDirectory(oldPath), FileSystem.isDirectory(newPath)) {
      case (true, true):
        pairs = try folderPairs(oldPath, newPath, limits: limits)
      case (false, false):
        let old = try FlowInputs.load(oldPath, limits: limits)
        pairs = Pairs(pairs: [
          Pair(old: old, oldLabel: old.path, new: try FlowInputs.load(newPath, limits: limits))
        ])
      default:
        throw UsageError(message: "diff takes two flow files or two folders, not one of each")
      }
    }
    var reports: [FlowDiffReport] = []
    var graphs: [String?] = []
    var failed = false
    for pair in pairs.pairs {
      // Both versions' errors are shown, whichever has them.
      let old = version(pair.old, label: pair.oldLabel, console: console)
      let new = version(pair.new, label: pair.new.path, console: console)
      guard let old, let new else {
        failed = true
        continue
      }
      // The property searches of both versions can take a while: they say how far they are.
      let progress = VerificationProgress(console: console, mentionsInterrupt: false)
      let reporters = [
        progress.reporter(for: pair.oldLabel, verb: "diff: proving the properties of"),
        progress.reporter(for: pair.new.path, verb: "diff: proving the properties of"),
      ]
      let report = FlowDiffReport(
        old: old, new: new, progress: { isNew, searched in reporters[isNew ? 1 : 0](searched) })
      reports.append(report)
      let drawn = format == "markdown" && !report.isEmpty
      graphs.append(drawn ? DiffText.changedGraph(old: old.tree, new: new.tree) : nil)
    }
    // Flows in one version only are part of the report, first, in the format asked for.
    switch format {
    case "json": console.print(DiffText.json(reports, oneSided: pairs.notes).prettyPrinted())
    case "markdown":
      let comments = zip(reports, graphs).map { DiffText.markdown($0, graph: $1) }
      console.write(
        ([DiffText.markdown(pairs.notes)] + comments).filter { !$0.isEmpty }.joined(
          separator: "\n"))
    default:
      console.write(
        pairs.notes.map { TerminalText.line($0.text) + "\n" }.joined()
          + reports.map(DiffText.text).joined())
    }
    let differs = !pairs.notes.isEmpty || reports.contains { !$0.isEmpty }
    return failed || (failOn != nil && differs) ? .problemsFound : .success
  }

  /// Two versions of one flow file; the old one named as the report names it
  /// (`flows/shop.yaml@HEAD~1`).
  private struct Pair {
    var old: FlowDocument
    var oldLabel: String
    var new: FlowDocument
  }

  /// The versions to compare, and what is in one only (`flows/a.yaml: added since HEAD~1`).
  private struct Pairs {
    var pairs: [Pair] = []
    /// The flows in one version only: `flows/a.yaml: added since HEAD~1`.
    var notes: [OneSidedFlow] = []
  }

  /// The version's tree, text and name; `nil` (its errors printed) when it has errors.
  private static func version(_ document: FlowDocument, label: String, console: Console) -> (
    tree: FlowTree, source: SourceText, file: String
  )? {
    let consequence =
      "the versions cannot be compared" + (label == document.path ? "" : " (in \(label))")
    return FlowInputs.validTree(
      document, console: console, consequence: consequence, includingChecklist: true
    )
    .map { ($0, document.text, label) }
  }

  /// The flows of two folders paired by their path inside them, child flows compared within
  /// their parents; a flow in only one of them is a note.
  private static func folderPairs(_ old: String, _ new: String, limits: YAMLLimits)
    throws(UsageError) -> Pairs
  {
    func topLevel(_ folder: String) throws(UsageError) -> [String: FlowDocument] {
      var documents: [FlowDocument] = []
      for file in try FlowInputs.files([folder]) {
        documents.append(try FlowInputs.load(file, limits: limits))
      }
      let children = FlowInputs.childFlowPaths(of: documents)
      let prefix = folder.hasSuffix("/") ? folder : folder + "/"
      var byName: [String: FlowDocument] = [:]
      for document in documents where !children.contains(FileSystem.absolutePath(document.path)) {
        let name =
          document.path.hasPrefix(prefix)
          ? String(document.path.dropFirst(prefix.count)) : document.path
        byName[name] = document
      }
      return byName
    }
    let before = try topLevel(old)
    let after = try topLevel(new)
    var pairs = Pairs()
    for name in Set(before.keys).union(after.keys).sorted() {
      switch (before[name], after[name]) {
      case (let was?, let now?): pairs.pairs.append(Pair(old: was, oldLabel: was.path, new: now))
      case (let was?, nil):
        pairs.notes.append(OneSidedFlow(path: was.path, isAdded: false, since: "(only in \(old))"))
      case (nil, let now?):
        pairs.notes.append(OneSidedFlow(path: now.path, isAdded: true, since: "(only in \(new))"))
      case (nil, nil): break
      }
    }
    return pairs
  }

  /// Each flow of `paths` (default `flows/`) in the work tree, with itself at `revision`; a
  /// child flow of another is compared within its parent; a flow the revision does not have
  /// is said to be new.
  private static func revisionPairs(
    _ revision: String, _ paths: [String], limits: YAMLLimits
  ) throws(UsageError) -> Pairs {
    let paths = paths.isEmpty ? ["flows/"] : paths
    if paths == ["flows/"], !FileSystem.isDirectory("flows") {
      throw UsageError(
        message: "no 'flows/' folder here; give the flows to compare with \(revision)")
    }
    let git = try GitRevision(revision, near: paths[0])
    var documents: [FlowDocument] = []
    for file in try FlowInputs.files(paths) {
      documents.append(try FlowInputs.load(file, limits: limits))
    }
    let children = FlowInputs.childFlowPaths(of: documents)
    var pairs = Pairs()
    for document in documents where !children.contains(FileSystem.absolutePath(document.path)) {
      guard case .success(let bytes) = git.read(document.path) else {
        pairs.notes.append(
          OneSidedFlow(path: document.path, isAdded: true, since: "since \(revision)"))
        continue
      }
      // Read as the work tree's file, so that its child flows resolve from the same folder,
      // from the commit.
      let old = FlowDocument(bytes: bytes, path: document.path, limits: limits, files: git.files)
      pairs.pairs.append(Pair(old: old, oldLabel: document.path + "@" + revision, new: document))
    }
    // Flows the revision has and the work tree no longer does, in the folders given.
    let present = Set(documents.map { FileSystem.absolutePath($0.path) })
    for folder in paths where FileSystem.isDirectory(folder) {
      for file in git.flowFiles(under: folder)
      where !present.contains(FileSystem.absolutePath(file)) {
        pairs.notes.append(OneSidedFlow(path: file, isAdded: false, since: "since \(revision)"))
      }
    }
    return pairs
  }
}
