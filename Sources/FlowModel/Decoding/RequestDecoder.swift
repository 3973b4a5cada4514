import FlowDiagnostics
import FlowYAML

extension ModelDecoder {
  static let requestKeys: [StaticString] = ["params", "onSuccess", "onFailure"]

  /// `requests:`: each request by name, with its values and what each outcome does.
  mutating func requests(_ node: YAMLNode) -> [Request] {
    namedEntries(node, "'requests'").compactMapReserving { pair in
      guard let name = string(pair.key, "a request name") else { return nil }
      let subject = "request '\(name.value)'"
      let fields = mapping(pair.value, subject, allowed: Self.requestKeys, allowsNull: true)
      return Request(
        name: name, params: fields?["params"].map { parameters($0, of: name.value) } ?? [],
        onSuccess: fields?["onSuccess"].flatMap { outcomeHandler($0) },
        onFailure: fields?["onFailure"].flatMap { outcomeHandler($0) },
        range: SourceRange(start: name.range.start, end: pair.value.range.end))
    }
  }

  /// An outcome's operation; nothing (`onFailure: ~`) means the outcome changes nothing.
  private mutating func outcomeHandler(_ node: YAMLNode) -> Operation? {
    node.isNull ? nil : operation(node)
  }
}
