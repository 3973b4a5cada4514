import FlowFileSystem
import FlowSpec

/// `flowc init [DIR]`: a first flow and a test target wired to the build plugin, in a new
/// package or in an existing one.
enum InitCommand: Command {
  static let spec = CommandSpec(
    name: "init",
    abstract: "Start a package with a first flow and a test target that runs its checklist.",
    usage: "init [DIR] [--flowspec PATH|URL] [--name NAME]",
    discussion: """
      In a folder without Package.swift (created if missing), writes a new Swift package
      that depends on flowspec; in an existing package, writes what it lacks and prints the
      lines to add to its Package.swift. Either way: flows/app.yaml (a root screen, a pushed
      screen, an alert, and a three-item checklist that passes and covers all of it), and a
      test target, Tests/<Name>FlowTests, wired to FlowSpecPlugin with its flowspec.json and
      the one Swift file SwiftPM needs (a test target whose only inputs are flows is
      refused with "C language in tests is not yet supported").

      Nothing is overwritten: when any of those files exists, flowc says which and writes
      nothing. The package depends on the flowspec checkout this flowc was built from,
      unless --flowspec gives another checkout's path or a Git URL.
      """,
    options: [
      OptionSpec(
        name: "flowspec", valueName: "PATH|URL",
        help: "The flowspec package to depend on: a checkout's path, or a Git URL."),
      OptionSpec(
        name: "name", valueName: "NAME",
        help: "The new package's name (default: the folder's name)."),
    ],
    arguments: [("DIR", "The package's folder (default: the current folder).")],
    examples: ["flowc init MyApp", "flowc init --flowspec https://github.com/me/flowspec.git"])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    guard arguments.positionals.count <= 1 else {
      throw UsageError(message: "init takes one folder")
    }
    let folder = arguments.positionals.first ?? "."
    if FileSystem.exists(folder), !FileSystem.isDirectory(folder) {
      throw UsageError(message: "'\(folder)' is a file, not a folder")
    }
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    // Paths in the package are relative to it, so it builds wherever both are moved together.
    let packageFolder = FileSystem.absolutePath(ofPossiblyMissing: base)
    let dependency = try dependency(arguments.value("flowspec"))
    let manifestPath = base + "/Package.swift"
    let isNewPackage = !FileSystem.exists(manifestPath)
    let folderName =
      FileSystem.absolutePath(folder).split(separator: "/").last.map(String.init) ?? "App"
    let starter = StarterPackage(
      name: arguments.value("name") ?? folderName,
      dependency: dependency.relative(to: packageFolder),
      schemaPath: schemaPath(of: dependency).map {
        FileSystem.relativePath(to: $0, from: packageFolder + "/flows")
      })
    var files = starter.files
    if isNewPackage { files.insert(("Package.swift", starter.manifest), at: 0) }
    let existing = files.map(\.path).filter { FileSystem.exists(base + "/" + $0) }
    guard existing.isEmpty else {
      console.printError(
        "flowc: error: nothing was written: '\(base)' already has "
          + existing.map { "'\($0)'" }.joined(separator: ", "))
      return .problemsFound
    }
    guard let written = writeAllOrNothing(files, into: base, console: console) else {
      return .problemsFound
    }
    for full in written { console.print("created \(TerminalText.line(full))") }
    if !isNewPackage {
      console.print(
        "\nAdd flowspec to '\(manifestPath)' (unless it is there already):\n  dependencies: "
          + starter.dependency.manifestEntry + "\n  targets:\n"
          + starter.testTargetEntry.split(separator: "\n").map { "    " + $0 }.joined(
            separator: "\n"))
    }
    printNextSteps(in: folder, console: console)
    if case .path(let path) = starter.dependency {
      console.print(
        "\nThe package depends on the flowspec checkout at '\(path)' (relative to it); for a released flowspec, run init with --flowspec GIT-URL, or write .package(url: GIT-URL, from: \"\(FlowCLI.version)\") in its Package.swift."
      )
    }
    return .success
  }

  /// Writes the files below `base`, returning their paths; all or nothing: a file that
  /// cannot be written takes back the files and folders this run made (and says why), so the
  /// next run, once the cause is fixed, starts from the same place.
  private static func writeAllOrNothing(
    _ files: [(path: String, contents: String)], into base: String, console: Console
  ) -> [String]? {
    var written: [String] = []
    var createdFolders: [String] = []
    for (path, contents) in files {
      let full = base + "/" + path
      do {
        if let slash = full.lastIndex(of: "/") {
          createdFolders += try FileSystem.createDirectory(String(full[..<slash]))
        }
        try FileSystem.writeAtomically(Array(contents.utf8), to: full)
        written.append(full)
      } catch {
        written.reversed().forEach(FileSystem.removeFile)
        createdFolders.reversed().forEach(FileSystem.removeEmptyDirectory)
        console.printError(
          "flowc: error: cannot write '\(full)': \(error.reason); nothing was written")
        return nil
      }
    }
    return written
  }

  /// What to run next in the new package's folder.
  private static func printNextSteps(in folder: String, console: Console) {
    let test = (folder == "." ? "" : "cd \(Self.shellWord(folder)) && ") + "swift test"
    let coverage = "flowc coverage flows/"
    let width = max(test.count, coverage.count) + 2
    console.print("\nNext:")
    console.print(
      "  " + CoverageText.padded(test, to: width)
        + "# builds, and runs the checklist's 3 items as tests")
    console.print(
      "  " + CoverageText.padded(coverage, to: width)
        + "# what the checklist exercises, as the flow grows")
  }

  /// The flowspec package to depend on: `--flowspec`, or the checkout this flowc was built
  /// from when it is still there.
  private static func dependency(_ given: String?) throws(UsageError) -> StarterPackage.Dependency {
    if let given {
      if given.contains("://") || given.hasPrefix("git@") {
        return .url(given, from: FlowCLI.version)
      }
      guard FileSystem.exists(given + "/Package.swift") else {
        throw UsageError(message: "'\(given)' is not a flowspec checkout (it has no Package.swift)")
      }
      return .path(FileSystem.absolutePath(given))
    }
    guard let checkout = builtFromCheckout else {
      throw UsageError(
        message:
          "this flowc was not built from a flowspec checkout on this machine; give --flowspec PATH or URL"
      )
    }
    return .path(checkout)
  }

  /// The flowspec checkout this source file was compiled in, if it is still there.
  private static var builtFromCheckout: String? {
    let source = #filePath
    guard let range = source.firstRange(of: "/Sources/FlowCLI/") else {
      return nil
    }
    let root = String(source[..<range.lowerBound])
    guard FileSystem.exists(root + "/Package.swift"), FileSystem.exists(root + "/Plugins") else {
      return nil
    }
    return root
  }

  /// The schema a path dependency ships, for the flow's editor modeline.
  private static func schemaPath(of dependency: StarterPackage.Dependency) -> String? {
    guard case .path(let root) = dependency else { return nil }
    let schema = root + "/schema/flow.schema.json"
    return FileSystem.exists(schema) ? schema : nil
  }

  /// `path` as one word a POSIX shell reads back as it is, and `cd` takes as a folder: as
  /// written when it holds only letters, digits and `-_./`, else in single quotes (a quote in
  /// it as `'\''`), or as `$'…'` when it holds a control character; `./` before a name that
  /// starts with `-`, which `cd` would read as an option.
  static func shellWord(_ path: String) -> String {
    let path = path.hasPrefix("-") ? "./" + path : path
    let plain = path.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./".unicodeScalars.contains($0)
    }
    if plain, !path.isEmpty { return path }
    guard path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return "'"
        + path.split(separator: "'", omittingEmptySubsequences: false).joined(
          separator: "'\\''") + "'"
    }
    var quoted = "$'"
    for scalar in path.unicodeScalars {
      switch scalar {
      case "'": quoted += "\\'"
      case "\\": quoted += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        quoted += "\\x" + (hex.count == 1 ? "0" : "") + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "'"
  }

}
