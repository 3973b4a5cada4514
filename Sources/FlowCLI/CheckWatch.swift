import FlowFileSystem
import FlowSpec

/// `flowc check --watch`: checks, then checks again on every save, printing only what
/// changed since the last run, until Ctrl-C.
enum CheckWatch {
  /// How the watched flows are checked and shown.
  struct Settings {
    var paths: [String]
    var limits: YAMLLimits
    var warningsAsErrors: Bool
    var limit: Int
  }

  static func run(_ settings: Settings, console: Console) -> ExitCode {
    console.catchInterrupts()
    var previous: [Diagnostic]?
    var stamps: [String: FileStamp] = [:]
    var children: [String] = []
    var events = FolderEvents(folders: [])
    while !console.wasInterrupted() {
      let current = snapshot(settings.paths + children)
      if current != stamps {
        let changed =
          current.keys.filter { current[$0] != stamps[$0] }
          + stamps.keys.filter { current[$0] == nil }
        let firstRun = previous == nil
        stamps = current
        events = FolderEvents(folders: folders(settings.paths + children))
        let (documents, diagnostics) = check(settings, console: console)
        children = documents.flatMap(childPaths)
        if !firstRun {
          console.printError("")
          console.printError("— changed: " + changed.sorted().joined(separator: ", "))
        }
        report(diagnostics, after: previous, documents: documents, settings, console: console)
        previous = diagnostics
        console.printError("watching for changes; Ctrl-C stops")
      }
      // An editor's save is often several writes (a temporary file, then a rename): once
      // woken, wait for a tenth of a second without events, a second at most.
      if events.wait(seconds: 0.5) {
        var quiet = 0
        while quiet < 10, events.wait(seconds: 0.1) { quiet += 1 }
      }
    }
    console.printError("")
    console.printError("flowc: stopped watching")
    return .success
  }

  /// Checks every flow the paths name; a path that cannot be read is reported, not fatal.
  private static func check(_ settings: Settings, console: Console) -> (
    [FlowDocument], [Diagnostic]
  ) {
    do {
      let documents = FlowInputs.checkAll(
        try FlowInputs.found(settings.paths), limits: settings.limits)
      return (
        documents,
        CheckCommand.diagnostics(of: documents, warningsAsErrors: settings.warningsAsErrors)
      )
    } catch {
      console.printError("flowc: error: \(error.message)")
      return ([], [])
    }
  }

  /// The first run: every diagnostic. Later runs: the new ones in full, the gone ones as
  /// fixed, then the totals.
  private static func report(
    _ diagnostics: [Diagnostic], after previous: [Diagnostic]?, documents: [FlowDocument],
    _ settings: Settings, console: Console
  ) {
    guard let previous else {
      FlowInputs.printDiagnostics(
        diagnostics, documents: documents, console: console, limit: settings.limit)
      printSummary(of: diagnostics, files: documents.count, console: console)
      return
    }
    var before = counts(previous)
    var added: [Diagnostic] = []
    for diagnostic in diagnostics {
      let key = Self.key(diagnostic)
      if let count = before[key], count > 0 {
        before[key] = count - 1
      } else {
        added.append(diagnostic)
      }
    }
    var fixed: [Diagnostic] = []
    var remaining = before
    for diagnostic in previous {
      let key = Self.key(diagnostic)
      if let count = remaining[key], count > 0 {
        remaining[key] = count - 1
        fixed.append(diagnostic)
      }
    }
    if added.isEmpty && fixed.isEmpty {
      console.printError("no new problems, none fixed")
    }
    for diagnostic in fixed {
      console.printError(
        "fixed: \(diagnostic.file):\(diagnostic.position): \(diagnostic.message)")
    }
    FlowInputs.printDiagnostics(
      added, documents: documents, console: console, limit: settings.limit)
    printSummary(of: diagnostics, files: documents.count, console: console)
  }

  /// As `check` does: the problems' count on standard output; a clean round says so on
  /// standard error, with the watch's other status lines (diagnostics alone on stdout).
  private static func printSummary(of diagnostics: [Diagnostic], files: Int, console: Console) {
    if let summary = DiagnosticPrinter.summary(of: diagnostics) {
      console.print(summary)
    } else {
      console.printError(CheckCommand.noProblems(in: files))
    }
  }

  /// A diagnostic without its place, which an edit above it moves.
  private static func key(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.file)\u{0}\(diagnostic.id.rawValue)\u{0}\(diagnostic.message)"
  }

  private static func counts(_ diagnostics: [Diagnostic]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for diagnostic in diagnostics { counts[key(diagnostic), default: 0] += 1 }
    return counts
  }

  /// The stamps of every flow file under the paths, found as `check` finds them (a file
  /// added or removed is a key more or less; a path that is gone adds nothing).
  private static func snapshot(_ paths: [String]) -> [String: FileStamp] {
    var stamps: [String: FileStamp] = [:]
    for file in paths.flatMap({ (try? FlowInputs.files([$0])) ?? [] }) {
      stamps[file] = FileSystem.stamp(file)
    }
    return stamps
  }

  /// The folders to listen to: each folder under the paths, and the folder of each file.
  private static func folders(_ paths: [String]) -> [String] {
    var folders: Set<String> = []
    // By identity too: a link to a folder above would otherwise be followed forever.
    var seen: Set<FileIdentity> = []
    var pending = paths
    while let path = pending.popLast() {
      if FileSystem.isDirectory(path) {
        guard let identity = FileSystem.identity(of: path), seen.insert(identity).inserted,
          folders.insert(path).inserted
        else { continue }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        for name in (try? FileSystem.contents(ofDirectory: path)) ?? [] where !name.hasPrefix(".") {
          if FileSystem.isDirectory(base + "/" + name) { pending.append(base + "/" + name) }
        }
      } else if let slash = path.lastIndex(of: "/") {
        folders.insert(String(path[..<slash]).isEmpty ? "/" : String(path[..<slash]))
      } else {
        folders.insert(".")
      }
    }
    return folders.sorted()
  }

  /// The files of the child flows a document uses, and theirs, each once (a file several
  /// flows use is visited once, so a diamond of uses costs its files).
  private static func childPaths(_ document: FlowDocument) -> [String] {
    var seen: Set<String> = []
    var paths: [String] = []
    var pending = document.children
    while let child = pending.popLast() {
      guard seen.insert(child.path).inserted else { continue }
      paths.append(child.path)
      pending += child.children
    }
    return paths
  }
}
