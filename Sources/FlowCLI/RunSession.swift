import FlowSpec

/// Sends events to a navigator and prints what each one did, as text or JSON lines.
struct RunSession {
  let console: Console
  let json: Bool
  private var step = 0

  init(console: Console, json: Bool) {
    self.console = console
    self.json = json
  }

  /// Sends events in order; the first refused one stops the run with status 1.
  mutating func send(_ events: [NavigationEvent], to navigator: inout Navigator) -> ExitCode {
    for event in events {
      guard send(event, to: &navigator) else { return .problemsFound }
    }
    return .success
  }

  /// Sends one event and reports it; prints the refusal and returns `false` if refused. A
  /// URL no link matches (or whose values do not read) is reported, its calls saying why it
  /// changed nothing, then refused too, as a checklist's `refused:` counts it.
  mutating func send(_ event: NavigationEvent, to navigator: inout Navigator) -> Bool {
    let callsBefore = navigator.logCount
    let refusal = navigator.attempt(event)
    // A refusal thrown leaves the navigator and its log as they were; a URL that set
    // nothing is logged, with why.
    let changedNothing = refusal != nil && navigator.logCount > callsBefore
    if let refusal, !changedNothing {
      console.printError("flowc: error: '\(event)' was refused: \(refusal.message)")
      return false
    }
    step += 1
    report(step: step, event: event, navigator: navigator, callsBefore: callsBefore)
    if let refusal {
      console.printError("flowc: error: '\(event)' changed nothing: \(refusal.message)")
      return false
    }
    return true
  }

  /// Reads events from standard input, one per line. Interactively, `?` lists what can be
  /// sent, refusals are reported without stopping, and `quit` ends.
  mutating func readEvents(into navigator: inout Navigator, interactive: Bool) -> ExitCode {
    while true {
      if interactive { console.write("> ") }
      guard let line = console.readLine() else { break }
      let input = line.trimmingCharacters(in: " \t")
      if input.isEmpty || input.hasPrefix("#") { continue }
      if ["quit", "exit", ":q"].contains(input) { break }
      if input == "?" || input == "help" {
        let events = navigator.availableEvents.map {
          "  \(Self.syntax(of: $0, placeholders: true))"
        }
        console.print(
          events.isEmpty ? "  (no events can be sent now)" : events.joined(separator: "\n"))
        continue
      }
      let (events, diagnostics) = EventSyntax.parse(input, file: "input")
      if let problem = diagnostics.first(where: { $0.severity == .error }) {
        console.printError("flowc: error: '\(input)': \(problem.message)")
        if interactive { continue }
        return .problemsFound
      }
      for event in events.map(NavigationEvent.init) where !send(event, to: &navigator) {
        if !interactive { return .problemsFound }
      }
    }
    return .success
  }

  /// How to type an event: `login`, `tap: right`, `alert: Logout`.
  /// With `placeholders`, argument values are shown as `…`: the form to type, for `?`.
  static func syntax(of event: NavigationEvent, placeholders: Bool = false) -> String {
    event.syntax(placeholders: placeholders)
  }

  func report(step: Int, event: NavigationEvent?, navigator: Navigator, callsBefore: Int) {
    let calls = navigator.log(from: callsBefore).map(\.description)
    if json {
      console.print(
        StepReport.json(step: step, event: event, navigator: navigator, calls: calls).serialized())
    } else {
      if step > 0 { console.print() }
      console.print(StepReport.text(step: step, event: event, navigator: navigator, calls: calls))
    }
  }
}

extension String {
  func trimmingCharacters(in characters: String) -> String {
    let set = Set(characters)
    var scalars = Substring(self)
    while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
    while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
