import FlowFileSystem
import FlowGenerator
import FlowSpec
import FlowYAML

/// A test target's `flowspec.json`, as `flowc gen` reads it: which driver type runs each
/// flow's checklist against the app (by the flow's name), and how far to explore.
///
/// ```json
/// { "flows": ["../../flows"],
///   "drivers": { "NavigationService": "NavigationServiceDriver" },
///   "explore": { "events": 5000, "seed": 1 } }
/// ```
struct TargetConfiguration {
  var drivers: [String: SwiftTypeReference] = [:]
  /// Where each flow name under `drivers` is written, to say so when it names no flow.
  var driverNames: [(name: String, position: SourcePosition)] = []
  /// The file read, as given.
  var path = ""

  /// The keys `flowspec.json` may hold: the plugin reads `flows` and `exclude`, `flowc gen`
  /// the others. Any other key is a mistake, refused with a did-you-mean: a misspelt
  /// `drivers` would otherwise test the interpreter only, silently.
  static let keys = ["flows", "exclude", "drivers", "explore"]
  /// How far the exploration goes: `explore: { events, seed, findings, accept }`.
  var exploration = ChecklistTestGenerator.Options.Exploration()

  init() {}

  /// Reads the file (JSON is YAML, so libyaml reads it); a file that is not such an object
  /// is a usage error naming what is wrong.
  // Better whole: one strict reader of flowspec.json, its keys in the order the file documents
  // them, each refused with its own message.
  init(path: String) throws(UsageError) {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.read(path).bytes
    } catch {
      throw UsageError(message: "cannot read '\(path)': \(error.reason)")
    }
    let parsed = YAMLParser.parse(bytes, file: path)
    if let problem = parsed.diagnostics.first(where: { $0.severity == .error }) {
      throw UsageError(message: "\(path):\(problem.position): \(problem.message)")
    }
    guard let root = parsed.root, root.pairs != nil else {
      throw UsageError(message: "'\(path)' must be a JSON object such as { \"flows\": [...] }")
    }
    self.path = path
    try read(root)
  }

  /// Reads the settings of the file's object. The root is a parameter, so the tree it owns
  /// stays alive while the nodes reached from it are read (they do not retain it).
  private mutating func read(_ root: YAMLNode) throws(UsageError) {
    let pairs = root.pairs ?? YAMLPairs.empty(in: root)
    for pair in pairs {
      switch pair.keyText {
      case "drivers":
        guard let drivers = pair.value.pairs else {
          throw UsageError(
            message: "'drivers' in '\(path)' must map flow names to driver types")
        }
        for driver in drivers {
          guard let flow = driver.keyText, driver.value.kind == .scalar, !driver.value.text.isEmpty
          else {
            throw UsageError(message: "'drivers' in '\(path)' must map flow names to type names")
          }
          guard let type = SwiftTypeReference(driver.value.text) else {
            throw UsageError(
              message:
                "\(path):\(driver.value.range.start): the driver of '\(flow)' must be a Swift type name, such as 'AppDriver', not '\(driver.value.text)'"
            )
          }
          self.drivers[flow] = type
          driverNames.append((flow, driver.key.range.start))
        }
      case "explore":
        for setting in pair.value.pairs ?? YAMLPairs.empty(in: pair.value) {
          if setting.keyText == "accept" {
            guard let items = setting.value.items,
              items.allSatisfy({ $0.kind == .scalar && !$0.text.isEmpty })
            else {
              throw UsageError(
                message:
                  "\(path):\(setting.value.range.start): 'accept' in 'explore' takes a list of the item texts of accepted findings, such as [\"After login, the app does what the flow says\"] (a * stands for any run of characters)"
              )
            }
            exploration.accepted = items.map(\.text)
            continue
          }
          guard let number = setting.value.integer, number >= 0 else {
            throw UsageError(
              message:
                "\(path):\(setting.value.range.start): 'explore' in '\(path)' takes whole numbers")
          }
          switch setting.keyText {
          case "events": exploration.events = number
          case "seed": exploration.seed = UInt64(number)
          case "findings": exploration.findings = number
          default:
            let key = setting.keyText ?? ""
            let keys = ["events", "seed", "findings", "accept"]
            let hint = Suggestion.closest(to: key, among: keys).map { "; did you mean '\($0)'?" }
            throw UsageError(
              message:
                "\(path):\(setting.key.range.start): 'explore' takes \(DiagnosticMessage.list(keys)), not '\(key)'\(hint ?? "")"
            )
          }
        }
      case "flows", "exclude":
        continue  // the plugin's
      default:
        let key = pair.keyText ?? ""
        let hint = Suggestion.closest(to: key, among: Self.keys).map { "; did you mean '\($0)'?" }
        throw UsageError(
          message:
            "\(path):\(pair.key.range.start): unknown key '\(key)' in flowspec.json\(hint ?? "; it takes \(DiagnosticMessage.list(Self.keys))")"
        )
      }
    }
  }
}

extension TargetConfiguration {
  /// Refuses a `drivers` entry that names no flow of the target (`flows`, their `flow:`
  /// names): the build would otherwise run that flow's items against the interpreter only.
  func checkDriverNames(against flows: Set<String>) throws(UsageError) {
    for (name, position) in driverNames where !flows.contains(name) {
      let hint = Suggestion.closest(to: name, among: flows).map { "; did you mean '\($0)'?" } ?? ""
      throw UsageError(
        message:
          "\(path):\(position): 'drivers' names flow '\(name)', but no flow of this target is named so\(hint) (the target's flows: \(DiagnosticMessage.list(flows.sorted())))"
      )
    }
  }
}
