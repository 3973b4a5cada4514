internal import FlowModel

/// A screen ready to run: handlers by event id, its declared bar.
struct CompiledScreen: Sendable {
  var name: String
  /// The flow the screen belongs to, whose state and handlers its operations use.
  var flow: Int
  var parameters: [String]
  var parameterTypes: [ParameterType]
  var handlers: CompiledHandlers
  var onEnter: Instruction?
  var onAppear: Instruction?
  var bar: NavigationBar
  /// What the bar does when tapped, read from `bar` once: the taps and `availableEvents`
  /// ask it on every event without copying the bar's texts.
  var barBehaviour: BarBehaviour
  /// The coverage target noted when the screen is shown.
  var coverageTarget: Int
  /// The coverage targets of the declared bar buttons with an action, by `BarSide` order.
  var barButtonTargets: [Int?]
}

/// A request ready to run: its parameters and what each outcome does.
struct CompiledRequest: Sendable {
  /// The name it is declared with.
  var name: String
  /// The name a step gives it: its own, or `Child.request` where a flow before it has a
  /// request of that name (`FlowTree.requestChecklistNames`).
  var stepName: String
  var flow: Int
  var parameters: [String]
  var parameterTypes: [ParameterType]
  var onSuccess: Instruction?
  var onFailure: Instruction?

  func handler(for outcome: RequestOutcome) -> Instruction? {
    outcome == .success ? onSuccess : onFailure
  }
}

/// A tab ready to run: its name, its tab bar item and its root.
struct CompiledTab: Sendable {
  var name: String
  var title: String
  var image: String?
  var root: Target
  /// The coverage target noted when a tap or an operation selects the tab.
  var coverageTarget: Int
}

/// A deep link ready to match: its pattern, the tab it lands in, the routes it sets.
struct CompiledLink: Sendable {
  var pattern: URLPattern
  var text: String
  var tab: Int?
  var routes: [Target]
  /// Pushed one by one on the stack as it is, rather than set above its root at once.
  var isOneByOne: Bool
  var animated: Bool
  /// The coverage target noted when a URL matches the link.
  var coverageTarget: Int
}

/// An alert ready to run: its contents and each action's compiled operation.
struct CompiledAlert: Sendable {
  var flow: Int
  var contents: PresentedAlert
  /// The title and message read once as text with values, for presenting without reading
  /// them again.
  var title: TextTemplate?
  var message: TextTemplate?
  /// Each action's handler; it notes the action's coverage target first.
  var actions: [Instruction]
}

/// A flow of the tree ready to run: where its state is, what its `start` does, and its own
/// handlers.
struct CompiledFlow: Sendable {
  var name: String
  var state: Range<Int>
  var start: Instruction?
  var handlers: CompiledHandlers
}

/// A screen's or a flow's `on:` handlers, ready to run.
struct CompiledHandlers: Sendable {
  /// What each handler runs, in the order written.
  let instructions: [Instruction]
  /// Each handler's event id (`NavigationProgram.eventIndex`), in the same order: apart from
  /// the instructions, so that finding one compares ids without copying an instruction.
  let events: [Int]
  /// The events' names, in the same order.
  let names: [String]
  /// One event per handler, as `availableEvents` offers it: each argument the handler reads
  /// set to an empty string, to show its name. Made once, as it is asked before every step
  /// of a walk.
  let placeholderEvents: [NavigationEvent]

  init(_ handlers: [(name: String, event: Int, instruction: Instruction)]) {
    instructions = handlers.map(\.instruction)
    events = handlers.map(\.event)
    names = handlers.map(\.name)
    placeholderEvents = handlers.map { handler in
      .named(
        handler.name,
        arguments: Dictionary(
          uniqueKeysWithValues: handler.instruction.eventArguments.map { ($0, Value.string("")) }))
    }
  }

  /// What the handler of the event named `name` runs, if there is one: the names compared
  /// in turn, as a screen handles a few events and comparing short names costs less than
  /// hashing one.
  func instruction(named name: String) -> Instruction? {
    for index in names.indices where names[index] == name {
      return instructions[index]
    }
    return nil
  }

  /// What the handler of the event with this id runs, if there is one: ids compared, which
  /// costs less than comparing names where a screen handles many events.
  func instruction(for event: Int) -> Instruction? {
    for index in events.indices where events[index] == event {
      return instructions[index]
    }
    return nil
  }

  /// What the handler of the event named `name`, whose id is `event` where the program
  /// knows one, runs: found by the id where it is given, else by the name.
  func instruction(named name: String, id event: Int?) -> Instruction? {
    if let event { instruction(for: event) } else { instruction(named: name) }
  }
}

/// What a navigation bar does, without its texts: whether it shows, the events its buttons
/// send, and whether it lets the system back button show.
struct BarBehaviour: Sendable {
  var isHidden: Bool
  /// Whether there is a left button, and the event it sends.
  var hasLeft: Bool
  var leftAction: String?
  /// Whether there is a right button, and the event it sends.
  var hasRight: Bool
  var rightAction: String?
  /// Whether the screen hides the back button (`backButton: hidden`, or a left button that
  /// replaces it, as leftBarButtonItem does without leftItemsSupplementBackButton).
  var hidesBackButton: Bool

  init(_ bar: NavigationBar) {
    isHidden = bar.isHidden
    hasLeft = bar.left != nil
    leftAction = bar.left?.action?.value
    hasRight = bar.right != nil
    rightAction = bar.right?.action?.value
    hidesBackButton =
      bar.backButton?.value == .hidden || (bar.left != nil && !bar.leftSupplementsBackButton)
  }

  /// Whether the side has a button, and the event it sends.
  func button(_ side: BarSide) -> (exists: Bool, action: String?) {
    side == .left ? (hasLeft, leftAction) : (hasRight, rightAction)
  }
}
