import FlowDiagnostics
import FlowModel

extension Checker {
  /// A whole list written to list state `variable`, called `name` where it is written
  /// (`set`, an `if:`, `given`, an expectation, a child's `with:`): each item of a literal
  /// list must fit the list (`ListItemRule`), with the fields its records have, and a list
  /// state a `$name` reads must hold items of the list's type; a record written to a record
  /// state must have the fields of its default, with their types. Where no operation runs
  /// (`origin` is `nil`), only literals are written. `suggestsUpdate`: the value is `set`,
  /// where `update` may write some fields instead.
  func checkListItems(
    _ value: Located<ValueExpression>, of variable: StateVariable, named name: String,
    origin: OperationOrigin?, suggestsUpdate: Bool = false
  ) {
    if let rule = variable.recordRule {
      // A record state: its fields are checked as a list's records' are, and each of its
      // default's must be given, as the record replaces the state's whole.
      checkRecordValue(value, of: name, rule: rule, origin: origin)
      let missing: String?
      switch value.value {
      case .record(let fields): missing = rule.missingField(in: fields)
      case .literal(.record(let fields)): missing = rule.missingField(in: fields)
      case .literal, .reference: return
      }
      if let missing {
        let example = "{ " + rule.fieldNames.map { "\($0): …" }.joined(separator: ", ") + " }"
        sink.report(
          .missingRecordField(
            name, field: missing, example: example, suggestsUpdate: suggestsUpdate),
          at: value.range)
      }
      return
    }
    guard let rule = variable.listItemRule else { return }
    switch value.value {
    case .literal(.list(let items)):
      reportItemOfAnotherType(among: items, of: name, rule: rule, at: value.range)
      checkRecordValue(value, of: name, rule: rule, origin: origin)
    case .reference(let reference):
      checkSource(
        reference, at: value.range, fitting: rule, of: name, origin: origin, asItem: false)
    case .literal, .record:
      break  // not a list: the state's type is checked apart
    }
  }

  /// What `append` or `remove` gives list state `variable`: an item that fits the list
  /// (`ListItemRule`), or a list of them; a `$name` reading state must read items of the
  /// list's type.
  func checkListElement(
    _ value: Located<ValueExpression>, of variable: StateVariable, origin: OperationOrigin
  ) {
    guard let rule = variable.listItemRule else { return }
    let name = variable.name.value
    switch value.value {
    case .literal(let literal):
      let items: [Value]
      if case .list(let all) = literal { items = all } else { items = [literal] }
      reportItemOfAnotherType(among: items, of: name, rule: rule, at: value.range)
    case .record:
      if let expected = rule.itemType, expected != .record {
        reportItemType(of: name, expected: expected, found: .record, at: value.range)
      }
    case .reference(let reference):
      checkSource(reference, at: value.range, fitting: rule, of: name, origin: origin, asItem: true)
    }
    checkRecordValue(value, of: name, rule: rule, origin: origin)
  }

  /// The first of `items` whose type is not the list's item type, if any, reported at `range`.
  private func reportItemOfAnotherType(
    among items: [Value], of list: String, rule: ListItemRule, at range: SourceRange
  ) {
    guard let expected = rule.itemType,
      let item = items.first(where: { $0.type != expected })
    else { return }
    sink.report(
      .listItemMismatch(list, ListItemMisfit(field: nil, expected: expected, found: item)),
      at: range)
  }

  private func reportItemType(
    of list: String, expected: ValueType, found: ValueType, at range: SourceRange
  ) {
    sink.report(
      .typeMismatch(
        "each item of state '\(list)'", expected: article(expected), found: article(found)),
      at: range)
  }

  /// `$reference` given list `list` whole, or as one item or a list of them (`asItem`): a
  /// list state must hold items of the list's type and its records' field types, where both
  /// defaults say them; a record state must have the fields' types; a flag, number or text
  /// must have the item type. Parameters are never lists or records, so those read state.
  private func checkSource(
    _ reference: String, at range: SourceRange, fitting rule: ListItemRule, of list: String,
    origin: OperationOrigin?, asItem: Bool
  ) {
    guard let origin, case .typed(let type) = resolution(of: reference, origin: origin) else {
      return
    }
    switch type {
    case .list:
      guard let source = flow.stateVariable(named: reference)?.listItemRule else { return }
      if let expected = rule.itemType, let found = source.itemType, found != expected {
        sink.report(
          .listItemSourceMismatch(
            list, field: nil, expected: expected, reference: reference, found: found),
          at: range)
        return
      }
      for (field, expected) in rule.fieldTypes.sorted(by: { $0.key < $1.key }) {
        if let found = source.fieldTypes[field], found != expected {
          sink.report(
            .listItemSourceMismatch(
              list, field: field, expected: expected, reference: reference, found: found),
            at: range)
        }
      }
    case .record:
      guard asItem else { return }  // a whole list is needed: the state's type says so
      if let expected = rule.itemType, expected != .record {
        reportItemType(of: list, expected: expected, found: .record, at: range)
        return
      }
      guard case .record(let fields) = flow.stateVariable(named: reference)?.initialValue.value
      else { return }
      for (field, value) in fields.sorted(by: { $0.key < $1.key }) {
        if let expected = rule.fieldTypes[field], value.type != expected {
          sink.report(
            .listItemSourceMismatch(
              list, field: field, expected: expected, reference: reference, found: value.type),
            at: range)
        }
      }
    case .bool, .int, .string:
      guard asItem, let expected = rule.itemType, type != expected else { return }
      reportItemType(of: list, expected: expected, found: type, at: range)
    }
  }
}
