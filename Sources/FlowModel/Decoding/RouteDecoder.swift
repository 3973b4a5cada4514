import FlowDiagnostics
import FlowYAML

extension ModelDecoder {
  /// A route: a screen name, or a screen with values, `{ ProductDetail: { id: 42 } }`.
  /// `$name` values are allowed where `allowsReferences`; in an expectation they are not.
  mutating func route(_ node: YAMLNode, allowsReferences: Bool) -> ScreenTarget? {
    if node.kind == .scalar {
      return string(node, "a screen name").map { ScreenTarget(screen: $0) }
    }
    guard let pairs = node.pairs, pairs.count == 1, let name = pairs[0].keyText else {
      sink.report(
        .wrongType(
          "a route", expected: "a screen name or '{ Screen: { param: value } }'",
          found: node.pairs.map {
            $0.isEmpty ? "an empty mapping" : "a mapping of \($0.count) screens"
          }
            ?? node.kindDescription),
        at: node.range)
      return nil
    }
    let pair = pairs[0]
    guard let screen = string(pair.key, "a screen name") else { return nil }
    let arguments =
      pair.value.isNull
      ? []
      : assignments(
        pair.value, "the values of '\(name)'", allowsReferences: allowsReferences)
    return ScreenTarget(screen: screen, arguments: arguments)
  }

  /// A list of routes, bottom first; a single route stands for a list of one.
  mutating func routes(
    _ node: YAMLNode, _ subject: @autoclosure () -> String, allowsReferences: Bool
  ) -> [ScreenTarget]? {
    guard let items = node.items else {
      if node.isNull {
        sink.report(
          .wrongType(subject(), expected: "a list of routes", found: "nothing"), at: node.range)
        return nil
      }
      return route(node, allowsReferences: allowsReferences).map { [$0] }
    }
    return items.compactMap { route($0, allowsReferences: allowsReferences) }
  }
}
