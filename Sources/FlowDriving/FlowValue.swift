public import FlowModel

/// The flow's value of an app's Swift value: a `Bool`, an `Int` (any integer type), a
/// `String`, a struct of those (a record, by its stored properties' names, as
/// `Task(title:, isCompleted:)` is `{ title, isCompleted }`), an array of any of them, or an
/// optional holding one; `nil` for anything else.
public enum FlowValue {
  /// The flow's value of `any`, or `nil` when it is none of those (a class, an enum, a
  /// `Double`).
  public static func value(of any: Any) -> Value? {
    if let record = record(of: any) { return record }
    return scalarOrList(of: any)
  }

  /// A struct whose stored properties are all flags, numbers or text, as a record.
  private static func record(of any: Any) -> Value? {
    let mirror = Mirror(reflecting: any)
    guard mirror.displayStyle == .struct, !mirror.children.isEmpty else { return nil }
    var fields: [String: Value] = [:]
    for child in mirror.children {
      guard let label = child.label else { return nil }
      // An optional with no value is no field.
      let field = Mirror(reflecting: child.value)
      if field.displayStyle == .optional, field.children.isEmpty { continue }
      guard let value = scalarOrList(of: child.value) else { return nil }
      if case .list = value { return nil }
      fields[label] = value
    }
    return .record(fields)
  }

  private static func scalarOrList(of any: Any) -> Value? {
    switch any {
    case let value as Bool: return .bool(value)
    case let value as Int: return .int(value)
    case let value as any BinaryInteger: return Int(exactly: value).map(Value.int)
    case let value as String: return .string(value)
    case let value as Substring: return .string(String(value))
    case let values as [Any]:
      let converted = values.compactMap(value(of:))
      return converted.count == values.count ? .list(converted) : nil
    default:
      let mirror = Mirror(reflecting: any)
      guard mirror.displayStyle == .optional else { return nil }
      return mirror.children.first.flatMap { value(of: $0.value) }
    }
  }

  /// The flow's values of an app's, by state name; a value of no flow type is left out (and
  /// an expectation about it fails, saying it is not observed).
  public static func values(_ values: [String: Any]) -> [String: Value] {
    values.compactMapValues(value(of:))
  }
}
