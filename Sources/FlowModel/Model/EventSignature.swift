import FlowDiagnostics

/// One event of a flow as the app must receive it: its name, the arguments its handlers
/// pass on with their types, where it is first handled, and whether every screen that
/// handles it shows a bar button with it as the action (a tap the library can make).
public struct EventSignature: Sendable, Hashable {
  /// The event's name in the flow, where it is first handled.
  public var name: Located<String>
  /// The file of the flow that first handles it.
  public var file: String
  /// Each argument (`$name` passed on to a parameter, state or request) with the type it
  /// must have, in the order the handlers first use them.
  public var arguments: [Argument]
  /// Whether every screen that handles the event has a bar button whose action it is.
  public var isBarButtonAction: Bool

  /// An argument and its type; of an argument passed on as two types, the first is kept
  /// (the checker reports the others: `check.argument-type-conflict`).
  public struct Argument: Sendable, Hashable {
    /// The argument's name, without its `$`.
    public var name: String
    /// The type the app must send the argument as.
    public var type: ValueType
  }
}

extension FlowTree {
  /// Every event any flow of the tree handles, once each, in the order they are first
  /// handled (the root flow's screens first, then its flow-wide handlers, then each child's).
  public var eventSignatures: [EventSignature] {
    var signatures: [EventSignature] = []
    // Each name looked up once a handler: a search asks this of flows of 10,000 screens.
    var positions: [String: Int] = [:]
    // Values only compared with state, typed last: what any handler passes them on to, or a
    // checklist's value, says more.
    var compared: [(event: Int, argument: String, type: ValueType)] = []
    // The flow, its child finder and the screen as `forEachHandler` gives them: copying
    // either per operation costs more than the rest on a flow of 10,000 screens.
    func note(_ handler: EventHandler, in flow: Flow, child: (String) -> Flow?, screen: Screen?) {
      let name = handler.event.value
      let index: Int
      if let known = positions[name] {
        index = known
      } else {
        index = signatures.count
        positions[name] = index
        signatures.append(
          EventSignature(
            name: handler.event, file: flow.file, arguments: [], isBarButtonAction: true))
      }
      if signatures[index].isBarButtonAction {
        let isBarAction =
          screen.map { screen in
            BarSide.allCases.contains { screen.navigationBar.item($0)?.action?.value == name }
          } ?? false
        if !isBarAction { signatures[index].isBarButtonAction = false }
      }
      handler.operation.visit { operation in
        // Only an `if:` compares, and it passes nothing on; a sequence does neither itself
        // (`visit` comes to its operations): asked by kind, as the two walks cost more than
        // the rest on a large flow.
        switch operation.kind {
        case .branch:
          for (argument, type) in operation.comparisonUses(in: flow, screen: screen) {
            compared.append((index, argument, type))
          }
        case .sequence:
          break
        default:
          for use in operation.argumentUses(in: flow, screen: screen, child: child)
          where !signatures[index].arguments.contains(where: { $0.name == use.name }) {
            signatures[index].arguments.append(.init(name: use.name, type: use.type))
          }
        }
      }
    }
    forEachHandler { handler, _, flow, screen, child in
      note(handler, in: flow, child: child, screen: screen)
    }
    // An argument the checklist passes that no handler names as one (`set: { title: $title }`
    // with `title` also state: the event's argument is read first), typed by its value.
    for entry in root.checklist?.entries ?? [] {
      for step in entry.item.steps {
        guard case .when(let events) = step.kind else { continue }
        for event in events {
          guard case .event(let name, let arguments) = event.kind,
            let index = positions[name.value]
          else { continue }
          for argument in arguments {
            guard case .literal(let value) = argument.value.value,
              !signatures[index].arguments.contains(where: { $0.name == argument.name.value })
            else { continue }
            signatures[index].arguments.append(.init(name: argument.name.value, type: value.type))
          }
        }
      }
    }
    // A value only compared with state (`if: { selected: $n }`) has the state's type.
    for (index, argument, type) in compared
    where !signatures[index].arguments.contains(where: { $0.name == argument }) {
      signatures[index].arguments.append(.init(name: argument, type: type))
    }
    return signatures
  }
}

extension FlowTree {
  /// The child flow a flow of the tree starts by a name, if it is known.
  public func childFlow(of flow: Int) -> (String) -> Flow? {
    { name in child(name, of: flow).map { flows[$0] } }
  }

  /// Calls `body` with every event handler of the tree, in the order events are first
  /// handled: flow by flow, each flow's screens' handlers, then its own (`on:` beside
  /// `screens:`). With each: the flow's index, the flow, the screen it is on (`nil` for a
  /// flow-wide handler, which reads no screen's parameters) and what finds the flow's
  /// children by name (`childFlow(of:)`).
  ///
  /// The flow and each screen are copied once, not once per handler: on flows of 10,000
  /// screens those copies cost more than what most callers do with a handler.
  public func forEachHandler(
    _ body: (EventHandler, Int, Flow, Screen?, (String) -> Flow?) -> Void
  ) {
    for index in flows.indices {
      let flow = flows[index]
      let child = childFlow(of: index)
      // By index: iterating the screens would copy each one with its handlers.
      for screen in flow.screens.indices where !flow.screens[screen].handlers.isEmpty {
        // Made optional once: passing a screen where an optional one goes copies it.
        let shown: Screen? = flow.screens[screen]
        for handler in flow.screens[screen].handlers.indices {
          body(flow.screens[screen].handlers[handler], index, flow, shown, child)
        }
      }
      for handler in flow.handlers { body(handler, index, flow, nil, child) }
    }
  }
}

/// An event argument an operation passes on: `$name` given to a parameter, state, a request
/// or a child flow, with the type it must have there and where it is written.
public struct ArgumentUse: Sendable, Hashable {
  /// The argument's name, without its `$`.
  public var name: String
  /// The type the operation needs it to have.
  public var type: ValueType
  /// Where the `$name` (or the record holding it) is written.
  public var range: SourceRange
}

extension Operation {
  /// The event arguments (`$name` that is neither a parameter of `screen` nor state) this
  /// operation passes on, with the type each must have there; `child` finds the child flows
  /// a `start:` passes values to. Without a screen (a flow-wide handler), no parameter is
  /// read: a name that is not state is the event's.
  // Better whole: one arm per operation kind, each naming the arguments that kind passes on.
  public func argumentUses(
    in flow: Flow, screen: Screen?, child: (String) -> Flow? = { _ in nil }
  ) -> [ArgumentUse] {
    /// The argument `value` reads, if it reads one.
    func argument(_ value: ValueExpression) -> String? {
      guard case .reference(let name) = value,
        Self.isArgument(name, in: flow, screen: screen)
      else { return nil }
      return name
    }
    func uses(_ arguments: [Assignment], of target: String) -> [ArgumentUse] {
      // Most values are literals, parameters or state: the target is looked up only for an
      // argument, and read in place (a copy of it for every operation costs more than the
      // rest on a large flow).
      guard arguments.contains(where: { argument($0.value.value) != nil }),
        let shown = flow.indexOfScreen(named: target)
      else { return [] }
      return arguments.compactMap { given in
        guard let name = argument(given.value.value),
          let parameter = flow.screens[shown].parameter(named: given.name.value)
        else { return nil }
        return ArgumentUse(name: name, type: parameter.type.value.base, range: given.value.range)
      }
    }
    switch kind {
    case .setRoot(let target), .push(let target):
      return uses(target.arguments, of: target.screen.value)
    case .reset(let routes):
      return routes.flatMap { uses($0.arguments, of: $0.screen.value) }
    case .present(let presentation):
      return uses(presentation.arguments, of: presentation.target.value)
    case .set(let assignments):
      return assignments.compactMap { assignment in
        guard let name = argument(assignment.value.value),
          let variable = flow.stateVariable(named: assignment.name.value)
        else { return nil }
        return ArgumentUse(
          name: name, type: variable.initialValue.value.type, range: assignment.value.range)
      }
    case .request(let call):
      guard call.arguments.contains(where: { argument($0.value.value) != nil }),
        let request = flow.indexOfRequest(named: call.request.value)
      else { return [] }
      return call.arguments.compactMap { given in
        guard let name = argument(given.value.value),
          let parameter = flow.requests[request].parameter(named: given.name.value)
        else { return nil }
        return ArgumentUse(name: name, type: parameter.type.value.base, range: given.value.range)
      }
    case .add(let assignments):
      return assignments.compactMap { assignment in
        argument(assignment.value.value).map {
          ArgumentUse(name: $0, type: .int, range: assignment.value.range)
        }
      }
    case .append(let assignments), .remove(let assignments):
      // `$name` appended whole may be an item or a list of them: not typed here.
      return assignments.flatMap { assignment in
        recordFieldUses(assignment.value, list: assignment.name.value)
      }
    case .update(let updates):
      return updates.flatMap { update in
        (update.match + update.changes).flatMap { assignment in
          fieldUse(
            assignment.value.value, at: assignment.value.range, list: update.state.value,
            field: assignment.name.value)
        }
      }
    case .startFlow(let start):
      // A value given a child flow sets its state of that name.
      guard let started = child(start.flow.value) else { return [] }
      return start.arguments.compactMap { given in
        guard let name = argument(given.value.value),
          let variable = started.stateVariable(named: given.name.value)
        else { return nil }
        return ArgumentUse(
          name: name, type: variable.initialValue.value.type, range: given.value.range)
      }
    case .select, .pop, .popToRoot, .dismiss, .branch, .sequence, .finish:
      // A condition's comparisons are no use: comparing with another type is false, not
      // wrong (`Condition.argumentUses`).
      return []
    }

    /// `$name` read into a record field of list state `list`, typed as that field is in the
    /// list's first value (nothing when no record there has the field).
    func fieldUse(_ value: ValueExpression, at range: SourceRange, list: String, field: String)
      -> [ArgumentUse]
    {
      guard let name = argument(value),
        let type = flow.stateVariable(named: list)?.recordFieldType(field)
      else { return [] }
      return [ArgumentUse(name: name, type: type, range: range)]
    }
    func recordFieldUses(_ value: Located<ValueExpression>, list: String) -> [ArgumentUse] {
      guard case .record(let fields) = value.value else { return [] }
      return fields.sorted { $0.key < $1.key }.flatMap {
        fieldUse($0.value, at: value.range, list: list, field: $0.key)
      }
    }
  }
}

extension Operation {
  /// `argumentUses` of this operation and of every operation nested in it, depth first,
  /// appended to `uses`: what a handler passes on, in one walk without a closure per
  /// operation (the checker asks it of every handler of flows of 10,000 screens).
  ///
  /// Without `throughArms`, an `if:`'s arms are left out: what remains is read whatever the
  /// state, so an event sent without one of those arguments is refused wherever the handler
  /// runs.
  ///
  /// With `comparisons`, what the conditions compare (`Condition.argumentUses`) is appended
  /// too: an argument a condition compares must be sent, as one passed on must.
  public func appendArgumentUses(
    in flow: Flow, screen: Screen?, child: (String) -> Flow?, to uses: inout [ArgumentUse],
    throughArms: Bool = true, comparisons: Bool = false
  ) {
    switch kind {
    case .branch(let condition, let then, let otherwise):
      if comparisons {
        uses += condition.argumentUses(in: flow, screen: screen, whateverTheState: !throughArms)
      }
      guard throughArms else { return }
      then.appendArgumentUses(
        in: flow, screen: screen, child: child, to: &uses, comparisons: comparisons)
      otherwise?.appendArgumentUses(
        in: flow, screen: screen, child: child, to: &uses, comparisons: comparisons)
    case .sequence(let operations):
      for index in operations.indices {
        operations[index].appendArgumentUses(
          in: flow, screen: screen, child: child, to: &uses, throughArms: throughArms,
          comparisons: comparisons)
      }
    default:
      uses += argumentUses(in: flow, screen: screen, child: child)
    }
  }
}

extension Condition {
  /// The event arguments this condition compares with state (`if: { count: $n }`), each
  /// with the state's type. `whateverTheState`: only those compared whenever the condition
  /// is asked, as the conditions of `all` are asked in order until one fails (the first).
  ///
  /// Weaker than what an operation passes on: a value of another type makes the comparison
  /// false, which a flow may mean (`if: { selected: $id }` with `selected: none`).
  public func argumentUses(in flow: Flow, screen: Screen?, whateverTheState: Bool) -> [ArgumentUse]
  {
    locatedComparisons(whateverTheState: whateverTheState).compactMap { state, value in
      guard case .reference(let name) = value.value,
        Operation.isArgument(name, in: flow, screen: screen),
        let variable = flow.stateVariable(named: state.value)
      else { return nil }
      return ArgumentUse(name: name, type: variable.initialValue.value.type, range: value.range)
    }
  }
}

extension Operation {
  /// Whether `$name` in a handler of `screen` (`nil`: a flow-wide handler, which reads no
  /// screen's parameters) reads the event's argument: it is neither a parameter nor state.
  package static func isArgument(_ name: String, in flow: Flow, screen: Screen?) -> Bool {
    // A screen's few parameters first: comparing them costs less than hashing the name.
    screen?.params.contains(where: { $0.name.value == name }) != true
      && flow.stateVariable(named: name) == nil
  }

  /// The event arguments this operation, an `append` or a `remove`, gives whole to a list
  /// whose default holds items of one type (`append: { nums: $n }`), each with that type:
  /// the value must be such an item or a list of them (`ListItemRule`), so it is no
  /// `argumentUses` type.
  public func itemUses(in flow: Flow, screen: Screen?) -> [ArgumentUse] {
    let assignments: [Assignment]
    switch kind {
    case .append(let given), .remove(let given): assignments = given
    default: return []
    }
    return assignments.compactMap { assignment in
      guard case .reference(let name) = assignment.value.value,
        Self.isArgument(name, in: flow, screen: screen),
        let type = flow.stateVariable(named: assignment.name.value)?.itemType
      else { return nil }
      return ArgumentUse(name: name, type: type, range: assignment.value.range)
    }
  }

  /// The event arguments this operation, an `if:`, compares with state
  /// (`if: { selected: $n }`), each with the state's type: weaker than what `argumentUses`
  /// says, as a value of another type compares unequal instead of being refused.
  public func comparisonUses(in flow: Flow, screen: Screen?) -> [(String, ValueType)] {
    guard case .branch(let condition, _, _) = kind else { return [] }
    return condition.comparisons.compactMap { comparison in
      guard case .reference(let name) = comparison.value,
        Self.isArgument(name, in: flow, screen: screen),
        let variable = flow.stateVariable(named: comparison.state)
      else { return nil }
      return (name, variable.initialValue.value.type)
    }
  }
}

extension StateVariable {
  /// The type of every item of this list state's first value, when it has items and they
  /// are all of one type.
  public var itemType: ValueType? { listItemRule?.itemType }

  /// The type of field `field` in the records of this list state's default, or in this record
  /// state's default, where the default gives it one type.
  public func recordFieldType(_ field: String) -> ValueType? {
    (listItemRule ?? recordRule)?.fieldTypes[field]
  }
}
