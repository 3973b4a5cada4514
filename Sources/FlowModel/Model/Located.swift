public import FlowDiagnostics

/// A value together with the span of source it was read from.
public struct Located<Value: Sendable>: Sendable {
  /// The value read.
  public var value: Value
  /// The span of source the value was read from, for messages that point at it.
  public var range: SourceRange

  /// `value`, read from `range`.
  public init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// Where the value starts.
  public var position: SourcePosition { range.start }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
