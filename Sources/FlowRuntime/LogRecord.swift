internal import FlowModel

/// A compact log entry, turned into a `NavigationLogEntry` only when read, so a million
/// events do not build a million arrays of strings. The rare cases that carry text are
/// boxed (`indirect`), so that every record stays small: 40 bytes, where boxing nothing
/// took 80.
struct LogRecord: Sendable {
  enum Outcome: Sendable {
    case performed
    case popAtRoot
    case popToRootAtRoot
    case nothingPresented
    indirect case alreadyPresenting(String)
    /// A URL that set nothing: no link matches it, or its values are not of their types.
    indirect case linkRefused(NavigationError)
    /// A push on a presented screen that has no navigation controller, which UIKit ignores.
    indirect case noNavigationStack(String)
  }

  /// What the record names.
  enum Subject: Sendable {
    case none
    /// A screen without values: most of what is pushed and popped, kept without a buffer to
    /// retain or release.
    case screen(Int)
    /// A screen with values (`shown(_:)` picks between the two).
    indirect case entry(StackEntry)
    case entries([StackEntry])
    case alert(Int)
    case alertAction(alert: Int, action: Int)
    case tab(Int)
    /// A URL the app was asked to open.
    indirect case url(String)
    /// A request started (no outcome) or resolved, with its values.
    indirect case request(Int, [Value?], RequestOutcome?)
    /// A child flow started (no event), or finished with an event.
    indirect case flow(Int, String?)

    /// The subject naming `entry`: `.screen` when it has no values.
    static func shown(_ entry: StackEntry) -> Subject {
      entry.arguments.isEmpty ? .screen(entry.screen) : .entry(entry)
    }
  }

  var call: NavigationCall?
  var subject: Subject
  var animated: Bool
  var outcome: Outcome
}

extension Navigator {
  /// Records a navigation call: counts it and remembers its `animated` flag, as a spy does.
  mutating func record(
    _ call: NavigationCall, _ subject: LogRecord.Subject, animated: Bool,
    _ outcome: LogRecord.Outcome = .performed
  ) {
    lastAnimated = animated
    guard records.isRecording else { return }
    callCounts[call.ordinal] += 1
    records.append(LogRecord(call: call, subject: subject, animated: animated, outcome: outcome))
  }

  func entry(_ record: LogRecord) -> NavigationLogEntry {
    let targets: [String]
    var event: String?
    switch record.subject {
    case .none: targets = []
    case .screen(let screen):
      targets = [instance(StackEntry(screen: screen, arguments: [])).description]
    case .entry(let entry): targets = [instance(entry).description]
    case .entries(let entries): targets = entries.map { instance($0).description }
    case .alert(let index): targets = [program.alerts[index].contents.name]
    case .alertAction(let alert, let action):
      let contents = program.alerts[alert].contents
      targets = [contents.name, contents.actions[action].title]
      event = "alertAction"
    case .tab(let index): targets = [program.tabs[index].name]
    case .url(let url):
      targets = [url]
      event = "open"
    case .request(let index, let arguments, let outcome):
      let request = program.requests[index]
      var values: [(String, Value)] = []
      for (name, value) in zip(request.parameters, arguments) {
        if let value { values.append((name, value)) }
      }
      // Named as a step names it, as `pendingRequests` shows it.
      targets = [ScreenInstance(name: request.stepName, values: values).description]
      event = outcome?.keyword ?? "request"
    case .flow(let flow, let finishing):
      targets = [program.flows[flow].name] + (finishing.map { [$0] } ?? [])
      event = finishing == nil ? "start" : "finish"
    }
    let outcome: NavigationLogEntry.Outcome
    switch record.outcome {
    case .performed: outcome = .performed
    case .popAtRoot: outcome = .noChange("the stack holds only its root")
    case .popToRootAtRoot: outcome = .noChange("already at the root")
    case .nothingPresented: outcome = .noChange("nothing is presented")
    case .alreadyPresenting(let name): outcome = .refused("'\(name)' is already presented")
    case .linkRefused(let refusal): outcome = .noChange(refusal.message)
    case .noNavigationStack(let name):
      outcome = .refused(
        "'\(name)' is presented without a navigation stack ('stack: true'), so nothing can be pushed on it"
      )
    }
    return NavigationLogEntry(
      call: record.call, targets: targets, animated: record.animated, outcome: outcome,
      event: event)
  }
}
