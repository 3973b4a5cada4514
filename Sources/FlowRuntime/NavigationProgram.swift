public import FlowModel

/// A flow compiled for execution, shared by every navigator that runs it.
///
/// Names are resolved to indexes once, here, so sending an event costs one dictionary
/// lookup for its name and then only array accesses. Immutable, so it is safely shared
/// across threads and tests.
public final class NavigationProgram: Sendable {
  /// The flow this program runs (the root, when it uses child flows).
  public let flow: Flow
  /// The root flow and the child flows it uses.
  public let tree: FlowTree
  /// Every flow's screens, alerts, requests and state, one after another, the root's first.
  let screens: [CompiledScreen]
  let alerts: [CompiledAlert]

  /// Every alert of every flow as it shows when presented (templates unresolved), so an
  /// app's alert, which carries no flow name, can be named by what it shows.
  public var alertContents: [PresentedAlert] { alerts.map(\.contents) }
  let requests: [CompiledRequest]
  let flows: [CompiledFlow]
  /// Screen names to indexes: the root's, then each child's where its name is free, and
  /// every child's as `Flow.Screen`.
  let screenIndex: [String: Int]
  /// Each event a handler of any flow handles, by name, to its id.
  let eventIndex: [String: Int]
  /// Every state value's name, in order: the root's, then each child flow's as `Flow.name`.
  public let stateNames: [String]
  /// State names to indexes: the root's plain, each child's as `Flow.name`.
  let stateIndex: [String: Int]
  let initialState: [Value]
  /// What each state's items must be, where it is a list whose default sets a rule; for a
  /// record state, what a record written to it must be.
  let listItemRules: [ListItemRule?]
  let start: Instruction?
  let tabs: [CompiledTab]
  let tabIndex: [String: Int]
  let links: [CompiledLink]
  /// Each request's index in `requests`, by every name a step may give it
  /// (`FlowTree.requestAddresses`): a child's by `Child.request` too.
  let requestIndex: [String: Int]
  /// The events available in each situation; see `eventsBySituation`.
  let situationEvents: [[NavigationEvent]]
  /// Everything a checklist can exercise; a target's id is its index. See `CoverageTarget`.
  public let coverageTargets: [CoverageTarget]

  /// Compiles a flow that uses no other; see `init(tree:)`.
  public convenience init(_ flow: Flow) {
    self.init(tree: FlowTree(flow))
  }

  /// Compiles a flow and its child flows. A flow with errors still compiles; what the
  /// checker reported fails when it runs.
  // Better whole: one pass over the tree's flows fills the shared tables (screens, alerts,
  // requests, flows, state) whose offsets every flow's compiler reads; split, they would travel as
  // a dozen inout parameters.
  public init(tree: FlowTree) {
    self.tree = tree
    let root = tree.root
    self.flow = root
    var eventIndex: [String: Int] = [:]
    for flow in tree.flows {
      for handler in flow.screens.flatMap(\.handlers) + flow.handlers
      where eventIndex[handler.event.value] == nil {
        eventIndex[handler.event.value] = eventIndex.count
      }
    }
    let tabIndex = Self.index(root.tabs.map(\.name.value))
    // Where each flow's screens, alerts, requests and state start in the shared arrays.
    var offsets: [Offsets] = []
    var next = Offsets()
    for flow in tree.flows {
      offsets.append(next)
      next.screens += flow.screens.count
      next.alerts += flow.alerts.count
      next.requests += flow.requests.count
      next.state += flow.state.count
    }
    // A child's request is named by itself where no flow before it has one of its name, else
    // as `Child.request`: what steps, expectations and the log call it.
    let requestNames = tree.requestChecklistNames
    let coverage = CoverageTable()
    let compilers = tree.flows.indices.map { index in
      InstructionCompiler(
        flow: tree.flows[index], flowIndex: index, offsets: offsets[index],
        children: tree.children[index], tabIndex: tabIndex, childFlows: tree.flows,
        childOffsets: offsets, coverage: coverage)
    }
    var screens: [CompiledScreen] = []
    var alerts: [CompiledAlert] = []
    var requests: [CompiledRequest] = []
    var flows: [CompiledFlow] = []
    var stateNames: [String] = []
    var initialState: [Value] = []
    for (index, flow) in tree.flows.enumerated() {
      let compiler = compilers[index]
      screens += flow.screens.map { screen in
        let name = compiler.screenName(screen)
        let shown = coverage.add(
          .screen, name, screen: name, file: flow.file, at: screen.name.range)
        let buttons = BarSide.allCases.map { side in
          screen.navigationBar.item(side).flatMap { item in
            item.action.map { action in
              coverage.add(
                .barButton, "\(name): \(side.rawValue) button (\(action.value))", screen: name,
                file: flow.file, at: item.range)
            }
          }
        }
        return CompiledScreen(
          name: screen.name.value, flow: index,
          parameters: screen.params.map(\.name.value),
          parameterTypes: screen.params.map(\.type.value),
          handlers: CompiledHandlers(
            screen.handlers.map { handler in
              (
                handler.event.value, eventIndex[handler.event.value]!,
                compiler.compileHandler(
                  handler.operation, context: screen, kind: .transition,
                  label: "\(name): on \(handler.event.value)", at: handler.event.range)
              )
            }),
          onEnter: screen.onEnter.map {
            compiler.compile($0, context: screen, owner: "\(name): onEnter")
          },
          onAppear: screen.onAppear.map {
            compiler.compile($0, context: screen, owner: "\(name): onAppear")
          },
          bar: screen.navigationBar, barBehaviour: BarBehaviour(screen.navigationBar),
          coverageTarget: shown, barButtonTargets: buttons)
      }
      alerts += flow.alerts.map { alert in
        CompiledAlert(
          flow: index,
          contents: PresentedAlert(
            name: alert.name.value, style: alert.resolvedStyle, title: alert.title?.value,
            message: alert.message?.value,
            actions: alert.actions.map { .init(title: $0.title.value, style: $0.resolvedStyle) }),
          title: alert.title.map { TextTemplate($0.value) },
          message: alert.message.map { TextTemplate($0.value) },
          actions: alert.actions.map { action in
            compiler.compileHandler(
              action.operation, context: nil, kind: .alertAction,
              label: "alert \(alert.name.value): \(action.title.value)", at: action.title.range)
          })
      }
      requests += zip(flow.requests, requestNames[index]).map { request, stepName in
        CompiledRequest(
          name: request.name.value, stepName: stepName, flow: index,
          parameters: request.params.map(\.name.value),
          parameterTypes: request.params.map(\.type.value),
          onSuccess: request.onSuccess.map {
            compiler.compileHandler(
              $0, context: nil, kind: .transition,
              label: "request \(request.name.value): onSuccess", at: $0.range)
          },
          onFailure: request.onFailure.map {
            compiler.compileHandler(
              $0, context: nil, kind: .transition,
              label: "request \(request.name.value): onFailure", at: $0.range)
          })
      }
      let prefix = index == 0 ? "" : flow.name.value + "."
      stateNames += flow.state.map { prefix + $0.name.value }
      initialState += flow.state.map(\.initialValue.value)
      flows.append(
        CompiledFlow(
          name: flow.name.value,
          state: offsets[index].state..<(offsets[index].state + flow.state.count),
          start: flow.start.map {
            compiler.compile(
              $0, context: nil, owner: index == 0 ? "start" : "\(flow.name.value): start")
          },
          handlers: CompiledHandlers(
            flow.handlers.map { handler in
              (
                handler.event.value, eventIndex[handler.event.value]!,
                compiler.compileHandler(
                  handler.operation, context: nil, kind: .transition,
                  label: "\(flow.name.value): on \(handler.event.value) (any screen)",
                  at: handler.event.range)
              )
            })))
    }
    var screenIndex: [String: Int] = [:]
    for (index, screen) in screens.enumerated() {
      if screenIndex[screen.name] == nil { screenIndex[screen.name] = index }
      if screen.flow > 0 {
        screenIndex[tree.flows[screen.flow].name.value + "." + screen.name] = index
      }
    }
    self.screens = screens
    self.alerts = alerts
    self.requests = requests
    self.flows = flows
    self.screenIndex = screenIndex
    self.eventIndex = eventIndex
    self.stateNames = stateNames
    self.stateIndex = Self.index(stateNames)
    self.initialState = initialState
    self.listItemRules = initialState.map {
      ListItemRule(default: $0) ?? ListItemRule(recordDefault: $0)
    }
    self.start = flows[0].start
    self.tabIndex = tabIndex
    self.requestIndex = tree.requestAddresses.mapValues { address in
      offsets[address.flow].requests + address.request
    }
    let rootCompiler = compilers[0]
    let tabs = root.tabs.map { tab in
      CompiledTab(
        name: tab.name.value, title: tab.title?.value ?? tab.name.value, image: tab.image?.value,
        root: rootCompiler.target(tab.root, context: nil),
        coverageTarget: coverage.add(
          .tab, "tab \(tab.name.value)", screen: nil, file: root.file, at: tab.name.range))
    }
    self.tabs = tabs
    self.situationEvents = Self.eventsBySituation(
      screens: screens, alerts: alerts, tabs: tabs, flows: flows)
    self.links = root.links.compactMap { link in
      guard let pattern = link.parsed else { return nil }
      return CompiledLink(
        pattern: pattern, text: link.pattern.value,
        tab: link.tab.flatMap { tabIndex[$0.value] },
        routes: link.routes.map { rootCompiler.target($0, context: nil) },
        isOneByOne: link.isOneByOne, animated: link.animated?.value ?? link.isOneByOne,
        coverageTarget: coverage.add(
          .link, "link \(link.pattern.value)", screen: nil, file: root.file,
          at: link.pattern.range))
    }
    self.coverageTargets = coverage.targets
  }

  /// The id of the event named `name`, if a handler of some flow handles it: what
  /// `Navigator.sendUnderstood(_:handledAs:)` finds the handler by.
  package func eventID(named name: String) -> Int? { eventIndex[name] }

  /// The name a step gives the request `name` finds (`Kid.fetch` or `fetch` for a child's
  /// `fetch`): the one the navigator shows it pending by; `nil` for no request.
  package func stepName(ofRequest name: String) -> String? {
    requestIndex[name].map { requests[$0].stepName }
  }

  /// Whether the flow or a child flow it uses declares a request.
  public var declaresRequests: Bool { !requests.isEmpty }

  /// The tab bar's tabs; empty for a flow with a single stack.
  public var tabNames: [String] { tabs.map(\.name) }

  /// Every state value's default, by name (a child flow's as `Flow.name`).
  public var defaultState: [String: Value] {
    Dictionary(zip(stateNames, initialState), uniquingKeysWith: { first, _ in first })
  }

  private static func index(_ names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (offset, name) in names.enumerated() where index[name] == nil {
      index[name] = offset
    }
    return index
  }
}

/// Where one flow's screens, alerts, requests and state start in the program's arrays.
struct Offsets: Sendable {
  var screens = 0
  var alerts = 0
  var requests = 0
  var state = 0
}

extension Instruction {
  /// The `$names` this instruction can only read from its event's arguments.
  var eventArguments: [String] {
    var names: [String] = []
    func collect(_ operand: Operand) {
      switch operand {
      case .reference(let name, nil, nil) where !names.contains(name): names.append(name)
      case .text(_, let references): for nested in references.values { collect(nested) }
      case .record(let fields):
        for (_, nested) in fields.sorted(by: { $0.key < $1.key }) { collect(nested) }
      default: break
      }
    }
    forEachOperand(collect)
    return names
  }

  /// The highest stack this instruction or one nested in it sets at once (`reset:` sets its
  /// routes above the root); 0 when it sets none.
  var highestReset: Int {
    switch self {
    case .reset(let targets, _): targets.count + 1
    case .branch(_, let then, let otherwise): max(then.highestReset, otherwise?.highestReset ?? 0)
    case .sequence(let instructions): instructions.map(\.highestReset).max() ?? 0
    case .probed(_, let instruction): instruction.highestReset
    default: 0
    }
  }

  /// Calls `body` with each operand this instruction and those nested in it read (a record's
  /// or a text's own operands are the caller's to walk), in the order written.
  func forEachOperand(_ body: (Operand) -> Void) {
    func visit(_ instruction: Instruction) {
      switch instruction {
      case .setRoot(let target, _), .push(let target, _), .presentScreen(let target, _, _, _):
        for operand in target.arguments { body(operand) }
      case .reset(let targets, _):
        for target in targets { for operand in target.arguments { body(operand) } }
      case .set(let writes), .add(let writes), .append(let writes), .remove(let writes):
        for write in writes { body(write.value) }
      case .update(let writes):
        for write in writes {
          for fields in [write.match, write.changes] {
            for (_, operand) in fields.sorted(by: { $0.key < $1.key }) { body(operand) }
          }
        }
      case .request(_, let operands):
        for operand in operands { body(operand) }
      case .startFlow(_, let writes, _, _, _):
        for write in writes { body(write.value) }
      case .finish(_, let arguments):
        for (_, operand) in arguments { body(operand) }
      case .branch(let predicate, let then, let otherwise):
        visit(predicate)
        visit(then)
        if let otherwise { visit(otherwise) }
      case .sequence(let instructions):
        for nested in instructions { visit(nested) }
      case .probed(_, let instruction):
        visit(instruction)
      case .pop, .popToRoot, .presentAlert, .dismiss, .select, .fail, .probe:
        break
      }
    }
    func visit(_ predicate: Predicate) {
      switch predicate {
      case .equals(_, let operand): body(operand)
      case .not(let inner): visit(inner)
      case .all(let predicates): for nested in predicates { visit(nested) }
      case .flag, .unknown: break
      }
    }
    visit(self)
  }
}

extension NavigationProgram {
  /// How far the values the flow writes itself reach: its literals (a text with values in
  /// it counted by its own characters), in every operation, link and tab. A search's bounds
  /// are raised to them, so that a state is never out of bounds for what the flow writes
  /// without growing it.
  package var writtenExtent: ValueExtent {
    var extent = ValueExtent()
    func measure(_ operand: Operand) {
      switch operand {
      case .literal(let value): extent.measure(value)
      case .text(let template, let references):
        var literal = 0
        for part in template.parts {
          if case .text(let text) = part { literal += text.unicodeScalars.count }
        }
        extent.longestText = max(extent.longestText, literal)
        for nested in references.values { measure(nested) }
      case .record(let fields): for nested in fields.values { measure(nested) }
      case .reference, .missing, .absent: break
      }
    }
    // Each instruction measured where it is, without gathering copies of them first.
    func measureAll(_ instruction: Instruction?) {
      guard let instruction else { return }
      instruction.forEachOperand(measure)
      extent.highestStack = max(extent.highestStack, instruction.highestReset)
    }
    measureAll(start)
    for flow in flows.indices {
      measureAll(flows[flow].start)
      for handler in flows[flow].handlers.instructions.indices {
        measureAll(flows[flow].handlers.instructions[handler])
      }
    }
    for screen in screens.indices {
      measureAll(screens[screen].onEnter)
      measureAll(screens[screen].onAppear)
      for handler in screens[screen].handlers.instructions.indices {
        measureAll(screens[screen].handlers.instructions[handler])
      }
    }
    for request in requests.indices {
      measureAll(requests[request].onSuccess)
      measureAll(requests[request].onFailure)
    }
    for alert in alerts.indices {
      for action in alerts[alert].actions.indices { measureAll(alerts[alert].actions[action]) }
    }
    for target in links.flatMap(\.routes) + tabs.map(\.root) {
      for operand in target.arguments { measure(operand) }
    }
    // A link's routes go above the root of its tab's stack.
    for link in links { extent.highestStack = max(extent.highestStack, link.routes.count + 1) }
    return extent
  }
}

extension NavigationProgram {
  /// Refuses `value` as state `index`'s value unless it has the state's type and, for a
  /// list whose default sets one, its items fit the list's rule (`ListItemRule`).
  func checkStateValue(_ value: Value, at index: Int) throws(NavigationError) {
    let expected = initialState[index].type
    guard value.type == expected else {
      throw .stateType(stateNames[index], expected: expected, found: value)
    }
    guard let rule = listItemRules[index] else { return }
    let misfit: ListItemMisfit?
    if case .record(let fields) = value {
      if let missing = rule.missingField(in: fields) {
        throw .missingRecordField(stateNames[index], field: missing, found: value)
      }
      misfit = rule.misfit(value)
    } else {
      misfit = rule.misfit(inList: value)
    }
    if let misfit { throw .listItemType(stateNames[index], misfit) }
  }
}
