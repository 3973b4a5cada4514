import Foundation
import PackagePlugin

/// Generates Swift Testing cases from flows' checklists on every build.
///
/// Apply it to a test target that depends on `FlowSpec`. It finds the flows the target
/// contains (`*.yaml`, `*.yml` anywhere in its folder) and the flows it names in a
/// `flowspec.json` beside its sources, `{ "flows": ["../../flows"] }` (files or folders,
/// relative to the target's folder), and runs `flowc gen` on each into the build folder, so
/// no generated file is ever committed.
@main
struct FlowSpecPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let directory = target.directoryURL
    // The target's own YAML files, as SwiftPM lists them: what its manifest excludes is gone.
    var flows = target.sourceFiles.map(\.url.standardizedFileURL)
      .filter { ["yaml", "yml"].contains($0.pathExtension) }
      .sorted { $0.path < $1.path }
    let configuration = directory.appending(path: "flowspec.json")
    let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
    if hasConfiguration {
      let named = try Self.readConfiguration(
        configuration, relativeTo: directory,
        within: context.package.directoryURL.standardizedFileURL.resolvingSymlinksInPath())
      flows += named.flows
      flows = flows.filter { flow in !named.excluded.contains { Self.isInside(flow, $0) } }
      Self.warnAboutUnwatchedFolders(named.folders, of: target, in: context.package)
    }
    flows = Self.unique(flows)
    guard !flows.isEmpty else {
      Diagnostics.error(
        """
        FlowSpecPlugin found no flows for target '\(target.name)'. Put flow files (*.yaml) in \
        \(directory.path), or name them in \(configuration.path), such as \
        { "flows": ["../../flows"] } (paths relative to the target's folder).
        """)
      return []
    }
    if target.kind == .test, !Self.dependsOnFlowSpec(target) {
      Diagnostics.error(
        "the tests FlowSpecPlugin generates for '\(target.name)' import FlowSpec and FlowSpecTesting: add .product(name: \"FlowSpec\", package: \"flowspec\") to its dependencies"
      )
    }
    let flowc = try context.tool(named: "flowc")
    let output = context.pluginWorkDirectoryURL
    // An app target gets the flows' routes (the Route enum, the deep-link parser, the event
    // names); a test target gets the checklists' tests.
    let isApp = target.kind != .test
    let stems = Self.uniqueStems(flows)
    let generated = flows.map { flow in
      output.appending(path: stems[flow]! + (isApp ? ".routes.swift" : ".checklist.swift"))
    }
    // One command for the target's flows: each is read once per build, its name checked
    // against the others' without reading them again. Every flow is an input of it anyway: a
    // flow's child flows (`use:`) are embedded in its tests, so editing a child must
    // regenerate its parents' tests. A file whose bytes are unchanged is not rewritten, so
    // the build recompiles only what changed.
    return [
      .buildCommand(
        displayName: (isApp ? "Generating routes for " : "Generating checklist tests for ")
          + target.name,
        executable: flowc.url,
        // flowc reads flowspec.json whole, refusing what it does not know: this plugin reads
        // only the paths it needs to plan, so every target's build runs that check.
        arguments: ["gen"] + flows.map(\.path)
          + generated.flatMap { ["--output-file", $0.path] } + ["--skip-non-flows"]
          + (isApp ? ["--routes"] : [])
          + (hasConfiguration ? ["--config", configuration.path] : []),
        inputFiles: flows + (hasConfiguration ? [configuration] : []),
        outputFiles: generated)
    ]
  }

  /// Every `*.yaml` and `*.yml` file below a folder, hidden folders skipped, sorted.
  static func flowFiles(in directory: URL) -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
      )
    else { return [] }
    var files: [URL] = []
    for case let url as URL in enumerator where ["yaml", "yml"].contains(url.pathExtension) {
      files.append(url.standardizedFileURL)
    }
    return files.sorted { $0.path < $1.path }
  }

  /// What `flowspec.json` says: the flows it names (files, or folders of flows), those
  /// folders, and the paths its `exclude` leaves out, all relative to the target's folder.
  ///
  /// `flowspec.json` arrives in pull requests like the flows: a path it names must be
  /// relative and stay inside the package (links followed), or the build fails saying so.
  static func readConfiguration(
    _ configuration: URL, relativeTo directory: URL, within package: URL
  ) throws -> (flows: [URL], folders: [URL], excluded: [URL]) {
    struct Configuration: Decodable {
      var flows: [String]?
      var exclude: [String]?
    }
    let data = try Data(contentsOf: configuration)
    guard let decoded = try? JSONDecoder().decode(Configuration.self, from: data) else {
      Diagnostics.error(
        "\(configuration.path) must be a JSON object such as { \"flows\": [\"../../flows\"], \"exclude\": [\"Fixtures\"] } (lists of paths)"
      )
      return ([], [], [])
    }
    func resolve(_ name: String) -> URL {
      (name.hasPrefix("/") ? URL(fileURLWithPath: name) : directory.appending(path: name))
        .standardizedFileURL
    }
    var flows: [URL] = []
    var folders: [URL] = []
    for name in decoded.flows ?? [] {
      let url = resolve(name)
      guard !name.hasPrefix("/"), isInside(url.resolvingSymlinksInPath(), package) else {
        Diagnostics.error(
          "\(configuration.path) names '\(name)', which is not inside the package (\(package.path)): name flows by paths relative to the target's folder, inside the package"
        )
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        Diagnostics.error("\(configuration.path) names '\(name)', but there is no \(url.path)")
        continue
      }
      if isDirectory.boolValue {
        folders.append(url)
        flows += flowFiles(in: url)
      } else {
        flows.append(url)
      }
    }
    return (flows, folders, (decoded.exclude ?? []).map(resolve))
  }

  /// Whether a file is a path or lies below it.
  static func isInside(_ file: URL, _ path: URL) -> Bool {
    file.path == path.path || file.path.hasPrefix(path.path + "/")
  }

  /// SwiftPM re-plans a build, and so sees flows added to or removed from a folder, only for
  /// folders inside a target; a named folder outside every target gets a warning saying so.
  static func warnAboutUnwatchedFolders(
    _ folders: [URL], of target: SourceModuleTarget, in package: Package
  ) {
    let targetFolders = package.targets.map(\.directoryURL.standardizedFileURL)
    for folder in folders where !targetFolders.contains(where: { isInside(folder, $0) }) {
      Diagnostics.warning(
        """
        \(folder.path) is outside every target's folder, and SwiftPM does not watch such a \
        folder: a flow added there gets tests, and a flow removed stops breaking the build, \
        only once Package.swift or a target's folder changes (touch \(target.directoryURL.path)). \
        Flows inside the target's folder are always seen.
        """)
    }
  }

  /// A name for each flow's generated file, its file name without extension, unique in the
  /// target even without case (a module's source files need distinct names): a later flow
  /// with a name already taken gets `-2`, `-3`….
  static func uniqueStems(_ flows: [URL]) -> [URL: String] {
    var taken: Set<String> = []
    var stems: [URL: String] = [:]
    for flow in flows {
      let stem = flow.deletingPathExtension().lastPathComponent
      var unique = stem
      var number = 2
      while !taken.insert(unique.lowercased()).inserted {
        unique = "\(stem)-\(number)"
        number += 1
      }
      stems[flow] = unique
    }
    return stems
  }

  static func unique(_ flows: [URL]) -> [URL] {
    var seen: Set<String> = []
    return flows.filter { seen.insert($0.path).inserted }
  }

  /// Whether the target depends on the FlowSpec library's two modules (its product has
  /// both), directly or through another target.
  static func dependsOnFlowSpec(_ target: SourceModuleTarget) -> Bool {
    let names = Set(target.recursiveTargetDependencies.map(\.name))
    return names.contains("FlowSpec") && names.contains("FlowSpecTesting")
  }
}
