public import FlowModel
public import FlowRuntime

/// How far a search of the states looks.
package struct SearchBounds: Sendable, Hashable {
  /// The most events a path may have.
  package var depth: Int
  /// The most distinct states stored.
  package var states: Int
  /// A state holding a longer list is stored but not searched from.
  package var listLength: Int
  /// A state holding an Int of larger magnitude is stored but not searched from.
  package var intMagnitude: Int
  /// A state with a higher stack (a tab's or a presented screen's) is stored but not searched
  /// from.
  package var stackHeight: Int

  /// The most states a search may store: states are numbered with 32 bits.
  package static let mostStates = Int(Int32.max)

  /// The bounds when neither the flow nor the command sets them.
  package static let standard = SearchBounds(
    depth: 64, states: 1_000_000, listLength: 3, intMagnitude: 1_000, stackHeight: 8)

  package init(depth: Int, states: Int, listLength: Int, intMagnitude: Int, stackHeight: Int) {
    self.depth = depth
    self.states = states
    self.listLength = listLength
    self.intMagnitude = intMagnitude
    self.stackHeight = stackHeight
  }

  /// The flow's `verify:` bounds over the standard ones.
  package init(_ settings: VerificationSettings) {
    var bounds = Self.standard
    if let depth = settings.depth { bounds.depth = depth.value }
    if let states = settings.states { bounds.states = min(states.value, Self.mostStates) }
    if let lists = settings.listLength { bounds.listLength = lists.value }
    if let ints = settings.intMagnitude { bounds.intMagnitude = ints.value }
    if let stack = settings.stackHeight { bounds.stackHeight = stack.value }
    self = bounds
  }
}

/// Every state a navigator reaches, breadth first, each stored once by value (packed into
/// words, `PackedStateIndex`), with the events between them: what properties are proved
/// over.
///
/// State 0 is the start. A state's first path from the start is a shortest one; the search
/// stops at the bounds and says which it hit, since a bounded search is no proof.
package struct StateSpace {
  /// One accepted event: from which state, which event, to which state.
  package struct Transition: Sendable {
    package var from: Int32
    package var event: NavigationEvent
    package var to: Int32
  }

  /// What stopped the search short of every state.
  package struct BoundsHit: Sendable, Hashable {
    /// A path reached the most events it may have.
    package var depth = false
    /// The search stored the most states it may.
    package var states = false
    /// A state held a list or an Int beyond the bounds.
    package var values = false

    /// Whether any bound was hit.
    package var any: Bool { depth || states || values }
  }

  /// Each state, by state id, and the table that finds a state's id.
  private var index = PackedStateIndex()
  /// The states stored and not yet searched from, unpacked, in the order of their ids (the
  /// first is state `queueStart`): a state is unpacked only where a search or a caller
  /// asks for its navigator after it left the queue.
  private var queue: [NavigationSnapshot?] = []
  private var queueStart = 0
  /// The start with its history forgotten: what each stored state is restored into.
  private let template: Navigator
  /// How each state was first reached: the transition's index in `transitions`; `-1` for
  /// the start.
  package private(set) var parent: [Int32] = []
  /// Each state's number of events from the start.
  package private(set) var depth: [Int32] = []
  /// Whether each state's events were all tried and their states stored (a state beyond the
  /// bounds is not searched from; one whose new states did not fit is searched in part).
  package private(set) var expanded: [Bool] = []
  /// Every accepted event, grouped by the state it leaves, in the order the search tried them.
  package private(set) var transitions: [Transition] = []
  /// For each transition, whether it shows its state's visible top screen pushed once more
  /// (see `NavigationSnapshot.topPushedAgain(in:)`): the second tap of a double tap.
  private var transitionPushesTop: [Bool] = []
  /// Where each state's transitions are in `transitions`.
  private var transitionRange: [Range<Int32>] = []
  /// The bounds the search hit.
  package private(set) var boundsHit = BoundsHit()

  /// Searches from `start`: from each state, every concrete event available there that the
  /// flow accepts. `visit` is called with each state's id and navigator, in the order of
  /// the ids, when the search comes to it (whether or not the bounds let it search on from
  /// there): what a caller judges of every state, without unpacking one. `stop` is asked of
  /// each new state's navigator; `true` ends the search there (and the states not come to
  /// yet are not visited).
  ///
  /// Only the states are stored, packed, not navigators: a state's navigator is the
  /// start's, its history forgotten, put in that state (`navigator(_:)`). What a state
  /// leads to depends on that state alone (`expand`); storing it (`merge`) numbers the new
  /// states in the order of the queue.
  package init(
    from start: Navigator, samples: EventSamples, bounds: SearchBounds,
    visit: (Int, Navigator) -> Void = { _, _ in }, stop: ((Navigator) -> Bool)? = nil
  ) {
    template = start.withoutHistory
    var expansion = Expansion()
    start.packState(into: &expansion.words)
    expansion.words.withUnsafeBufferPointer { first in
      _ = store(first, hash: PackedStateIndex.hash(first), parent: -1, depth: 0)
    }
    queue.append(start.snapshot)
    if stop?(start) == true { return }
    var head = 0
    var navigator = template
    while head < index.count {
      expansion.clear()
      navigator.restore(takeQueued(head))
      visit(head, navigator)
      Self.expand(
        navigator, depth: depth[head], samples: samples, bounds: bounds, into: &expansion)
      if merge(expansion, of: Int32(head), bounds: bounds, stop: stop) { return }
      head += 1
    }
  }

  /// State `id`, the first in the queue, taken out of it.
  private mutating func takeQueued(_ id: Int) -> NavigationSnapshot {
    let state = queue[id - queueStart].take()!
    // The states searched from are dropped from the front once they are half the queue.
    if (id - queueStart + 1) * 2 > queue.count, queue.count >= 64 {
      queue.removeFirst(id - queueStart + 1)
      queueStart = id + 1
    }
    return state
  }

  /// What one state leads to: whether it was searched from, or the bound that kept the
  /// search from it, and each accepted event with the state it reaches, packed one after
  /// another in `words`. Reused from state to state, so the search allocates per new state
  /// only what it stores.
  struct Expansion {
    var outcome = Outcome.expanded
    var successors: [Successor] = []
    var words: [UInt32] = []

    enum Outcome {
      case beyondDepth
      case beyondValues
      case expanded
    }

    mutating func clear() {
      outcome = .expanded
      successors.removeAll(keepingCapacity: true)
      words.removeAll(keepingCapacity: true)
    }
  }

  /// One accepted event and the state it leads to: where its words are in the expansion's.
  struct Successor {
    var event: NavigationEvent
    var words: Range<Int>
    var state: NavigationSnapshot
    /// Whether the event pushed the visible top screen once more.
    var pushesTop: Bool
  }

  /// Expands `navigator`'s state, `depth` events from the start: fills `expansion` with
  /// every event available there that the flow accepts, with the state it reaches, in the
  /// order they were tried. A function of the state alone, so any core may run it.
  static func expand(
    _ navigator: Navigator, depth: Int32, samples: EventSamples, bounds: SearchBounds,
    into expansion: inout Expansion
  ) {
    guard Int(depth) < bounds.depth else {
      expansion.outcome = .beyondDepth
      return
    }
    let here = navigator.snapshot
    let extent = here.valueExtent
    guard extent.longestList <= bounds.listLength, extent.largestInt <= bounds.intMagnitude,
      extent.highestStack <= bounds.stackHeight
    else {
      expansion.outcome = .beyondValues
      return
    }
    for event in samples.concrete(navigator.availableEvents, pending: navigator.pendingRequests) {
      var next = navigator
      guard (try? next.send(event)) != nil else { continue }
      let start = expansion.words.count
      next.packState(into: &expansion.words)
      let reached = next.snapshot
      expansion.successors.append(
        Successor(
          event: event, words: start..<expansion.words.count, state: reached,
          pushesTop: here.topPushedAgain(in: reached)))
    }
  }

  /// Stores what state `id` leads to, new states at the end of the queue; `true` when `stop`
  /// ends the search at one of them.
  private mutating func merge(
    _ expansion: Expansion, of id: Int32, bounds: SearchBounds, stop: ((Navigator) -> Bool)?
  ) -> Bool {
    switch expansion.outcome {
    case .beyondDepth:
      boundsHit.depth = true
      return false
    case .beyondValues:
      boundsHit.values = true
      return false
    case .expanded: break
    }
    expanded[Int(id)] = true
    let first = Int32(transitions.count)
    defer { transitionRange[Int(id)] = first..<Int32(transitions.count) }
    return expansion.words.withUnsafeBufferPointer { words in
      for successor in expansion.successors {
        let state = UnsafeBufferPointer(rebasing: words[successor.words])
        let hash = PackedStateIndex.hash(state)
        let transition = Int32(transitions.count)
        if let known = index.id(of: state, hash: hash) {
          transitions.append(Transition(from: id, event: successor.event, to: known))
          transitionPushesTop.append(successor.pushesTop)
          continue
        }
        guard index.count < bounds.states else {
          boundsHit.states = true
          expanded[Int(id)] = false
          continue
        }
        let target = store(state, hash: hash, parent: transition, depth: depth[Int(id)] + 1)
        queue.append(successor.state)
        transitions.append(Transition(from: id, event: successor.event, to: target))
        transitionPushesTop.append(successor.pushesTop)
        if let stop {
          var reached = template
          reached.restore(successor.state)
          if stop(reached) { return true }
        }
      }
      return false
    }
  }

  private mutating func store(
    _ state: UnsafeBufferPointer<UInt32>, hash: UInt64, parent: Int32, depth: Int32
  ) -> Int32 {
    self.parent.append(parent)
    self.depth.append(depth)
    expanded.append(false)
    transitionRange.append(0..<0)
    return index.insert(state, hash: hash)
  }

  /// State `id`'s navigator: the start's, its history forgotten, in that state.
  package func navigator(_ id: Int) -> Navigator {
    var navigator = template
    index.withState(id) { navigator.restore(packed: $0) }
    return navigator
  }

  /// State `id`, unpacked.
  package func snapshot(_ id: Int) -> NavigationSnapshot {
    index.withState(id) { NavigationSnapshot(packed: $0, program: template.program) }
  }

  /// Whether `transition` shows its state's visible top screen pushed once more (see
  /// `NavigationSnapshot.topPushedAgain(in:)`), as the search noted when it made it.
  package func pushesTopAgain(_ transition: Int) -> Bool {
    transitionPushesTop[transition]
  }

  /// How many states were stored.
  package var count: Int { index.count }

  /// The bytes the stored states take, packed, with the table that finds them.
  package var storedStateBytes: Int { index.byteCount }

  /// The transitions leaving state `id`, in the order they were tried.
  package func transitions(from id: Int) -> ArraySlice<Transition> {
    let range = transitionRange[id]
    return transitions[Int(range.lowerBound)..<Int(range.upperBound)]
  }

  /// The events of a shortest path from the start to state `id`.
  package func path(to id: Int) -> [NavigationEvent] {
    var events: [NavigationEvent] = []
    var current = parent[id]
    while current >= 0 {
      let transition = transitions[Int(current)]
      events.append(transition.event)
      current = parent[Int(transition.from)]
    }
    return events.reversed()
  }

  /// The deepest state's number of events from the start.
  package var maximumDepth: Int { Int(depth.max() ?? 0) }
}

extension Navigator {
  /// Whether a state `condition` holds in can be reached from here within `bounds`.
  package func reaches(
    _ condition: StateCondition, file: String, samples: EventSamples, bounds: SearchBounds
  ) -> ReachAnswer {
    var found = false
    let space = StateSpace(
      from: self, samples: samples, bounds: bounds,
      stop: { navigator in
        found = condition.verdict(on: navigator.stateObservation, file: file) == .holds
        return found
      })
    if found { return .reached }
    return space.boundsHit.any ? .notWithin(states: space.count) : .unreachable
  }
}
