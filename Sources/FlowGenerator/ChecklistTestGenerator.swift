public import FlowDiagnostics
public import FlowModel

/// Renders a flow's checklist as Swift Testing source: a `@Suite` per section and one
/// `@Test` per item, named by the item's text, with the item's steps above it as comments.
///
/// Each test body is one call that replays the item's scenario in the library and records
/// every failed expectation at its line in the YAML: measured on the development machine,
/// each `#expect` would add about twice a test's own build time, so none are generated.
/// The flow's text is embedded, so the tests run from any folder. The output depends only
/// on its inputs: the same flow gives the same bytes.
public enum ChecklistTestGenerator {
  /// What the generator needs besides the flow.
  public struct Options: Sendable {
    /// The flow file's path as failures should report it (absolute, for editors).
    public var filePath: String
    /// The name of the generated top-level suite type.
    public var typeName: String
    /// The child flows' files (absolute paths, as the flow's `use:` resolves them from
    /// `filePath`) and their texts, embedded beside the flow's.
    public var files: [(path: String, text: String)]

    /// The type of the test target that drives the app's own navigation code
    /// (`FlowDriver`): with one, each item runs against the app too, and the flow is explored.
    public var driver: SwiftTypeReference?
    /// How far the exploration goes.
    public var exploration: Exploration
    /// How far the exploration goes: events, seed, how many findings, which are accepted.
    public struct Exploration: Sendable {
      /// How many events the random walks send, after each transition's shortest path.
      public var events: Int
      /// The seed of the random walks: the same seed sends the same events.
      public var seed: UInt64
      /// How many distinct findings to report before the exploration stops.
      public var findings: Int
      /// The item texts of accepted findings.
      public var accepted: [String]

      /// An exploration of `events` events from `seed`, stopping at `findings` findings,
      /// with the findings whose item texts are in `accepted` no longer failing.
      public init(events: Int = 5000, seed: UInt64 = 1, findings: Int = 5, accepted: [String] = [])
      {
        self.events = events
        self.seed = seed
        self.findings = findings
        self.accepted = accepted
      }
    }

    /// The flow with its child flows, whose events the driver's app receives; the flow
    /// alone when not given.
    public var tree: FlowTree?
    /// Where the driver was named, as a compiler error about it should say (`flowspec.json`).
    public var driverOrigin: String?
    /// Whether the built-in properties get a test each, beside the flow's own: not for a
    /// child flow, whose built-in properties hold or fail through the parent that starts it.
    public var provesBuiltIns: Bool

    /// The options of a flow file's tests; `files` are sorted by path, so the output does not
    /// depend on their order.
    public init(
      filePath: String, typeName: String, files: [(path: String, text: String)] = [],
      driver: SwiftTypeReference? = nil, exploration: Exploration = Exploration(),
      tree: FlowTree? = nil, driverOrigin: String? = nil, provesBuiltIns: Bool = true
    ) {
      self.provesBuiltIns = provesBuiltIns
      self.filePath = filePath
      self.typeName = typeName
      self.files = files.sorted { $0.path < $1.path }
      self.driver = driver
      self.exploration = exploration
      self.tree = tree
      self.driverOrigin = driverOrigin
    }
  }

  /// The suite type named after a flow file: `navigation-service.yaml` →
  /// `NavigationServiceChecklist`, `login.v2.yaml` → `LoginV2Checklist` (the first letter of
  /// each word upper-cased, the rest kept).
  public static func typeName(forFlowFile path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var stem = name
    for fileExtension in [".yaml", ".yml"] where stem.hasSuffix(fileExtension) {
      stem.removeLast(fileExtension.count)
    }
    let camel = SwiftNames.identifierWords(stem).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
    let base = camel.isEmpty || camel.first!.isNumber ? "Flow" + camel : camel
    return base + "Checklist"
  }

  /// A suite type name for each flow file, unique among them however the files are named
  /// (`login-v2.yaml` and `Login_V2.yaml` are both `LoginV2`), case aside: in path order, the first file
  /// keeps its name and each later one gets the first free number after it
  /// (`LoginV2Checklist`, then `LoginV2_2Checklist`).
  public static func uniqueTypeNames(forFlowFiles paths: [String]) -> [String: String] {
    // Compared without case, so the files named after them differ on macOS's file system too.
    var names: [String: String] = [:]
    var taken = Set(paths.map { typeName(forFlowFile: $0).lowercased() })
    var given: Set<String> = []
    for path in Set(paths).sorted() {
      let name = typeName(forFlowFile: path)
      if given.insert(name.lowercased()).inserted {
        names[path] = name
        continue
      }
      let base = name.dropLast("Checklist".count)
      var number = 2
      while taken.contains("\(base)_\(number)Checklist".lowercased()) { number += 1 }
      let unique = "\(base)_\(number)Checklist"
      taken.insert(unique.lowercased())
      given.insert(unique.lowercased())
      names[path] = unique
    }
    return names
  }

  /// The Swift source for a flow's checklist; a flow without one gives a file with an empty
  /// suite.
  // Better whole: it writes a generated file top to bottom in the order the file reads (imports,
  // suites, helpers, the embedded flow).
  public static func render(_ flow: Flow, source: SourceText, options: Options) -> String {
    var writer = SwiftWriter()
    let fileName = options.filePath.split(separator: "/").last.map(String.init) ?? options.filePath
    writer.line(
      "// Generated by flowc from \(SwiftSource.comment(fileName)); do not edit: change the flow instead."
    )
    writer.line("// FlowSpecPlugin regenerates this file on every build.")
    writer.line()
    let surface = options.driver.map { _ in
      EventSurfaceGenerator.Surface(tree: options.tree ?? FlowTree(flow))
    }
    if surface?.hasLinks == true { writer.line("import Foundation") }
    writer.line("import FlowSpec")
    writer.line("import FlowSpecTesting")
    writer.line("import Testing")
    writer.line()
    let eventsProtocol = EventSurfaceGenerator.protocolName(forFlow: flow.name.value)
    if let surface {
      EventSurfaceGenerator.render(
        surface, flowName: flow.name.value, protocolName: eventsProtocol, into: &writer)
      writer.line()
    }
    let entries = flow.checklist?.entries ?? []
    let tree = EntryTree(entries)
    let suite = options.typeName
    writer.line("@Suite(\(SwiftSource.stringLiteral(flow.name.value)))")
    writer.block("struct \(suite) {") { writer in
      let sections = flow.checklist?.sections ?? []
      // The driver's type, as its first name reads from inside the suite, may not be hidden.
      let driverName = options.driver.map { String($0.description.prefix { $0 != "." }) }
      var scope = NameScope(
        enclosing: suite, topSuite: suite,
        reserved: Set(driverName.map { [$0, eventsProtocol, "bindingOf"] } ?? []))
      var first = true
      for (index, section) in sections.enumerated() {
        let roots = tree.roots(ofSection: index)
        guard let title = section.title?.value else {
          for entry in roots {
            renderItem(
              entry, tree: tree, source: source, suite: suite, scope: &scope, into: &writer,
              first: &first, isAsync: options.driver != nil)
          }
          continue
        }
        if !first { writer.line() }
        first = false
        let typeName = scope.typeName(SwiftNames.upperCamel(title, fallback: "Section"))
        writer.line("@Suite(\(SwiftSource.stringLiteral(title)))")
        writer.block("struct \(typeName) {") { writer in
          var inner = scope.nested(in: typeName, topSuite: suite)
          var firstInSection = true
          for entry in roots {
            renderItem(
              entry, tree: tree, source: source, suite: suite, scope: &inner, into: &writer,
              first: &firstInSection, isAsync: options.driver != nil)
          }
        }
      }
      let properties = propertyNames(of: flow, builtIns: options.provesBuiltIns)
      if !properties.isEmpty {
        if !first { writer.line() }
        first = false
        renderPropertyTests(
          properties, suite: suite, builtIns: options.provesBuiltIns, scope: &scope,
          into: &writer)
      }
      if !first { writer.line() }
      if let driver = options.driver {
        renderDriverHelpers(
          flowName: flow.name.value, driver: driver.description, exploration: options.exploration,
          binding: (eventsProtocol, options.driverOrigin), scope: &scope, into: &writer)
      } else {
        writer.line(
          "/// Runs checklist item `item` and records each failed expectation at its place in the flow."
        )
        writer.block("static func verify(_ item: Int) {") { writer in
          writer.line("\(recordIssues)(for: checklist.failures(ofItem: item))")
        }
      }
      writer.line()
      let literal = SwiftSource.rawMultilineLiteral(String(decoding: source.bytes, as: UTF8.self))
      writer.line(
        "/// The flow as it was when this file was generated; failures point at its file.")
      writer.line("static let checklist = FlowSpec.ChecklistVerifier(")
      writer.line("  filePath: \(SwiftSource.stringLiteral(options.filePath)),")
      writer.line("  source: \(literal.open)")
      writer.raw(literal.body)
      if options.files.isEmpty {
        writer.raw(literal.close + ")\n")
      } else {
        writer.raw(literal.close + ",\n")
        writer.line("  files: [")
        for file in options.files {
          let text = SwiftSource.rawMultilineLiteral(file.text)
          writer.line("    \(SwiftSource.stringLiteral(file.path)): \(text.open)")
          writer.raw(text.body)
          writer.raw(text.close + ",\n")
        }
        writer.line("  ])")
      }
    }
    return writer.text
  }

  /// The file written for a YAML file that is not a flow, where the build plugin declared
  /// an output: a comment saying why it holds nothing.
  public static func renderNotAFlow(fileName: String) -> String {
    "// \(SwiftSource.comment(fileName)) is not a flow (it has no top-level 'flow:' key): nothing was generated from it.\n"
  }

  /// One item's `@Test`, preceded by its steps as comments; an item with children becomes a
  /// `@Suite` of its own holding its test and its children's, so Xcode's test navigator
  /// shows the scenario tree the team wrote.
  private static func renderItem(
    _ entry: ChecklistEntry, tree: EntryTree, source: SourceText, suite: String,
    scope: inout NameScope, into writer: inout SwiftWriter, first: inout Bool, isAsync: Bool
  ) {
    if !first { writer.line() }
    first = false
    let children = tree.children(of: entry)
    guard !children.isEmpty else {
      renderTest(
        entry, source: source, suite: suite, scope: &scope, into: &writer, isAsync: isAsync)
      return
    }
    let typeName = scope.typeName(SwiftNames.upperCamel(entry.item.text.value, fallback: "Item"))
    writer.line("@Suite(\(SwiftSource.stringLiteral(entry.item.text.value)))")
    writer.block("struct \(typeName) {") { writer in
      var inner = scope.nested(in: typeName, topSuite: suite)
      renderTest(
        entry, source: source, suite: suite, scope: &inner, into: &writer, isAsync: isAsync)
      var firstChild = false
      for child in children {
        renderItem(
          child, tree: tree, source: source, suite: suite, scope: &inner, into: &writer,
          first: &firstChild, isAsync: isAsync)
      }
    }
  }

  /// One `@Test`, its steps above it as comments.
  private static func renderTest(
    _ entry: ChecklistEntry, source: SourceText, suite: String, scope: inout NameScope,
    into writer: inout SwiftWriter, isAsync: Bool
  ) {
    let item = entry.item
    for line in item.stepLines(in: source) {
      writer.line("// " + SwiftSource.comment(line))
    }
    let name = scope.memberName(SwiftNames.lowerCamel(item.text.value, fallback: "item"))
    let displayName = SwiftSource.stringLiteral(item.text.value)
    // An item whose steps could not be read fails where they are: its test runs, and fails.
    if item.isBound || item.hasMisplacedSteps {
      writer.line("@Test(\(displayName))")
      if isAsync {
        writer.line("func \(name)() async { await \(suite).verify(\(entry.id)) }")
      } else {
        writer.line("func \(name)() { \(suite).verify(\(entry.id)) }")
      }
    } else {
      writer.line(
        "@Test(\(displayName), .disabled(\"not bound yet: give it 'when' and 'expect' steps\"))")
      writer.line("func \(name)() {}")
    }
  }

  /// `verify` against the interpreter and the app, and the exploration test.
  private static func renderDriverHelpers(
    flowName: String, driver: String, exploration: Options.Exploration,
    binding: (protocol: String, origin: String?), scope: inout NameScope,
    into writer: inout SwiftWriter
  ) {
    // The compiler shows the line it refuses, comment and all: it says where the driver
    // was named, so a driver type that does not exist is an error naming flowspec.json.
    let origin = SwiftSource.comment(
      "\(binding.origin ?? "--driver") names \(driver) as the driver of flow '\(flowName)'")
    writer.line(
      "/// \(driver) must be a FlowAppDriver whose `events` conform to \(binding.protocol).")
    writer.line("static func bindingOf<Events: \(binding.protocol)>(_: Events.Type) {}")
    writer.line()
    let name = scope.memberName("conformsToItsFlow")
    writer.line(
      "/// Every transition, then seeded random walks, against the app through \(driver); the"
    )
    writer.line(
      "/// distinct disagreements, each shrunk, are reported at their place as checklist items to paste."
    )
    writer.line("@Test(\(SwiftSource.stringLiteral("\(flowName) conforms to its flow")))")
    writer.block("func \(name)() async {") { writer in
      let accepted = exploration.accepted.sorted().map(SwiftSource.stringLiteral)
      writer.line("let findings = await Self.checklist.explorationFindings(")
      writer.line(
        "  driver: \(driver).self, events: \(exploration.events), seed: \(exploration.seed), findings: \(exploration.findings),"
      )
      writer.line("  accepting: [\(accepted.joined(separator: ", "))])")
      writer.line("\(recordIssues)(for: findings)")
    }
    writer.line()
    writer.line(
      "/// Runs checklist item `item` against the flow and against the app through \(driver),"
    )
    writer.line("/// and records each failed expectation at its place in the flow.")
    writer.block("static func verify(_ item: Int) async {") { writer in
      writer.line("bindingOf(\(driver).Events.self)  // \(origin)")
      writer.line("\(recordIssues)(for: checklist.failures(ofItem: item))")
      writer.line("let app = await checklist.appFailures(ofItem: item, driver: \(driver).self)")
      writer.line("\(recordIssues)(for: app.failures)")
      writer.line("\(recordIssues)(for: app.unchecked, asKnownIssues: true)")
    }
  }

  /// The properties that get a test: the flow's, in order, then the built-in ones it does
  /// not switch off. None for a flow that declares neither `properties:` nor `verify:`: its
  /// tests do not search its states on every run until its authors ask for it
  /// (`flowc verify` proves the built-in ones of every flow).
  public static func propertyNames(of flow: Flow, builtIns: Bool) -> [String] {
    guard !flow.properties.isEmpty || flow.verification.isDeclared else { return [] }
    let off = Set(flow.verification.off.map(\.value))
    return flow.properties.map(\.name.value)
      + (builtIns ? BuiltInProperty.allCases.filter { !off.contains($0) }.map(\.rawValue) : [])
  }

  /// A `Properties` suite with a `@Test` per property, and the proof they read: searched once,
  /// when the first of them runs.
  private static func renderPropertyTests(
    _ names: [String], suite: String, builtIns: Bool, scope: inout NameScope,
    into writer: inout SwiftWriter
  ) {
    let typeName = scope.typeName("Properties")
    let proof = scope.memberName("properties")
    let verify = scope.memberName("verifyProperty")
    writer.line("/// The flow's properties, each proved over every state it can reach.")
    writer.line("@Suite(\(SwiftSource.stringLiteral("Properties")))")
    writer.block("struct \(typeName) {") { writer in
      var inner = scope.nested(in: typeName, topSuite: suite)
      for (index, name) in names.enumerated() {
        if index > 0 { writer.line() }
        let member = inner.memberName(SwiftNames.lowerCamel(name, fallback: "property"))
        writer.line("@Test(\(SwiftSource.stringLiteral(name)))")
        writer.line("func \(member)() { \(suite).\(verify)(\(SwiftSource.stringLiteral(name))) }")
      }
    }
    writer.line()
    writer.line("/// Every property proved over the flow's states, once, when the first test asks.")
    writer.line("static let \(proof) = checklist.proveProperties(builtIns: \(builtIns))")
    writer.line()
    writer.line(
      "/// Records why property `name` fails at its place in the flow, and what the search could not settle as known issues."
    )
    writer.block("static func \(verify)(_ name: String) {") { writer in
      writer.line("\(recordIssues)(for: \(proof).failures(of: name))")
      writer.line("\(recordIssues)(for: \(proof).warnings(of: name), asKnownIssues: true)")
    }
  }

  /// The library's function that records failures as issues at their place in the flow,
  /// named by its module so that no name of the test target's shadows it.
  private static let recordIssues = "FlowSpecTesting.recordIssues"
}

/// A checklist's entries by section and by parent, found in one pass, so rendering an item
/// does not search every entry for its children.
private struct EntryTree {
  private let entries: [ChecklistEntry]
  private var childIndices: [Int: [Int]] = [:]
  private var rootIndices: [Int: [Int]] = [:]

  init(_ entries: [ChecklistEntry]) {
    self.entries = entries
    for (index, entry) in entries.enumerated() {
      if let parent = entry.parentID {
        childIndices[parent, default: []].append(index)
      } else {
        rootIndices[entry.sectionIndex, default: []].append(index)
      }
    }
  }

  /// The items of a section that have no parent, in order.
  func roots(ofSection section: Int) -> [ChecklistEntry] {
    (rootIndices[section] ?? []).map { entries[$0] }
  }

  /// The items nested right under `entry`, in order.
  func children(of entry: ChecklistEntry) -> [ChecklistEntry] {
    (childIndices[entry.id] ?? []).map { entries[$0] }
  }
}
