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
  var exploreEvents = 5000
  var exploreSeed: UInt64 = 1

  init() {}

  /// Reads the file (JSON is YAML, so libyaml reads it); a file that is not such an object
  /// is a usage error naming what is wrong.
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
    guard let pairs = parsed.root?.pairs else {
      throw UsageError(message: "'\(path)' must be a JSON object such as { \"flows\": [...] }")
    }
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
        }
      case "explore":
        for setting in pair.value.pairs ?? YAMLPairs.empty(in: pair.value) {
          guard let number = setting.value.integer, number >= 0 else {
            throw UsageError(message: "'explore' in '\(path)' takes whole numbers")
          }
          switch setting.keyText {
          case "events": exploreEvents = number
          case "seed": exploreSeed = UInt64(number)
          default:
            throw UsageError(
              message:
                "'explore' in '\(path)' takes 'events' and 'seed', not '\(setting.keyText ?? "")'")
          }
        }
      default:
        continue  // 'flows' and 'exclude' are the plugin's
      }
    }
  }
}
