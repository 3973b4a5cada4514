public import FlowDiagnostics

/// A value together with the span of source it was read from.
public struct Located<Value: Sendable>: Sendable {
  public var value: Value
  public var range: SourceRange

  public init(_ value: Value, at range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// Where the value starts.
  public var position: SourcePosition { range.start }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
