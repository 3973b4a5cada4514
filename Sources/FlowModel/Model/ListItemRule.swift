/// What the items of a list state must be, as its default shows them: a list whose default
/// holds items all of one type holds only items of that type, and where they are records,
/// each field the default's records give one type keeps that type. A list whose default is
/// empty, or mixes types, takes any item; a field its records give different types takes
/// any value. So the default always fits its own rule.
///
/// One rule for `flowc check` (a literal written to the list) and for the navigator (a value
/// an event, a request or a checklist brings when the flow runs), so that both refuse the
/// same items.
public struct ListItemRule: Hashable, Sendable {
  /// The type every item must have; `nil` when any will do.
  public let itemType: ValueType?
  /// The type of each field the default's records give one type: what a record's field of
  /// that name must have.
  public let fieldTypes: [String: ValueType]
  /// Every field the default's records have, in name order, whatever its types.
  public let fieldNames: [String]
  /// Whether the rule is a record state's (`user: { name: Bob, age: 3 }`): one record, whose
  /// every field a record written to it must give (`missingField(in:)`).
  public private(set) var holdsOneRecord = false

  /// The rule `defaultValue`, a list state's default, sets; `nil` for a value that is not a
  /// list or a list that sets none.
  public init?(default defaultValue: Value) {
    guard case .list(let items) = defaultValue, let first = items.first?.type else { return nil }
    itemType = items.allSatisfy({ $0.type == first }) ? first : nil
    var fieldTypes: [String: ValueType] = [:]
    var mixedFields: Set<String> = []
    for case .record(let fields) in items {
      for (name, value) in fields {
        if let known = fieldTypes[name], known != value.type { mixedFields.insert(name) }
        if fieldTypes[name] == nil { fieldTypes[name] = value.type }
      }
    }
    fieldNames = fieldTypes.keys.sorted()
    for name in mixedFields { fieldTypes[name] = nil }
    self.fieldTypes = fieldTypes
    guard itemType != nil || !fieldNames.isEmpty else { return nil }
  }

  /// Why `item` cannot be an item of the list, or `nil` when it can. A record's field
  /// none of the default's records has is not a misfit here (`flowc check` warns of it).
  public func misfit(_ item: Value) -> ListItemMisfit? {
    if let itemType, item.type != itemType {
      return ListItemMisfit(field: nil, expected: itemType, found: item)
    }
    guard case .record(let fields) = item else { return nil }
    return misfit(inFields: fields)
  }

  /// The first of `fields`, by name, whose value has another type than the default's records
  /// give that field (`update`'s `where` and `set` fields, a record's), or `nil`.
  public func misfit(inFields fields: [String: Value]) -> ListItemMisfit? {
    guard !fieldTypes.isEmpty else { return nil }
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
      if let expected = fieldTypes[name], value.type != expected {
        return ListItemMisfit(
          field: name, expected: expected, found: value, inOneRecord: holdsOneRecord)
      }
    }
    return nil
  }

  /// The first misfit among `value`'s items when it is a list, or of `value` itself as one
  /// item otherwise: what `append` and `remove` take.
  public func misfit(inItemOrItems value: Value) -> ListItemMisfit? {
    guard case .list(let items) = value else { return misfit(value) }
    for item in items {
      if let misfit = misfit(item) { return misfit }
    }
    return nil
  }

  /// The first misfit among the items of `value`, a whole list written to the state.
  public func misfit(inList value: Value) -> ListItemMisfit? {
    guard case .list = value else { return nil }
    return misfit(inItemOrItems: value)
  }
}

/// An item that does not fit a list (`ListItemRule`): the value, or the record field's
/// value, of another type than the list's.
public struct ListItemMisfit: Hashable, Sendable {
  /// The record field whose value does not fit; `nil` when the item itself does not.
  public var field: String?
  /// The type the item, or the field, must have.
  public var expected: ValueType
  /// What was given instead.
  public var found: Value
  /// Whether the field is a record state's (`ListItemRule.holdsOneRecord`), not a list's
  /// records'.
  public var inOneRecord: Bool

  /// `found` where an item, or its field `field`, of type `expected` was needed.
  public init(field: String?, expected: ValueType, found: Value, inOneRecord: Bool = false) {
    self.field = field
    self.expected = expected
    self.found = found
    self.inOneRecord = inOneRecord
  }

  /// The thing whose type did not fit, for messages: `field 'done' of the records of state
  /// 'tasks'`, `field 'age' of state 'user'`, `each item of state 'nums'`; `state` is the
  /// state's name as the message gives it (`state 'tasks'`, or `'tasks'`).
  public func subject(_ state: String) -> String {
    guard let field else { return "each item of \(state)" }
    return Self.subject(field: field, of: state, inOneRecord: inOneRecord)
  }

  /// `field 'done' of the records of 'tasks'`, or `field 'age' of 'user'` for a record
  /// state's field (`inOneRecord`); `state` as the message gives it.
  public static func subject(field: String, of state: String, inOneRecord: Bool) -> String {
    inOneRecord ? "field '\(field)' of \(state)" : "field '\(field)' of the records of \(state)"
  }
}

extension ListItemRule {
  /// The rule a record state's default sets for the records written to it: each field it
  /// has keeps its type, as a list's one record would. `nil` for a value that is no record.
  public init?(recordDefault value: Value) {
    guard case .record = value else { return nil }
    self.init(default: .list([value]))
    holdsOneRecord = true
  }

  /// The first field, by name, of a record state's default that `fields` (a record's
  /// values, or the expressions written for them) leave out: a record written to the state
  /// replaces it whole, so the field would be lost. `nil` for a list's rule, whose records
  /// may each give some fields.
  public func missingField<Field>(in fields: [String: Field]) -> String? {
    guard holdsOneRecord else { return nil }
    return fieldNames.first { fields[$0] == nil }
  }
}

extension StateVariable {
  /// What this state's items must be, when it is a list whose default sets a rule.
  public var listItemRule: ListItemRule? { ListItemRule(default: initialValue.value) }

  /// What a record written to this state must be, when its default is a record.
  public var recordRule: ListItemRule? { ListItemRule(recordDefault: initialValue.value) }
}
