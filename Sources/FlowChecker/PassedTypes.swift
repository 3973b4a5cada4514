import FlowModel

/// The types the values sent to handlers must have, by value name: those an operation
/// passes each on as (to a parameter, state, a request or a child flow), those of the lists
/// it appends one to whole, and those of the states its conditions compare one with. What a
/// step's literal values (an event's, a request outcome's) and a child's `finish:` values
/// are judged against (`Checker.reportLiteralTypes`).
struct PassedTypes {
  /// Value → the types operations pass it on as (`Operation.argumentUses`).
  var types: [String: [ValueType]] = [:]
  /// Value → the item types of the lists operations append it to or remove it from whole
  /// (`Operation.itemUses`).
  var items: [String: [ValueType]] = [:]
  /// Value → the types of the states conditions compare it with (`Condition.argumentUses`);
  /// weaker than `types`, read only for a value nothing passes on.
  var compared: [String: [ValueType]] = [:]

  /// Notes what `operation` alone (not those nested in it) needs of the values it reads, in
  /// a handler of `screen` in `flow`; with `comparing`, what its condition compares too.
  /// A value `shadowed` says is read from elsewhere first (a request's own) is left out.
  mutating func note(
    _ operation: Operation, in flow: Flow, screen: Screen?,
    child: (String) -> Flow? = { _ in nil }, comparing: Bool = true,
    shadowed: (String) -> Bool = { _ in false }
  ) {
    for use in operation.argumentUses(in: flow, screen: screen, child: child)
    where !shadowed(use.name) {
      Self.add(use, to: &types)
    }
    for use in operation.itemUses(in: flow, screen: screen) where !shadowed(use.name) {
      Self.add(use, to: &items)
    }
    guard comparing, case .branch(let condition, _, _) = operation.kind else { return }
    for use in condition.argumentUses(in: flow, screen: screen, whateverTheState: false)
    where !shadowed(use.name) {
      Self.add(use, to: &compared)
    }
  }

  /// Adds `use`'s type to its value's, once.
  private static func add(_ use: ArgumentUse, to types: inout [String: [ValueType]]) {
    if !(types[use.name] ?? []).contains(use.type) { types[use.name, default: []].append(use.type) }
  }
}
