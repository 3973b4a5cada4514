public import FlowDiagnostics
public import FlowModel
import FlowParallel

/// Checks a decoded flow the way a compiler checks a program: every name refers to
/// something, every screen can be reached (from `start`, a tab or a deep link), alerts can
/// be dismissed, bar buttons do something, child flows are started and heard, and the
/// checklist talks about things that exist.
public enum FlowChecker {
  /// Runs every rule and returns what they found, in source order.
  ///
  /// - Parameters:
  ///   - tree: the flow with the child flows it uses, when it uses any; the checklist may
  ///     name their screens, and `start:` and `finish` are checked against them.
  ///   - afterDecodingErrors: whether decoding already failed somewhere; rules that would
  ///     only repeat those errors as consequences (reachability) are skipped.
  public static func check(
    _ flow: Flow, tree: FlowTree? = nil, afterDecodingErrors: Bool = false
  ) -> [Diagnostic] {
    let checker = Checker(
      flow: flow, tree: tree ?? FlowTree(flow),
      screensUnread: afterDecodingErrors && flow.screens.isEmpty)
    checker.checkNames()
    let screenTargets = checker.checkScreens()
    let outsideScreens = checker.checkOperationsOutsideScreens()
    // In the order the flow's operations read: `start` first, whose place names a text's
    // unknown name when an alert is presented from several.
    let everyOperation = [outsideScreens.start] + screenTargets + outsideScreens.others
    var entryTargets = outsideScreens.start
    for targets in [checker.checkTabs(), checker.checkLinks(), outsideScreens.flowEvents] {
      entryTargets.screens += targets.screens
      entryTargets.alerts += targets.alerts
      entryTargets.requests += targets.requests
    }
    checker.checkAlerts()
    checker.checkRequests(screenTargets: screenTargets, outside: outsideScreens)
    checker.checkAlertTexts(presentedFrom: everyOperation)
    if !afterDecodingErrors {
      checker.checkReachability(
        screenTargets: screenTargets, startTargets: entryTargets,
        alertTargets: outsideScreens.alerts, requestTargets: outsideScreens.requests)
    }
    checker.checkUnusedFlows(started: everyOperation)
    checker.checkChildFlowNames()
    checker.checkPushesOnModals(everyOperation)
    checker.checkArgumentTypes()
    checker.checkChecklist()
    checker.checkProperties()
    return checker.sink.diagnostics.sortedByLocation()
  }
}

/// The state of one check: the flow and what has been reported.
///
/// Rules only read the flow and report into a sink held by reference, so they are not
/// `mutating` and read the flow in place: walking thousands of screens copies none of them.
struct Checker {
  let flow: Flow
  private let reported: Reported

  /// The sink every rule reports into.
  var sink: DiagnosticSink {
    get { reported.sink }
    nonmutating _modify { yield &reported.sink }
  }

  /// The flow with the child flows it uses (only the flow, when it uses none).
  let tree: FlowTree

  /// Whether the flow's screens could not be read (`screns:` misspelt, or `screens:` itself
  /// in error): every screen it names is then unknown as a consequence, not a mistake.
  let screensUnread: Bool

  init(flow: Flow, tree: FlowTree? = nil, screensUnread: Bool = false) {
    self.flow = flow
    self.tree = tree ?? FlowTree(flow)
    self.reported = Reported(sink: DiagnosticSink(file: flow.file))
    self.suggestions = SuggestionCache()
    self.screensUnread = screensUnread
  }

  /// The sets of names a misspelling is compared with, each kept once it is first needed.
  private let suggestions: SuggestionCache

  /// Where a checker's diagnostics accumulate: each checker is filled on one thread (a
  /// chunk's, in `checkScreens`) and read after that thread has finished.
  private final class Reported {
    var sink: DiagnosticSink
    init(sink: DiagnosticSink) { self.sink = sink }
  }

  /// Reports a name that refers to nothing, with a "did you mean" note at the closest
  /// declaration and a fix-it, when one is close.
  ///
  /// A `set` names a candidate list the flow fixes (all its screens, say): it is built and
  /// indexed once, so a thousand misspellings among a thousand names stay fast.
  ///
  /// - Returns: the name suggested, when the error is reported with one.
  @discardableResult
  func reportUnknown(
    _ message: DiagnosticMessage, name: Located<String>,
    candidates: @autoclosure () -> [Located<String>], set: CandidateSet? = nil,
    fileOfCandidate: ((Int) -> String)? = nil
  ) -> String? {
    // One error per mistake: a name whose declaration had an error of its own is not
    // reported again, nor one that a child flow that could not be read, or screens that
    // could not be read, may declare, unless a name the flow does declare is close to it
    // (`logotu` for the flow's `logout`: a typo of its own).
    guard !flow.namesWithErrors.contains(name.value) else { return nil }
    let mayBeUnread =
      (hasUnreadChildFlows && Self.childDeclarable.contains(message.id.rawValue))
      || (screensUnread && Self.screenDeclarable.contains(message.id.rawValue))
    let names: [Located<String>]
    let position: Int?
    if let set {
      let (indexed, index) = suggestions.names(set, candidates)
      (names, position) = (indexed, index.closestPosition(to: name.value))
    } else {
      names = candidates()
      position = Suggestion.closestOffset(to: name.value, among: names.lazy.map(\.value))
    }
    if mayBeUnread, position == nil { return nil }
    var notes: [Diagnostic.Note] = []
    var fixIts: [FixIt] = []
    if let position {
      let declaration = names[position]
      let suggestion = declaration.value
      // A name declared in a child flow is declared in the child's file; one declared
      // nowhere (a built-in property, placed at the name itself) has no place to show.
      let file = fileOfCandidate.map { $0(position) }.flatMap { $0 == flow.file ? nil : $0 }
      if declaration.range == name.range, file == nil {
        notes.append(.init("did you mean '\(suggestion)'?"))
      } else {
        notes.append(
          .init(
            "did you mean '\(suggestion)'? declared here", file: file, range: declaration.range))
      }
      fixIts.append(FixIt(range: name.range, replacement: suggestion))
    }
    sink.report(message, at: name.range, notes: notes, fixIts: fixIts)
    return position.map { names[$0].value }
  }

  /// The file of each name of `screenNamesAnywhere` (then, with `alerts`, of each alert
  /// name that follows), by position: the root's or a child flow's.
  func fileOfNameAnywhere(alerts: Bool = false) -> (Int) -> String {
    let files =
      tree.flows.flatMap { child in child.screens.map { _ in child.file } }
      + (alerts ? tree.flows.flatMap { child in child.alerts.map { _ in child.file } } : [])
    return { files[$0] }
  }

  /// Whether a child flow the flow uses could not be read (its error is at its `use:`).
  var hasUnreadChildFlows: Bool {
    let root = tree.flows.firstIndex { $0.file == flow.file } ?? 0
    return flow.uses.contains { tree.child($0.name.value, of: root) == nil }
  }

  /// What a child flow declares, and so what a flow that uses an unread one cannot judge.
  static let childDeclarable: Set<String> = [
    "check.unknown-screen", "check.unknown-state", "check.unknown-presentable",
    "checklist.unknown-event", "checklist.unknown-action",
  ]

  /// What the screens declare, and so what a flow whose screens could not be read cannot
  /// judge: screen names, and events only screens handle.
  static let screenDeclarable: Set<String> = [
    "check.unknown-screen", "check.unknown-presentable", "checklist.unknown-event",
  ]

  /// Screen and alert names clash when the same name is both.
  func checkNames() {
    for alert in flow.alerts where flow.indexOfScreen(named: alert.name.value) != nil {
      sink.report(.nameClash(alert.name.value), at: alert.name.range)
    }
  }

  /// The rules that look at one screen at a time, over thousands of screens on every core;
  /// returns what each screen shows, for reachability.
  func checkScreens() -> [NavigationTargets] {
    let flow = self.flow
    let (targets, checkers) = Parallel.compactMap(
      count: flow.screens.count, minimumChunk: 2_000,
      makeState: { [tree, screensUnread] _ in
        Checker(flow: flow, tree: tree, screensUnread: screensUnread)
      },
      transform: { index, local in
        local.checkNavigationBar(ofScreen: index)
        local.checkBarTexts(ofScreen: index)
        local.checkEventNames(ofScreen: index)
        return local.checkOperations(ofScreen: index)
      })
    for checker in checkers {
      sink.append(contentsOf: checker.sink.diagnostics)
    }
    return targets
  }

  var screenNames: [Located<String>] { flow.screens.map(\.name) }
  var alertNames: [Located<String>] { flow.alerts.map(\.name) }
  var stateNames: [Located<String>] { flow.state.map(\.name) }
}

/// Where an operation is written, which decides what `$name` can read.
enum OperationOrigin {
  case start
  /// In a handler of the screen at this index.
  case event(screen: Int)
  /// In the `onEnter` or `onAppear` of the screen at this index.
  case onEnter(screen: Int)
  case alertAction
  /// In a route of the deep link at this index, where `$name` reads a pattern variable.
  case link(Int)
  /// In a flow-level handler (`on:` at the top), where `$name` reads the event's arguments.
  case flowEvent
  /// In an outcome of the request at this index, where `$name` reads its values and the
  /// values the step resolves it with.
  case request(Int)

  /// The index of the screen whose parameters `$name` can read, if any.
  var screen: Int? {
    switch self {
    case .event(let screen), .onEnter(let screen): screen
    case .start, .alertAction, .link, .flowEvent, .request: nil
    }
  }

  /// Whether `$name` may read values that are only known when the operation runs: an
  /// event's arguments or a request's outcome values.
  var readsRuntimeValues: Bool {
    switch self {
    case .event, .flowEvent, .request: true
    case .start, .onEnter, .alertAction, .link: false
    }
  }
}

extension Flow {
  /// The operations of one screen: its `onEnter`, `onAppear` and handlers.
  func forEachOperation(ofScreen index: Int, _ body: (Operation, OperationOrigin) -> Void) {
    forEachRootOperation(ofScreen: index) { root, origin in root.visit { body($0, origin) } }
  }

  /// The operations a screen's `onEnter`, `onAppear` and handlers hold, each whole (the
  /// operations nested in them are the caller's to visit).
  func forEachRootOperation(ofScreen index: Int, _ body: (Operation, OperationOrigin) -> Void) {
    // Read in place: taking an operation out of the array, or the screen's optional
    // `onEnter`, would copy it, retaining every name it holds.
    screens.withUnsafeBufferPointer { screens in
      screens[index].onEnter.map { body($0, .onEnter(screen: index)) }
      screens[index].onAppear.map { body($0, .onEnter(screen: index)) }
      for handler in screens[index].handlers.indices {
        body(screens[index].handlers[handler].operation, .event(screen: index))
      }
    }
  }
}
