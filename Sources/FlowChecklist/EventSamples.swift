import FlowModel
import FlowRuntime

/// Arguments for events that need them, taken from the checklist's own steps.
package struct EventSamples {
  private var arguments: [String: [[String: Value]]] = [:]
  private var urls: [String] = []
  private var outcomes: [String: [NavigationEvent]] = [:]

  /// The checklist's samples; with `links`, also a URL for each pattern no URL of the
  /// checklist matches, its variables written as `1` (a valid Int and String).
  package init(checklist: Checklist?, links: [URLPattern] = []) {
    defer {
      for pattern in links
      where !urls.contains(where: { url in LinkURL(url).map { pattern.match($0) != nil } ?? false })
      {
        urls.append(pattern.example(filling: "1"))
      }
    }
    for entry in checklist?.entries ?? [] {
      for step in entry.item.steps {
        guard case .when(let events) = step.kind else { continue }
        for event in events {
          let runtime = NavigationEvent(event)
          switch runtime {
          case .named(let name, let values) where !values.isEmpty:
            if !(arguments[name] ?? []).contains(values) {
              arguments[name, default: []].append(values)
            }
          case .open(let url): if !urls.contains(url) { urls.append(url) }
          case .complete(let request, _, _), .fail(let request, _, _):
            outcomes[request, default: []].append(runtime)
          default: break
          }
        }
      }
    }
  }

  /// Adds, for each event that takes arguments, one sample of values no sample has: a fresh
  /// Int (one more than any the samples use), the text `fresh`, `true`, an empty list. An
  /// event taking a record gets none. What a search of every state sends beside the
  /// checklist's own values, so that an event the checklist never sends is still tried.
  package mutating func addFreshValues(for signatures: [EventSignature]) {
    var largest = 0
    for samples in arguments.values {
      for sample in samples {
        for case .int(let number) in sample.values { largest = max(largest, number) }
      }
    }
    let freshInt = largest == .max ? 0 : largest + 1
    for signature in signatures where !signature.arguments.isEmpty {
      var sample: [String: Value] = [:]
      for argument in signature.arguments {
        switch argument.type {
        case .int: sample[argument.name] = .int(freshInt)
        case .string: sample[argument.name] = .string("fresh")
        case .bool: sample[argument.name] = .bool(true)
        case .list: sample[argument.name] = .list([])
        case .record: break
        }
      }
      let name = signature.name.value
      guard sample.count == signature.arguments.count,
        !(arguments[name] ?? []).contains(sample)
      else { continue }
      arguments[name, default: []].append(sample)
    }
  }

  /// The events available, each that needs arguments once per sample the checklist gives
  /// (left out when it gives none), with the checklist's links and request outcomes.
  package func concrete(_ available: [NavigationEvent]) -> [NavigationEvent] {
    var events: [NavigationEvent] = []
    for event in available {
      switch event {
      case .named(let name, let placeholder)
      where !placeholder.isEmpty || arguments[name] != nil:
        // An event the checklist passes arguments, with those: the app's binding takes them
        // even where the flow reads them as state of the same name.
        events += (arguments[name] ?? []).map { .named(name, arguments: $0) }
      case .complete(let request, _, _), .fail(let request, _, _):
        let samples = (outcomes[request] ?? []).filter {
          if case .complete = $0, case .complete = event { return true }
          if case .fail = $0, case .fail = event { return true }
          return false
        }
        events += samples.isEmpty ? [event] : samples
      default:
        events.append(event)
      }
    }
    return events + urls.map(NavigationEvent.open)
  }
}

extension EventSamples {
  /// What a search of every state sends: the checklist's values, a URL for each link, and
  /// fresh values for every event that takes arguments.
  package static func forSearch(of program: NavigationProgram) -> EventSamples {
    let flow = program.tree.root
    var samples = EventSamples(
      checklist: flow.checklist, links: program.tree.flows.flatMap { $0.links.compactMap(\.parsed) }
    )
    samples.addFreshValues(for: program.tree.eventSignatures)
    return samples
  }
}
