package import FlowModel
package import FlowRuntime

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
  /// A state with a higher stack (a tab's or a presented screen's), or with more screens and
  /// alerts presented one over another, is stored but not searched from.
  package var stackHeight: Int
  /// A state holding a text longer by more than this many characters (Unicode scalars) than
  /// the longest the search meets without growing one (`reaching`) is stored but not
  /// searched from: text an event lengthens (`{name}` inserted into itself) would otherwise
  /// grow without end.
  package var textLength: Int

  /// The most states a search may store: states are numbered with 32 bits.
  package static let mostStates = Int(Int32.max)
  /// The most words (4 bytes each) the stored states may take together, 2 GiB: long texts
  /// make states large, and the `states` bound counts states, not bytes.
  package static let mostStoredWords = 1 << 29

  /// The bounds when neither the flow nor the command sets them.
  package static let standard = SearchBounds(
    depth: 64, states: 1_000_000, listLength: 3, intMagnitude: 1_000, stackHeight: 8,
    textLength: 100)

  package init(
    depth: Int, states: Int, listLength: Int, intMagnitude: Int, stackHeight: Int,
    textLength: Int
  ) {
    self.depth = depth
    self.states = states
    self.listLength = listLength
    self.intMagnitude = intMagnitude
    self.stackHeight = stackHeight
    self.textLength = textLength
  }

  /// These bounds raised to what a search meets without anything growing: lists, Ints and
  /// stacks to the largest the start state holds, the flow writes (a stack: set at once by a
  /// `reset:` or a link) or the samples send; texts by the longest of those, since
  /// `textLength` bounds how far a text grows. So the start is always searched from, and a
  /// state beyond a bound is one something grew into.
  package func reaching(start: ValueExtent, written: ValueExtent, sent: ValueExtent)
    -> SearchBounds
  {
    var bounds = self
    let met = [start, written, sent]
    bounds.listLength = max(listLength, met.map(\.longestList).max()!)
    bounds.intMagnitude = max(intMagnitude, met.map(\.largestInt).max()!)
    bounds.stackHeight = max(stackHeight, start.highestStack, written.highestStack)
    let (texts, overflow) = textLength.addingReportingOverflow(met.map(\.longestText).max()!)
    bounds.textLength = overflow ? .max : texts
    return bounds
  }

  /// The flow's `verify:` bounds over the standard ones.
  package init(_ settings: VerificationSettings) {
    var bounds = Self.standard
    if let depth = settings.depth { bounds.depth = depth.value }
    if let states = settings.states { bounds.states = min(states.value, Self.mostStates) }
    if let lists = settings.listLength { bounds.listLength = lists.value }
    if let ints = settings.intMagnitude { bounds.intMagnitude = ints.value }
    if let stack = settings.stackHeight { bounds.stackHeight = stack.value }
    if let texts = settings.textLength { bounds.textLength = texts.value }
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
  /// One accepted event: from which state, which event (its index in `events`), to which
  /// state.
  package struct Transition: Sendable {
    package var from: Int32
    package var event: Int32
    package var to: Int32
  }

  /// What stopped the search short of every state.
  package struct BoundsHit: Sendable, Hashable {
    /// A path reached the most events it may have.
    package var depth = false
    /// The search stored the most states it may.
    package var states = false
    /// A state held a longer list than the bounds allow.
    package var lists = false
    /// A state held an Int of larger magnitude than the bounds allow.
    package var ints = false
    /// A state had a higher stack than the bounds allow.
    package var stack = false
    /// A state held a longer text than the bounds allow.
    package var texts = false
    /// The search was asked to stop (`shouldStop`) before it had searched from every state.
    package var interrupted = false

    /// Whether any bound was hit, or the search was interrupted: either way, states beyond
    /// were not searched.
    package var any: Bool { depth || states || lists || ints || stack || texts || interrupted }

    /// Each bound hit, by the name `verify:` gives it and in the order it lists them, with
    /// its value in `bounds`.
    package func limits(of bounds: SearchBounds) -> [(name: String, limit: Int)] {
      [
        ("depth", depth, bounds.depth), ("states", states, bounds.states),
        ("lists", lists, bounds.listLength), ("ints", ints, bounds.intMagnitude),
        ("stack", stack, bounds.stackHeight), ("texts", texts, bounds.textLength),
      ].filter(\.1).map { ($0.0, $0.2) }
    }
  }

  /// Each state, by state id, and the table that finds a state's id. The states not searched
  /// from yet are those after the one the search is at: the table is the queue.
  private var index = PackedStateIndex()
  /// The start with its history forgotten: what each stored state is restored into.
  private let template: Navigator
  /// For each screen, the events it hears from a child flow it starts.
  private let heard: [Set<String>]
  /// For each flow, the events its own `on:` hears from a child flow it starts.
  private let flowHeard: [Set<String>]
  /// Whether any screen or flow hears a child flow finish: where none does, every event
  /// available is one a user sends, with no name to look up.
  private let hearsAChild: Bool
  /// The bounds the search kept to: those asked for, raised to what nothing grew
  /// (`SearchBounds.reaching`).
  package let bounds: SearchBounds
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
  /// Every event sent, once each: what a transition's `event` indexes.
  package private(set) var events: [NavigationEvent] = []
  /// For each event in `events`, the program's id of its name where it is a named event
  /// some handler handles (`NavigationProgram.eventID(named:)`), else -1: what the event is
  /// sent by, its handler found by the id.
  private var handledAs: [Int32] = []
  /// Each event's index in `events`.
  private var eventIDs: [NavigationEvent: Int32] = [:]
  /// Each named event sent without arguments, the most common kind, by its name: hashing a
  /// name costs a fraction of hashing the whole event.
  private var plainEventIDs: [String: Int32] = [:]
  /// The events to send in each situation met with no request pending, by the situation's
  /// index (`NavigationProgram.index(of:)`).
  private var eventsBySituation: [[EventToSend]?]
  /// The events to send in each situation met with requests pending.
  private var eventsByPending: [PendingEventsKey: [EventToSend]] = [:]
  /// The concrete events (their ids) the samples make of the events a situation offers
  /// with no request pending, by what it offers: many screens offer the same events, and
  /// looking the list up costs a fraction of making it concrete again.
  private var concreteByOffered: [[NavigationEvent]: [Int32]] = [:]

  /// An event to send in a situation: its id in `events`, and whether it may change the
  /// stack the user sees there (`NavigationProgram.mayChangeVisibleStack`). One that may not
  /// cannot push a screen on top of itself, so its transitions are not compared for that.
  private struct EventToSend {
    var id: Int32
    var mayChangeStack: Bool
  }

  /// A situation with the requests pending in it.
  private struct PendingEventsKey: Hashable {
    var situation: Int
    var pending: PendingRequests
  }
  /// For each transition, whether it shows its state's visible top screen pushed once more
  /// (see `NavigationSnapshot.topPushedAgain(in:)`): the second tap of a double tap.
  private var transitionPushesTop: [Bool] = []
  /// Where each state's transitions are in `transitions`.
  private var transitionRange: [Range<Int32>] = []
  /// The bounds the search hit.
  package private(set) var boundsHit = BoundsHit()
  /// Each state's event situation (`NavigationProgram.index(of:)`), noted when the search
  /// comes to it.
  private var situations: [Int32] = []

  /// Searches from `start`: from each state, every concrete event available there that the
  /// flow accepts. `visit` is called with each state's id and navigator, in the order of
  /// the ids, when the search comes to it (whether or not the bounds let it search on from
  /// there): what a caller judges of every state, without unpacking one. `stop` is asked of
  /// each new state's navigator; `true` ends the search there (and the states not come to
  /// yet are not visited). `shouldStop` is asked every few states (`stopInterval`); once it
  /// says `true`, no state is searched from any more, but every state stored is still
  /// visited (`boundsHit.interrupted`): what an interrupted `flowc verify` reports on.
  ///
  /// Only the states are stored, as their words, not navigators: a state's navigator is the
  /// start's, its history forgotten, put in that state (`navigator(_:)`: its words copied
  /// over the navigator's). Each event is sent to that navigator in the state searched from,
  /// and the words it reaches, which are its state, are looked up as they are before
  /// anything else is made of them: most are known already.
  package init(
    from start: Navigator, samples: EventSamples, bounds: SearchBounds,
    visit: (Int, Navigator) -> Void = { _, _ in }, stop: ((Navigator) -> Bool)? = nil,
    shouldStop: (() -> Bool)? = nil
  ) {
    let bounds = bounds.reaching(
      start: start.snapshot.valueExtent, written: start.program.writtenExtent,
      sent: samples.valueExtent)
    self.bounds = bounds
    template = start.withoutHistory
    (heard, flowHeard) = start.program.childFinishesHeard()
    hearsAChild = heard.contains { !$0.isEmpty } || flowHeard.contains { !$0.isEmpty }
    eventsBySituation = Array(repeating: nil, count: start.program.eventSituationCount)
    start.withStateWords { first in
      _ = store(first, hash: PackedStateIndex.hash(first), parent: -1, depth: 0)
    }
    if stop?(start) == true { return }
    var navigator = template
    var head = -1
    while head + 1 < index.count {
      head += 1
      index.withState(head) { navigator.restore(packed: $0) }
      visit(head, navigator)
      situations.append(Int32(navigator.program.index(of: navigator.eventSituation)))
      if let shouldStop, !boundsHit.interrupted, head % Self.stopInterval == 0, shouldStop() {
        boundsHit.interrupted = true
      }
      guard !boundsHit.interrupted else { continue }
      guard Int(depth[head]) < bounds.depth else {
        boundsHit.depth = true
        continue
      }
      guard isWithinBounds(navigator.valueExtent, bounds) else { continue }
      expanded[head] = true
      let first = Int32(transitions.count)
      defer { transitionRange[head] = first..<Int32(transitions.count) }
      let visibleTop = navigator.visibleTop
      // The navigator is in the state searched from for the first event; after an event,
      // it is put back in it for the next, its words copied over its own.
      var isInState = true
      for toSend in eventsToSend(from: navigator, samples: samples) {
        if !isInState { index.withState(head) { navigator.restore(packed: $0) } }
        isInState = false
        let event = toSend.id
        let handler = handledAs[Int(event)]
        guard
          (try? navigator.sendUnderstood(
            events[Int(event)], handledAs: handler >= 0 ? Int(handler) : nil)) != nil
        else { continue }
        // The navigator's state is its words: looked up as they are, copied only if new.
        let stored = index.count
        let known = navigator.withStateWords { reached in
          let hash = PackedStateIndex.hash(reached)
          if let known = index.id(of: reached, hash: hash) { return known }
          guard index.count < bounds.states,
            index.wordCount + reached.count <= SearchBounds.mostStoredWords
          else { return Int32(-1) }
          return store(
            reached, hash: hash, parent: Int32(transitions.count), depth: depth[head] + 1)
        }
        guard known >= 0 else {
          boundsHit.states = true
          expanded[head] = false
          continue
        }
        transitions.append(Transition(from: Int32(head), event: event, to: known))
        transitionPushesTop.append(
          toSend.mayChangeStack && navigator.pushedTopAgain(since: visibleTop) { snapshot(head) })
        guard let stop, index.count > stored else { continue }
        // The start's navigator in the state reached, with no history of earlier sends.
        var reached = template
        index.withState(Int(known)) { reached.restore(packed: $0) }
        if stop(reached) { return }
      }
    }
  }

  /// How many states the search comes to between two questions to `shouldStop`.
  package static let stopInterval = 256

  /// Whether a state of `extent` may be searched from; notes each bound it goes beyond.
  private mutating func isWithinBounds(_ extent: ValueExtent, _ bounds: SearchBounds) -> Bool {
    let beyond = (
      lists: extent.longestList > bounds.listLength, ints: extent.largestInt > bounds.intMagnitude,
      stack: extent.highestStack > bounds.stackHeight, texts: extent.longestText > bounds.textLength
    )
    if beyond.lists { boundsHit.lists = true }
    if beyond.ints { boundsHit.ints = true }
    if beyond.stack { boundsHit.stack = true }
    if beyond.texts { boundsHit.texts = true }
    return !(beyond.lists || beyond.ints || beyond.stack || beyond.texts)
  }

  /// The events to send from `navigator`'s state: those available there, made concrete
  /// with the samples' values, worked out once per situation where no request is pending
  /// (the outcomes of pending ones depend on their values).
  private mutating func eventsToSend(from navigator: Navigator, samples: EventSamples)
    -> [EventToSend]
  {
    let index = Int(situations[situations.count - 1])
    guard !navigator.hasPendingRequests else {
      // The outcomes of pending requests depend on their values: worked out once per
      // situation and pending requests.
      let key = PendingEventsKey(situation: index, pending: navigator.pendingRequestsKey)
      if let known = eventsByPending[key] { return known }
      let toSend = samples.concrete(
        userEvents(navigator.availableEvents, inSituation: index),
        pending: navigator.pendingRequests
      ).map { event in
        // Joined first: the call below reads `events` as they are once it is called.
        let id = id(of: event)
        return eventToSend(id, inSituation: index)
      }
      eventsByPending[key] = toSend
      return toSend
    }
    if let known = eventsBySituation[index] { return known }
    let offered = userEvents(program.events(inSituation: index), inSituation: index)
    let ids: [Int32]
    if let known = concreteByOffered[offered] {
      ids = known
    } else {
      ids = samples.concrete(offered, pending: []).map { id(of: $0) }
      concreteByOffered[offered] = ids
    }
    let toSend = ids.map { eventToSend($0, inSituation: index) }
    eventsBySituation[index] = toSend
    return toSend
  }

  /// Event `id` (its index in `events`) to send in the situation numbered `situation`.
  private func eventToSend(_ id: Int32, inSituation situation: Int) -> EventToSend {
    EventToSend(
      id: id,
      mayChangeStack: program.mayChangeVisibleStack(
        sending: events[Int(id)], inSituation: situation)
    )
  }

  /// `available` but for the events that run a handler hearing a child flow finish: the
  /// situation's screen's (`NavigationProgram.childFinishesHeard()`) or, where the screen does
  /// not handle the event, a flow's own. Those run when the child
  /// finishes, not when a user sends them. Under an alert, where the screen beneath is not
  /// known, the root flow's are held back.
  private func userEvents(_ available: [NavigationEvent], inSituation situation: Int)
    -> [NavigationEvent]
  {
    guard hearsAChild else { return available }
    let screen = program.screen(inSituation: situation)
    return available.filter { event in
      guard case .named(let name, _) = event else { return true }
      if let screen, heard[screen].contains(name) { return false }
      guard let flow = program.flowHandling(name, visible: screen) else { return true }
      return !flowHeard[flow].contains(name)
    }
  }

  /// The id of `event` in `events`, which it joins if it is new.
  private mutating func id(of event: NavigationEvent) -> Int32 {
    if case .named(let name, let arguments) = event, arguments.isEmpty {
      if let known = plainEventIDs[name] { return known }
      let id = join(event)
      plainEventIDs[name] = id
      return id
    }
    if let known = eventIDs[event] { return known }
    let id = join(event)
    eventIDs[event] = id
    return id
  }

  /// Appends a new `event` to `events`; its id.
  private mutating func join(_ event: NavigationEvent) -> Int32 {
    events.append(event)
    if case .named(let name, _) = event, let id = program.eventID(named: name) {
      handledAs.append(Int32(id))
    } else {
      handledAs.append(-1)
    }
    return Int32(events.count - 1)
  }

  /// The compiled flow the states are of.
  package var program: NavigationProgram { template.program }

  /// State `id`'s event situation (`NavigationProgram.index(of:)`); the search must have
  /// come to it.
  package func situation(of id: Int) -> Int { Int(situations[id]) }

  /// The events some transition accepted, by their ids: an event tried only where it was
  /// refused, or whose state did not fit, is in `events` but not among these.
  package var acceptedEvents: [NavigationEvent] {
    var accepted = [Bool](repeating: false, count: events.count)
    for transition in transitions { accepted[Int(transition.event)] = true }
    return events.indices.filter { accepted[$0] }.map { events[$0] }
  }

  /// The event of `transition`.
  package func event(of transition: Transition) -> NavigationEvent {
    events[Int(transition.event)]
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
    var path: [NavigationEvent] = []
    var current = parent[id]
    while current >= 0 {
      let transition = transitions[Int(current)]
      path.append(event(of: transition))
      current = parent[Int(transition.from)]
    }
    return path.reversed()
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
