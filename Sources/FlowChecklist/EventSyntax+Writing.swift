internal import FlowModel
public import FlowRuntime

extension NavigationEvent {
  /// How to write the event in a checklist's `when` or on `flowc run`'s command line:
  /// `login`, `tap: right`, `{ selectInfo: { info: "A" } }`, `{ complete: load, with: { … } }`.
  ///
  /// - Parameters:
  ///   - braced: whether a one-key form is written as a mapping, `{ tap: right }`, as a
  ///     checklist's list of events needs it.
  ///   - placeholders: whether argument values are shown as `…`, the form to type.
  public func syntax(braced: Bool = false, placeholders: Bool = false) -> String {
    func values(_ values: [String: Value]) -> String {
      "{ "
        + values.keys.sorted().map {
          "\(Value.yamlText($0)): \(placeholders ? "…" : values[$0]!.description)"
        }
        .joined(separator: ", ") + " }"
    }
    let keyword = self.keyword?.rawValue ?? ""
    func pair(_ value: String) -> String {
      braced ? "{ \(keyword): \(value) }" : "\(keyword): \(value)"
    }
    switch self {
    case .named(let name, let arguments) where !arguments.isEmpty:
      return "{ \(Value.yamlText(name)): \(values(arguments)) }"
    case .named(let name, _): return Value.yamlText(name)
    case .tap(let target): return pair(target.rawValue)
    case .alertAction(let title): return pair(Value.yamlText(title))
    case .open(let url): return pair(braced ? Value.doubleQuoted(url) : url)
    case .tab(let name): return pair(Value.yamlText(name))
    case .complete(let request, let given, let index), .fail(let request, let given, let index):
      let request = Value.yamlText(request)
      var parts = ["\(keyword): \(request)"]
      if !given.isEmpty {
        parts.append("with: \(values(given))")
      } else if placeholders {
        parts.append("with: { … }")
      }
      if index != 0 { parts.append("index: \(index)") }
      return parts.count == 1 ? pair(request) : "{ " + parts.joined(separator: ", ") + " }"
    }
  }
}
