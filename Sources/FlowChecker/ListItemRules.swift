import FlowDiagnostics
import FlowModel

extension Checker {
  /// A literal list written whole to list state `variable` (`set`, an `if:`, `given`, an
  /// expectation, a child's `with:`): each item must fit the list (`ListItemRule`), reported
  /// at the list, naming the item.
  func checkListItems(_ value: Located<ValueExpression>, of variable: StateVariable) {
    guard case .literal(let literal) = value.value, let rule = variable.listItemRule,
      let misfit = rule.misfit(inList: literal)
    else { return }
    sink.report(.listItemMismatch(variable.name.value, misfit), at: value.range)
  }

  /// What `append` or `remove` gives list state `variable`: an item of the list's item type
  /// or a list of them. A record's fields are checked apart (`checkRecordValue`), with the
  /// names the records have.
  func checkListElement(
    _ value: Located<ValueExpression>, of variable: StateVariable, origin: OperationOrigin
  ) {
    guard let expected = variable.listItemRule?.itemType else { return }
    let found: ValueType
    switch value.value {
    case .literal(let literal):
      let items: [Value]
      if case .list(let all) = literal { items = all } else { items = [literal] }
      guard let item = items.first(where: { $0.type != expected }) else { return }
      sink.report(
        .listItemMismatch(
          variable.name.value, ListItemMisfit(field: nil, expected: expected, found: item)),
        at: value.range)
      return
    case .record:
      found = .record
    case .reference(let name):
      // A list state appends each of its items: only their type would tell.
      guard case .typed(let type) = resolution(of: name, origin: origin), type != .list else {
        return
      }
      found = type
    }
    guard found != expected else { return }
    sink.report(
      .typeMismatch(
        "each item of state '\(variable.name.value)'", expected: article(expected),
        found: article(found)),
      at: value.range)
  }
}
