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
    var flows = Self.flowFiles(in: directory)
    let configuration = directory.appending(path: "flowspec.json")
    let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
    if hasConfiguration {
      flows += try Self.namedFlows(in: configuration, relativeTo: directory)
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
        "the tests FlowSpecPlugin generates for '\(target.name)' import FlowSpec: add .product(name: \"FlowSpec\", package: \"flowspec\") to its dependencies"
      )
    }
    var stems: [String: URL] = [:]
    for flow in flows {
      let stem = flow.deletingPathExtension().lastPathComponent
      if let other = stems[stem] {
        Diagnostics.error(
          "'\(flow.path)' and '\(other.path)' would generate the same test suite; rename one of them"
        )
      }
      stems[stem] = flow
    }
    let flowc = try context.tool(named: "flowc")
    let output = context.pluginWorkDirectoryURL
    // An app target gets the flows' routes (the Route enum, the deep-link parser, the event
    // names); a test target gets the checklists' tests.
    let isApp = target.kind != .test
    return flows.map { flow in
      let stem = flow.deletingPathExtension().lastPathComponent
      let generated = output.appending(path: stem + (isApp ? ".routes.swift" : ".checklist.swift"))
      return .buildCommand(
        displayName: (isApp ? "Generating routes from " : "Generating checklist tests from ")
          + flow.lastPathComponent,
        executable: flowc.url,
        arguments: ["gen", flow.path, "--output-file", generated.path]
          + (isApp ? ["--routes"] : hasConfiguration ? ["--config", configuration.path] : []),
        // Every flow the target knows, not just this one: a flow's child flows (`use:`) are
        // embedded in its tests, so editing a child must regenerate its parents' tests.
        inputFiles: flows + (hasConfiguration ? [configuration] : []),
        outputFiles: [generated])
    }
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

  /// The flows `flowspec.json` names: files, or folders of flows.
  static func namedFlows(in configuration: URL, relativeTo directory: URL) throws -> [URL] {
    struct Configuration: Decodable { var flows: [String]? }
    let data = try Data(contentsOf: configuration)
    guard let names = try? JSONDecoder().decode(Configuration.self, from: data).flows ?? [] else {
      Diagnostics.error(
        "\(configuration.path) must be a JSON object such as { \"flows\": [\"../../flows\"] }")
      return []
    }
    var flows: [URL] = []
    for name in names {
      let url = (name.hasPrefix("/") ? URL(fileURLWithPath: name) : directory.appending(path: name))
        .standardizedFileURL
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        Diagnostics.error("\(configuration.path) names '\(name)', but there is no \(url.path)")
        continue
      }
      flows += isDirectory.boolValue ? flowFiles(in: url) : [url]
    }
    return flows
  }

  static func unique(_ flows: [URL]) -> [URL] {
    var seen: Set<String> = []
    return flows.filter { seen.insert($0.path).inserted }
  }

  /// Whether the target depends on the FlowSpec library, directly or through another target.
  static func dependsOnFlowSpec(_ target: SourceModuleTarget) -> Bool {
    target.recursiveTargetDependencies.contains { $0.name == "FlowSpec" }
  }
}
