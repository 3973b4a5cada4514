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

/// Every state a navigator reaches, breadth first, each stored once by value
/// (`NavigationSnapshot`), with the events between them: what properties are proved over.
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
  private var index = SnapshotIndex()
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
  /// Where each state's transitions are in `transitions`.
  private var transitionRange: [Range<Int32>] = []
  /// The bounds the search hit.
  package private(set) var boundsHit = BoundsHit()

  /// Searches from `start`: from each state, every concrete event available there that the
  /// flow accepts. `stop` is asked of each new state's navigator (`navigator(_:)`); `true`
  /// ends the search there.
  ///
  /// Only the states are stored, not navigators: a state's navigator is the start's, its
  /// history forgotten, put in that state (`navigator(_:)`). What a state leads to depends on
  /// that state alone (`expand`); storing it (`merge`) numbers the new states in the order
  /// of the queue.
  package init(
    from start: Navigator, samples: EventSamples, bounds: SearchBounds,
    stop: ((Navigator) -> Bool)? = nil
  ) {
    template = start.withoutHistory
    let first = start.snapshot
    _ = store(first, hash: first.hashValue, parent: -1, depth: 0)
    if stop?(start) == true { return }
    var head = 0
    var successors: [Successor] = []
    while head < index.count {
      successors.removeAll(keepingCapacity: true)
      let expansion = Self.expand(
        index.states[head], depth: depth[head], template: template, samples: samples,
        bounds: bounds, into: &successors)
      if merge(expansion, successors[...], of: Int32(head), bounds: bounds, stop: stop) {
        return
      }
      head += 1
    }
  }

  /// Whether a state was searched from, or the bound that kept the search from it.
  enum Expansion {
    case beyondDepth
    case beyondValues
    case expanded
  }

  /// One accepted event and the state it leads to.
  struct Successor {
    var event: NavigationEvent
    var snapshot: NavigationSnapshot
    var hash: Int
  }

  /// Expands the state `snapshot`, `depth` events from the start: appends to `successors`
  /// every event available there that the flow accepts, with the state it reaches, in the
  /// order they were tried. A function of the state alone, so any core may run it.
  static func expand(
    _ snapshot: NavigationSnapshot, depth: Int32, template: Navigator, samples: EventSamples,
    bounds: SearchBounds, into successors: inout [Successor]
  ) -> Expansion {
    guard Int(depth) < bounds.depth else { return .beyondDepth }
    let extent = snapshot.valueExtent
    guard extent.longestList <= bounds.listLength, extent.largestInt <= bounds.intMagnitude,
      extent.highestStack <= bounds.stackHeight
    else { return .beyondValues }
    var navigator = template
    navigator.restore(snapshot)
    for event in samples.concrete(navigator.availableEvents, pending: navigator.pendingRequests) {
      var next = navigator
      guard (try? next.send(event)) != nil else { continue }
      let reached = next.snapshot
      successors.append(Successor(event: event, snapshot: reached, hash: reached.hashValue))
    }
    return .expanded
  }

  /// Stores what state `id` leads to, new states at the end of the queue; `true` when `stop`
  /// ends the search at one of them.
  private mutating func merge(
    _ expansion: Expansion, _ successors: ArraySlice<Successor>, of id: Int32,
    bounds: SearchBounds, stop: ((Navigator) -> Bool)?
  ) -> Bool {
    switch expansion {
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
    for successor in successors {
      let transition = Int32(transitions.count)
      if let known = index.id(of: successor.snapshot, hash: successor.hash) {
        transitions.append(Transition(from: id, event: successor.event, to: known))
        continue
      }
      guard index.count < bounds.states else {
        boundsHit.states = true
        expanded[Int(id)] = false
        continue
      }
      let target = store(
        successor.snapshot, hash: successor.hash, parent: transition, depth: depth[Int(id)] + 1)
      transitions.append(Transition(from: id, event: successor.event, to: target))
      if let stop, stop(navigator(Int(target))) { return true }
    }
    return false
  }

  private mutating func store(
    _ snapshot: NavigationSnapshot, hash: Int, parent: Int32, depth: Int32
  ) -> Int32 {
    self.parent.append(parent)
    self.depth.append(depth)
    expanded.append(false)
    transitionRange.append(0..<0)
    return index.insert(snapshot, hash: hash)
  }

  /// State `id`'s navigator: the start's, its history forgotten, in that state.
  package func navigator(_ id: Int) -> Navigator {
    var navigator = template
    navigator.restore(index.states[id])
    return navigator
  }

  /// State `id`.
  package func snapshot(_ id: Int) -> NavigationSnapshot { index.states[id] }

  /// Every stored state, by id: `snapshot(_:)` of each, for reading many in place.
  package var snapshots: [NavigationSnapshot] { index.states }

  /// Whether `transition` shows its state's visible top screen pushed once more (see
  /// `NavigationSnapshot.topPushedAgain(in:)`), the two states read in place.
  package func pushesTopAgain(_ transition: Transition) -> Bool {
    index.states[Int(transition.from)].topPushedAgain(in: index.states[Int(transition.to)])
  }

  /// How many states were stored.
  package var count: Int { index.count }

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
    let space = StateSpace(from: self, samples: samples, bounds: bounds) { navigator in
      found = condition.verdict(on: navigator.stateObservation, file: file) == .holds
      return found
    }
    if found { return .reached }
    return space.boundsHit.any ? .notWithin(states: space.count) : .unreachable
  }
}
