internal import FlowModel

/// What a navigator shows and holds: a stack per tab (one without tabs), the selected tab,
/// what is presented over them (bottom first), the requests still pending, the child flows
/// running, and the state. Held as one array of 32-bit words, each part written as
/// `StateWordTag` says: a copy retains one buffer, an event writes its own copy in place,
/// and two states are equal exactly when their words are, so a search of every state
/// stores, hashes and compares the words as they are (text is compared by its UTF-8 bytes:
/// two spellings Swift calls equal, a composed and a decomposed accent, are two states).
///
/// The words, in order:
/// - the selected tab; the number of tabs `T` (1 without tabs); the number of state values
///   `K`; which tabs have been shown, a bit each, in `(T + 31) / 32` words;
/// - where each section starts, `T + 3 + K` words (`Section`);
/// - the sections: the layers (their count, then each, `Layer.write(to:)`); the pending
///   requests (their count, then each); the child flows (their count, then each); each state
///   value; then each tab's stack (its entry count, then its entries). The stacks come last:
///   a push or a pop on the last tab's stack (the only one, without tabs) moves no words and
///   no section's start.
///
/// The starts are a function of the rest, so they keep equal states equal.
struct NavigationState: Sendable, Hashable {
  /// The state's words; see the type's comment.
  private(set) var words: StateBuffer

  /// The sections of the words, by number: the layers, the pending requests, the child
  /// flows, each state value, then each tab's stack (`values` is the number of state values).
  fileprivate enum Section {
    static let layers = 0
    static let pending = 1
    static let children = 2
    static func value(_ index: Int) -> Int { 3 + index }
    static func stack(_ tab: Int, values: Int) -> Int { 3 + values + tab }
  }

  init(tabCount: Int, stateValues: [Value]) {
    let tabs = max(1, tabCount)
    let table = 3 + (tabs + 31) / 32
    let sections = tabs + 3 + stateValues.count
    var count = table + sections + tabs + 3
    for index in stateValues.indices { count += stateValues[index].stateWordCount }
    words = StateBuffer(zeros: count)
    words.edit(toCount: count) { words in
      words[1] = UInt32(tabs)
      words[2] = UInt32(stateValues.count)
      // The layers, the pending requests and the child flows start empty (a count of 0
      // each), then the state values, then each stack, empty.
      for section in [Section.layers, Section.pending, Section.children] {
        words[table + section] = UInt32(table + sections + section)
      }
      var writer = StateWordWriter(words, at: table + sections + 3)
      for index in stateValues.indices {
        words[table + Section.value(index)] = UInt32(writer.position)
        stateValues[index].write(to: &writer)
      }
      for tab in 0..<tabs {
        words[table + Section.stack(tab, values: stateValues.count)] = UInt32(writer.position)
        writer.write(UInt32(0))
      }
    }
  }

  /// The state `words` hold, as `words` gave them.
  init(words: UnsafeBufferPointer<UInt32>) {
    self.words = StateBuffer(copying: words)
  }

  /// Makes this state equal to `other`, writing over this state's own words where it holds
  /// them alone: a search puts a navigator back in a state before every event it sends.
  mutating func assign(_ words: UnsafeBufferPointer<UInt32>) {
    self.words.assign(words)
  }

  // MARK: The header

  /// The number of tabs: 1 without tabs.
  var tabCount: Int { Int(words[1]) }

  /// The number of state values.
  var stateCount: Int { Int(words[2]) }

  var selectedTab: Int {
    get { Int(words[0]) }
    set { words[0] = UInt32(newValue) }
  }

  /// Whether tab `tab` has been shown (its root's `onEnter` has run), as UIKit loads a tab's
  /// view controllers the first time it is selected.
  func isLoaded(_ tab: Int) -> Bool {
    words[3 + tab / 32] & (1 << UInt32(tab % 32)) != 0
  }

  /// Notes that tab `tab` has been shown.
  mutating func setLoaded(_ tab: Int) {
    words[3 + tab / 32] |= 1 << UInt32(tab % 32)
  }

  /// Calls `body` with the words read through their layout.
  @inline(__always)
  private func read<Result>(_ body: (StateLayout) -> Result) -> Result {
    words.withUnsafeBufferPointer { body(StateLayout(words: $0)) }
  }

  /// Makes the words in `range`, in section `section`, `count` words long, then lets `write`
  /// write them from the range's start; the sections after it move. `countDelta` is added to
  /// the count at `countPosition` (before the range), and the change in length to the layer
  /// length at `lengthPosition` (before the range), in the same pass over the words.
  private mutating func replace(
    _ range: Range<Int>, inSection section: Int, count: Int, adding countDelta: Int = 0,
    toCountAt countPosition: Int? = nil, lengthAt lengthPosition: Int? = nil,
    _ write: (inout StateWordWriter) -> Void
  ) {
    let delta = count - range.count
    let total = words.count
    words.edit(toCount: total &+ delta) { words in
      let base = words.baseAddress!
      if delta != 0 {
        // What follows the range moves, and so do the starts of the sections after it.
        let tail = total &- range.upperBound
        if tail > 0 {
          // The two ranges overlap: a raw copy, which is documented to allow that.
          UnsafeMutableRawPointer(base + (range.upperBound &+ delta)).copyMemory(
            from: base + range.upperBound, byteCount: tail &* MemoryLayout<UInt32>.stride)
        }
        let table = 3 &+ (Int(base[1]) &+ 31) >> 5
        let sections = Int(base[1]) &+ 3 &+ Int(base[2])
        var later = section &+ 1
        while later < sections {
          base[table &+ later] = UInt32(truncatingIfNeeded: Int(base[table &+ later]) &+ delta)
          later &+= 1
        }
        if let lengthPosition {
          base[lengthPosition] = UInt32(truncatingIfNeeded: Int(base[lengthPosition]) &+ delta)
        }
      }
      if let countPosition {
        base[countPosition] = UInt32(truncatingIfNeeded: Int(base[countPosition]) &+ countDelta)
      }
      var writer = StateWordWriter(words, at: range.lowerBound)
      write(&writer)
    }
  }

  // MARK: Stacks

  /// A navigation stack: a tab's, or that of the screen presented in a layer.
  enum StackPlace: Equatable {
    case tab(Int)
    case layer(Int)
  }

  /// Where a stack's words are: its section, its entry count, its end, and, for a presented
  /// screen's, its layer's word count.
  fileprivate struct StackLocation {
    var section: Int
    var list: Int
    var end: Int
    var length: Int?
  }

  /// Makes the words in `range`, in the stack at `location`, `count` words long, then lets
  /// `write` write them; `countDelta` is added to the stack's entry count, and a presented
  /// screen's layer keeps its word count.
  @inline(__always)
  private mutating func replace(
    _ range: Range<Int>, in location: StackLocation, count: Int, adding countDelta: Int = 0,
    _ write: (inout StateWordWriter) -> Void
  ) {
    replace(
      range, inSection: location.section, count: count, adding: countDelta,
      toCountAt: location.list, lengthAt: location.length, write)
  }

  /// How many screens `place`'s stack holds.
  func entryCount(_ place: StackPlace) -> Int {
    read { Int($0.words[$0.list(place)]) }
  }

  /// `place`'s stack, root first.
  func entries(_ place: StackPlace) -> [StackEntry] {
    read { layout in
      var reader = StateWordReader(layout.words, at: layout.list(place))
      let count = reader.nextInt()
      var entries: [StackEntry] = []
      entries.reserveCapacity(count)
      for _ in 0..<count { entries.append(StackEntry.read(&reader)) }
      return entries
    }
  }

  /// Entry `index` of `place`'s stack.
  func entry(_ place: StackPlace, at index: Int) -> StackEntry {
    read { layout in
      var reader = StateWordReader(
        layout.words, at: layout.entryPosition(inList: layout.list(place), index))
      return StackEntry.read(&reader)
    }
  }

  /// The screen index of entry `index` of `place`'s stack, without reading its values.
  func screen(_ place: StackPlace, at index: Int) -> Int {
    read { Int($0.words[$0.entryPosition(inList: $0.list(place), index)]) }
  }

  /// The top entry of `place`'s stack.
  func lastEntry(_ place: StackPlace) -> StackEntry? {
    read { layout in
      guard let last = layout.lastEntryPosition(place) else { return nil }
      var reader = StateWordReader(layout.words, at: last)
      return StackEntry.read(&reader)
    }
  }

  /// The top screen of `place`'s stack, without reading its values.
  func lastScreen(_ place: StackPlace) -> Int? {
    read { layout in layout.lastEntryPosition(place).map { Int(layout.words[$0]) } }
  }

  /// The root screen of `place`'s stack, without reading its values.
  func firstScreen(_ place: StackPlace) -> Int? {
    read { layout in
      let list = layout.list(place)
      return layout.words[list] == 0 ? nil : Int(layout.words[list + 1])
    }
  }

  /// Pushes `entry` on `place`'s stack.
  mutating func append(_ entry: StackEntry, to place: StackPlace) {
    let location = read { $0.location(place) }
    replace(location.end..<location.end, in: location, count: entry.stateWordCount, adding: 1) {
      entry.write(to: &$0)
    }
  }

  /// Pops `place`'s top entry; `nil` when the stack is empty.
  @discardableResult
  mutating func removeLastEntry(from place: StackPlace) -> StackEntry? {
    guard
      let (location, entry, range) = read({
        layout -> (StackLocation, StackEntry, Range<Int>)? in
        let location = layout.location(place)
        guard layout.words[location.list] > 0 else { return nil }
        let last = StackEntry.start(endingAt: location.end, in: layout.words)
        var reader = StateWordReader(layout.words, at: last)
        return (location, StackEntry.read(&reader), last..<location.end)
      })
    else { return nil }
    replace(range, in: location, count: 0, adding: -1) { _ in }
    return entry
  }

  /// Keeps the first `count` entries of `place`'s stack.
  mutating func keepEntries(_ count: Int, of place: StackPlace) {
    guard
      let (location, removed, start) = read({ layout -> (StackLocation, Int, Int)? in
        let location = layout.location(place)
        let total = Int(layout.words[location.list])
        guard count < total else { return nil }
        return (location, total - count, layout.entryPosition(inList: location.list, count))
      })
    else { return }
    replace(start..<location.end, in: location, count: 0, adding: -removed) { _ in }
  }

  /// Replaces `place`'s stack with `entries`.
  mutating func setEntries<Entries: Collection<StackEntry>>(
    _ entries: Entries, of place: StackPlace
  ) {
    let location = read { $0.location(place) }
    var count = 1
    for entry in entries { count += entry.stateWordCount }
    replace(location.list..<location.end, in: location, count: count) { writer in
      writer.write(entries.count)
      for entry in entries { entry.write(to: &writer) }
    }
  }

  /// Every tab's stack (the only one's, without tabs), root first.
  var stacks: [[StackEntry]] { (0..<tabCount).map { entries(.tab($0)) } }

  // MARK: Layers

  /// What a layer is, without its text or entries read.
  enum LayerKind: Equatable {
    case alert(Int)
    case screen(ModalStyle, hasNavigation: Bool)
  }

  /// How many layers are presented.
  var layerCount: Int { read { Int($0.words[$0.layerList]) } }

  /// What layer `layer` is.
  func layerKind(_ layer: Int) -> LayerKind {
    read { layout in
      let position = layout.layerPosition(layer)
      let words = layout.words
      let detail = Int(words[position + Layer.Word.detail])
      switch words[position + Layer.Word.kind] {
      case 0: return .alert(detail)
      case 1: return .screen(.sheet, hasNavigation: detail == 1)
      default: return .screen(.fullScreen, hasNavigation: detail == 1)
      }
    }
  }

  /// Layer `layer`, read whole.
  func layer(_ layer: Int) -> Layer {
    read { layout in
      var reader = StateWordReader(layout.words, at: layout.layerPosition(layer))
      return Layer.read(&reader)
    }
  }

  /// Every layer, bottom first.
  var layers: [Layer] { (0..<layerCount).map(layer) }

  /// The topmost presented screen's layer index, if a screen is presented.
  var topScreenLayer: Int? { read { $0.topScreenLayer } }

  /// The stack the user sees: the topmost presented screen's, else the selected tab's.
  var visibleStack: StackPlace { read { $0.visibleStack } }

  /// The stack the user sees, its top screen, and whether an alert is on top of it, read in
  /// one pass: what an event asks first.
  var visibleTop: (place: StackPlace, screen: Int?, isUnderAlert: Bool) {
    read { layout in
      let (top, isUnderAlert) = layout.topScreenLayerAndAlert
      let place = top.map { StackPlace.layer($0) } ?? .tab(Int(layout.words[0]))
      return (place, layout.lastEntryPosition(place).map { Int(layout.words[$0]) }, isUnderAlert)
    }
  }

  /// The index of the alert on top, if the top layer is one.
  var topAlertIndex: Int? {
    read { layout in
      let count = Int(layout.words[layout.layerList])
      guard count > 0 else { return nil }
      let position = layout.layerPosition(count - 1)
      return layout.words[position + Layer.Word.kind] == 0
        ? Int(layout.words[position + Layer.Word.detail]) : nil
    }
  }

  /// The alert on top, if the top layer is one.
  var topAlert: (index: Int, text: AlertText)? {
    let count = layerCount
    guard count > 0, case .alert(let index, let text) = layer(count - 1) else { return nil }
    return (index, text)
  }

  /// Presents `layer` over the others.
  mutating func appendLayer(_ layer: Layer) {
    let (list, end) = read { layout in
      (layout.layerList, layout.layerPosition(Int(layout.words[layout.layerList])))
    }
    replace(
      end..<end, inSection: Section.layers, count: layer.stateWordCount,
      adding: 1, toCountAt: list
    ) { layer.write(to: &$0) }
  }

  /// Removes layer `layer`, without reading it.
  mutating func removeLayer(at layer: Int) {
    let (list, range) = read { layout in
      let position = layout.layerPosition(layer)
      return (layout.layerList, position..<Layer.skip(layout.words, at: position))
    }
    replace(range, inSection: Section.layers, count: 0, adding: -1, toCountAt: list) { _ in }
  }

  /// Removes the top layer, if one is presented.
  mutating func removeLastLayer() {
    let count = layerCount
    if count > 0 { removeLayer(at: count - 1) }
  }

  /// Gives the screen presented in layer `layer` a navigation controller or takes it away.
  mutating func setHasNavigation(_ hasNavigation: Bool, layer: Int) {
    let position = read { $0.layerPosition(layer) }
    words[position + Layer.Word.detail] = hasNavigation ? 1 : 0
  }

  // MARK: Pending requests

  /// How many requests are pending.
  var pendingCount: Int { read { Int($0.words[$0.pendingList]) } }

  /// The requests started and not yet resolved, in the order they started.
  var pending: [PendingRequest] { parts(ofSection: Section.pending) }

  /// The positions, among the pending requests in the order they started, of those of
  /// request `request`: read from their first words, without their values made.
  func pendingPositions(of request: Int) -> [Int] {
    read { layout in
      var positions: [Int] = []
      layout.forEachPart(inList: layout.pendingList, PendingRequest.skip) { index, start in
        if Int(layout.words[start]) == request { positions.append(index) }
      }
      return positions
    }
  }

  /// Whether a request is pending twice with the same values.
  var pendsARequestTwice: Bool {
    guard pendingCount > 1 else { return false }
    return read { layout in
      let words = layout.words
      // Where each request's words start (its index first), and, last, where they end.
      let bounds = layout.partBounds(inList: layout.pendingList, PendingRequest.skip)
      let count = bounds.count - 1
      // A few requests pend at a time: compared pair by pair, on their words, without a set
      // to hash them into or their values made; only two of one request are compared at all.
      for later in 1..<count {
        for earlier in 0..<later where words[bounds[earlier]] == words[bounds[later]] {
          let first = UnsafeBufferPointer(rebasing: words[bounds[earlier]..<bounds[earlier + 1]])
          let second = UnsafeBufferPointer(rebasing: words[bounds[later]..<bounds[later + 1]])
          if wordsEqual(first, second) { return true }
          // Unlike words may still be equal values: text of one accent spelt two ways.
          var firstReader = StateWordReader(words, at: bounds[earlier])
          var secondReader = StateWordReader(words, at: bounds[later])
          if PendingRequest.read(&firstReader) == PendingRequest.read(&secondReader) {
            return true
          }
        }
      }
      return false
    }
  }

  /// Notes `request` as pending, after the others.
  mutating func appendPending(_ request: PendingRequest) {
    append(request, toSection: Section.pending)
  }

  /// Removes pending request `index` and returns it.
  mutating func removePending(at index: Int) -> PendingRequest {
    removePart(at: index, ofSection: Section.pending)
  }

  // MARK: Child flows

  /// How many child flows are running.
  var childCount: Int { read { Int($0.words[$0.childList]) } }

  /// The child flows started and not yet finished, in the order they started.
  var children: [ChildFlow] { parts(ofSection: Section.children) }

  /// Notes `child` as running, after the others.
  mutating func appendChild(_ child: ChildFlow) {
    append(child, toSection: Section.children)
  }

  /// Removes child flow `index` and returns it.
  mutating func removeChild(at index: Int) -> ChildFlow {
    removePart(at: index, ofSection: Section.children)
  }

  // MARK: Sections that are lists

  /// The parts of `section`, a list: its count, then each part.
  private func parts<Part: StateWordPart>(ofSection section: Int) -> [Part] {
    read { layout in
      var reader = StateWordReader(layout.words, at: layout.start(ofSection: section))
      let count = reader.nextInt()
      var parts: [Part] = []
      parts.reserveCapacity(count)
      for _ in 0..<count { parts.append(Part.read(&reader)) }
      return parts
    }
  }

  /// Writes `part` after the parts of `section`, a list.
  private mutating func append<Part: StateWordPart>(_ part: Part, toSection section: Int) {
    let (list, end) = read { layout in
      let list = layout.start(ofSection: section)
      return (list, layout.position(after: Int(layout.words[list]), in: list, Part.skip))
    }
    replace(
      end..<end, inSection: section, count: part.stateWordCount, adding: 1, toCountAt: list
    ) { part.write(to: &$0) }
  }

  /// Removes part `index` of `section`, a list, and returns it.
  private mutating func removePart<Part: StateWordPart>(at index: Int, ofSection section: Int)
    -> Part
  {
    let (list, removed, range) = read { layout in
      let list = layout.start(ofSection: section)
      var reader = StateWordReader(
        layout.words, at: layout.position(after: index, in: list, Part.skip))
      let start = reader.position
      return (list, Part.read(&reader), start..<reader.position)
    }
    replace(range, inSection: section, count: 0, adding: -1, toCountAt: list) { _ in }
    return removed
  }

  // MARK: State values

  /// State value `index`.
  func value(at index: Int) -> Value {
    read { layout in
      var reader = StateWordReader(layout.words, at: layout.valueStart(index))
      return Value.read(&reader)!
    }
  }

  /// State value `index` when it is a flag, read without making a value.
  func flag(at index: Int) -> Bool? {
    switch read({ $0.words[$0.valueStart(index)] }) {
    case StateWordTag.true: true
    case StateWordTag.false: false
    default: nil
    }
  }

  /// Whether state value `index` is a list.
  func isList(at index: Int) -> Bool {
    read { $0.words[$0.valueStart(index)] == StateWordTag.list }
  }

  /// Writes state value `index`.
  mutating func setValue(_ value: Value, at index: Int) {
    let range = read { $0.range(ofSection: Section.value(index)) }
    replace(range, inSection: Section.value(index), count: value.stateWordCount) {
      value.write(to: &$0)
    }
  }

  /// Appends `value` to state value `index`, which must be a list; a list `value` appends
  /// its items, as `append:` does.
  mutating func append(itemOrItems value: Value, toListAt index: Int) {
    let section = Section.value(index)
    let range = read { $0.range(ofSection: section) }
    // A list's items are written as the list's words are, without its tag and count.
    let items: [Value]? = if case .list(let items) = value { items } else { nil }
    replace(
      range.upperBound..<range.upperBound, inSection: section,
      count: items == nil ? value.stateWordCount : value.stateWordCount - 2,
      adding: items?.count ?? 1, toCountAt: range.lowerBound + 1
    ) { writer in
      guard let items else { return value.write(to: &writer) }
      for item in items.indices { items[item].write(to: &writer) }
    }
  }

  /// Every state value, in the program's order.
  var stateValues: [Value] { (0..<stateCount).map(value(at:)) }

  /// The words of state value `index`, for `body`.
  func withValueWords<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result)
    -> Result
  {
    read { layout in
      body(
        UnsafeBufferPointer(
          rebasing: layout.words[layout.range(ofSection: Section.value(index))]))
    }
  }

  /// Calls `body` with the whole state's words.
  func withWords<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
    words.withUnsafeBufferPointer(body)
  }

  /// Calls `screen` with the index of every screen on a tab's stack or a presented screen's,
  /// and `alert` with that of every alert presented, read from the words.
  func forEachShown(screen: (Int) -> Void, alert: (Int) -> Void) {
    read { layout in
      let words = layout.words
      /// Calls `screen` for the entries of the list whose count is at `list`; returns its end.
      func visitEntries(at list: Int) -> Int {
        var position = list + 1
        for _ in 0..<Int(words[list]) {
          screen(Int(words[position]))
          position = StackEntry.skip(words, at: position)
        }
        return position
      }
      for tab in 0..<layout.tabs { _ = visitEntries(at: layout.stackList(tab)) }
      let layers = layout.layerList
      var position = layers + 1
      for _ in 0..<Int(words[layers]) {
        if words[position + Layer.Word.kind] == 0 {
          alert(Int(words[position + Layer.Word.detail]))
        } else {
          _ = visitEntries(at: position + Layer.Word.entries)
        }
        position = Layer.skip(words, at: position)
      }
    }
  }

  // MARK: Measures

  /// The longest list, the largest Int and the longest text the state holds in its state
  /// values, its screens' and its requests' values (the pending requests and the child flows
  /// running each count as a list), and its highest stack (the layers count as one): see
  /// `NavigationSnapshot.valueExtent`. Read from the words, with no value made.
  var valueExtent: ValueExtent {
    read { layout in
      let words = layout.words
      var extent = ValueExtent()
      /// Measures the entries of the list whose count is at `list`; returns its end.
      func measureEntries(at list: Int) -> Int {
        let count = Int(words[list])
        extent.highestStack = max(extent.highestStack, count)
        var position = list + 1
        for _ in 0..<count {
          if words[position + 1] != 0 { _ = extent.measureArguments(words, at: position + 1) }
          position = StackEntry.skip(words, at: position)
        }
        return position
      }
      let layers = layout.layerList
      let pending = layout.pendingList
      extent.longestList = max(Int(words[pending]), Int(words[layout.childList]))
      extent.highestStack = Int(words[layers])
      for value in 0..<layout.values {
        _ = extent.measureValue(words, at: layout.valueStart(value))
      }
      for tab in 0..<layout.tabs {
        _ = measureEntries(at: layout.stackList(tab))
      }
      var position = layers + 1
      for _ in 0..<Int(words[layers]) {
        if words[position + Layer.Word.kind] != 0 {
          _ = measureEntries(at: position + Layer.Word.entries)
        }
        position = Layer.skip(words, at: position)
      }
      position = pending + 1
      for _ in 0..<Int(words[pending]) {
        position = extent.measureArguments(words, at: position + 1)
      }
      return extent
    }
  }
}

/// The words of a `NavigationState`, read through its layout: where each section starts and
/// where each part of a section is. Read without bounds checks in release builds: a state's
/// words are only ever written by `NavigationState`, which keeps them in this layout.
private struct StateLayout {
  let words: UnsafeBufferPointer<UInt32>

  /// The number of tabs.
  var tabs: Int { Int(words[1]) }
  /// The number of state values.
  var values: Int { Int(words[2]) }
  /// Where the section table starts.
  var table: Int { 3 &+ (tabs &+ 31) >> 5 }

  @inline(__always)
  func start(ofSection section: Int) -> Int { Int(words[table &+ section]) }

  func range(ofSection section: Int) -> Range<Int> {
    let start = start(ofSection: section)
    let isLast = section + 1 == tabs + 3 + values
    return start..<(isLast ? words.count : Int(words[table + section + 1]))
  }

  /// Where the layers' count is.
  var layerList: Int { start(ofSection: NavigationState.Section.layers) }
  /// Where the pending requests' count is.
  var pendingList: Int { start(ofSection: NavigationState.Section.pending) }
  /// Where the child flows' count is.
  var childList: Int { start(ofSection: NavigationState.Section.children) }
  /// Where state value `index` starts.
  func valueStart(_ index: Int) -> Int { start(ofSection: NavigationState.Section.value(index)) }
  /// Where tab `tab`'s stack, its entry count, starts.
  @inline(__always)
  func stackList(_ tab: Int) -> Int {
    start(ofSection: 3 &+ values &+ tab)
  }

  /// Where the part after the first `index` parts of the list whose count is at `list`
  /// starts, each part skipped with `skip`.
  @inline(__always)
  func position(
    after index: Int, in list: Int, _ skip: (UnsafeBufferPointer<UInt32>, Int) -> Int
  ) -> Int {
    var position = list + 1
    for _ in 0..<index { position = skip(words, position) }
    return position
  }

  /// Where each part of the list whose count is at `list` starts, and, last, where the last
  /// one ends, each part skipped with `skip`.
  func partBounds(inList list: Int, _ skip: (UnsafeBufferPointer<UInt32>, Int) -> Int) -> [Int] {
    var bounds: [Int] = []
    bounds.reserveCapacity(Int(words[list]) + 1)
    let end = forEachPart(inList: list, skip) { _, start in bounds.append(start) }
    bounds.append(end)
    return bounds
  }

  /// Calls `body` with the index and start of each part of the list whose count is at
  /// `list`, in order, each part skipped with `skip`; returns where the last one ends.
  @inline(__always)
  @discardableResult
  func forEachPart(
    inList list: Int, _ skip: (UnsafeBufferPointer<UInt32>, Int) -> Int,
    _ body: (_ index: Int, _ start: Int) -> Void
  ) -> Int {
    var position = list + 1
    for index in 0..<Int(words[list]) {
      body(index, position)
      position = skip(words, position)
    }
    return position
  }

  /// Where layer `layer` starts (the layers' end for their count).
  func layerPosition(_ layer: Int) -> Int { position(after: layer, in: layerList, Layer.skip) }

  /// Where entry `index` of the list whose count is at `list` starts (its end for the count).
  func entryPosition(inList list: Int, _ index: Int) -> Int {
    position(after: index, in: list, StackEntry.skip)
  }

  /// Where `place`'s entry count is.
  @inline(__always)
  func list(_ place: NavigationState.StackPlace) -> Int {
    switch place {
    case .tab(let tab): stackList(tab)
    case .layer(let layer): layerPosition(layer) + Layer.Word.entries
    }
  }

  /// Where `place`'s entries end.
  @inline(__always)
  func listEnd(_ place: NavigationState.StackPlace) -> Int {
    switch place {
    // The last tab's stack ends the words; another is followed by the next tab's.
    case .tab(let tab): tab + 1 == tabs ? words.count : stackList(tab + 1)
    // A screen's layer ends with its entries.
    case .layer(let layer): Layer.skip(words, at: layerPosition(layer))
    }
  }

  /// Where `place`'s stack's words are.
  @inline(__always)
  fileprivate func location(_ place: NavigationState.StackPlace) -> NavigationState.StackLocation {
    switch place {
    case .tab(let tab):
      return NavigationState.StackLocation(
        section: 3 &+ values &+ tab, list: stackList(tab),
        end: tab &+ 1 == tabs ? words.count : stackList(tab &+ 1), length: nil)
    case .layer(let layer):
      let position = layerPosition(layer)
      return NavigationState.StackLocation(
        section: NavigationState.Section.layers, list: position &+ Layer.Word.entries,
        end: position &+ Int(words[position &+ Layer.Word.length]),
        length: position &+ Layer.Word.length)
    }
  }

  /// Where `place`'s top entry starts; `nil` when the stack is empty.
  @inline(__always)
  func lastEntryPosition(_ place: NavigationState.StackPlace) -> Int? {
    let list: Int
    let end: Int
    switch place {
    case .tab(let tab):
      list = stackList(tab)
      end = tab + 1 == tabs ? words.count : stackList(tab + 1)
    case .layer(let layer):
      let position = layerPosition(layer)
      list = position + Layer.Word.entries
      end = position + Int(words[position + Layer.Word.length])
    }
    return words[list] == 0 ? nil : StackEntry.start(endingAt: end, in: words)
  }

  /// The stack the user sees: the topmost presented screen's, else the selected tab's.
  var visibleStack: NavigationState.StackPlace {
    topScreenLayer.map { .layer($0) } ?? .tab(Int(words[0]))
  }

  /// The topmost presented screen's layer index, if a screen is presented.
  var topScreenLayer: Int? { topScreenLayerAndAlert.layer }

  /// The topmost presented screen's layer index, if a screen is presented, and whether the
  /// top layer is an alert.
  @inline(__always)
  var topScreenLayerAndAlert: (layer: Int?, isAlert: Bool) {
    let list = layerList
    let count = Int(words[list])
    guard count > 0 else { return (nil, false) }
    var top: Int?
    var isAlert = false
    var position = list + 1
    for layer in 0..<count {
      isAlert = words[position + Layer.Word.kind] == 0
      if !isAlert { top = layer }
      position = Layer.skip(words, at: position)
    }
    return (top, isAlert)
  }
}

/// A screen in a stack: its index and one value per parameter (`nil` for an optional
/// parameter left out).
struct StackEntry: Sendable, Hashable {
  var screen: Int
  var arguments: [Value?]
}

/// One thing presented modally.
enum Layer: Sendable, Hashable {
  /// An alert, with its title and message as they were when it was presented.
  case alert(Int, AlertText)
  /// A screen, as a sheet or a full-screen cover, with a navigation stack of its own when
  /// presented with `stack: true` (its root first).
  case screen(ModalStack)
}

/// A presented screen and, when it has a navigation controller, what was pushed on it.
struct ModalStack: Sendable, Hashable {
  var entries: [StackEntry]
  var style: ModalStyle
  var hasNavigation: Bool
}

/// An alert's text, with its values inserted when it was presented.
struct AlertText: Sendable, Hashable {
  var title: String?
  var message: String?
}

/// A child flow running: who started it, to tell when it finishes.
struct ChildFlow: Sendable, Hashable {
  var flow: Int
  var parent: Int
  /// The screen whose handler started it, if a screen's did.
  var starter: StackEntry?
}

/// A request started and not yet completed or failed.
struct PendingRequest: Sendable, Hashable {
  var request: Int
  var arguments: [Value?]
}

/// What an instruction can read when it runs: the event's arguments (or a request's values),
/// and the screen whose handler or `onEnter` runs, with its values.
struct ExecutionContext {
  /// What to name when an argument is missing: the event, or a request's outcome.
  var source: ArgumentSource = .none
  /// The flow whose operation runs: its state, its children.
  var flow = 0
  var eventArguments: [String: Value] = [:]
  /// The screen whose handler or `onEnter` runs.
  var screen: Int?
  /// That screen's values, one per parameter.
  var screenArguments: [Value?] = []

  /// Whether `operand` reads the screen's parameter of its name, which the screen was
  /// shown without (an optional left out), and no event's argument of that name.
  func readsLeftOutParameter(_ operand: Operand) -> Bool {
    guard case .reference(let name, let parameter?, _) = operand, eventArguments[name] == nil,
      parameter < screenArguments.count
    else { return false }
    return screenArguments[parameter] == nil
  }

  /// Where the arguments come from, for messages.
  enum ArgumentSource {
    case none
    case event(String)
    case outcome(String, RequestOutcome)
  }
}
