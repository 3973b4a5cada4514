package import FlowRuntime

extension Navigator {
  /// Walks the navigation states this navigator reaches, breadth first, so the first path
  /// found to anything is a shortest one: from each state, every concrete event available
  /// there (`samples` fills arguments in) that the flow accepts.
  ///
  /// `visit` sees each accepted event: the navigator before it, after it, and the events
  /// from the start up to and including it; it returns `false` to stop the walk. A state is
  /// walked from once (by its fingerprint), paths stop at `depth` events, and at most
  /// `states` distinct states are walked from.
  package func walkBreadthFirst(
    samples: EventSamples, depth: Int, states: Int,
    visit: (_ before: Navigator, _ after: Navigator, _ path: [NavigationEvent]) -> Bool
  ) {
    var seen: Set<Int> = [stateFingerprint]
    var queue: [(Navigator, [NavigationEvent])] = [(self, [])]
    var head = 0
    while head < queue.count {
      let (navigator, path) = queue[head]
      head += 1
      guard path.count < depth else { continue }
      for event in samples.concrete(navigator.availableEvents) {
        var next = navigator
        guard (try? next.send(event)) != nil else { continue }
        let extended = path + [event]
        guard visit(navigator, next, extended) else { return }
        if seen.count < states, seen.insert(next.stateFingerprint).inserted {
          queue.append((next, extended))
        }
      }
    }
  }
}
