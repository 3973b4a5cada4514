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
