public import FlowModel

/// Compares what two versions of a flow declare, part by part, as behaviour: each screen's
/// handlers by event, its nav bar field by field, each alert's actions, each request's
/// outcomes, tabs, links, child flows, state, the flow's own handlers and start.
public enum FlowDiffer {
  /// The differences from `old` to `new`, in a stable order: the flow, then its state,
  /// screens, alerts, requests, tabs, links, child flows and properties, each in the order
  /// the new version declares them, then those only the old one has.
  public static func changes(from old: Flow, to new: Flow) -> [FlowChange] {
    var changes = Changes()
    changes.compare(
      "flow", "start", old.start.map(BehaviourText.operation),
      new.start.map(BehaviourText.operation))
    changes.compareHandlers(old.handlers, new.handlers, group: "flow")
    // The first tab is selected at the start, and the first link that matches a URL wins.
    changes.compare(
      "flow", "tab order", old.tabs.map(\.name.value).joined(separator: ", "),
      new.tabs.map(\.name.value).joined(separator: ", "))
    changes.compare(
      "flow", "link order", old.links.map(\.pattern.value).joined(separator: ", "),
      new.links.map(\.pattern.value).joined(separator: ", "))
    changes.compareNamed(
      "state", old.state, new.state, name: \.name.value, content: Self.initialValue
    ) { before, after in [("initial value", initialValue(before), initialValue(after))] }
    changes.compareNamed(
      "screen", old.screens, new.screens, name: \.name.value, content: screenText
    ) {
      before, after in
      let parts: [(String, String?, String?)] = [
        ("params", parameters(before.params), parameters(after.params)),
        (
          "on enter", before.onEnter.map(BehaviourText.operation),
          after.onEnter.map(BehaviourText.operation)
        ),
        (
          "on appear", before.onAppear.map(BehaviourText.operation),
          after.onAppear.map(BehaviourText.operation)
        ),
      ]
      return parts + BehaviourText.barComparison(before.navigationBar, after.navigationBar)
    } nested: { changes, before, after, group in
      changes.compareHandlers(before.handlers, after.handlers, group: group)
    }
    changes.compareNamed("alert", old.alerts, new.alerts, name: \.name.value, content: alertText) {
      before, after in
      [
        ("style", before.resolvedStyle.rawValue, after.resolvedStyle.rawValue),
        ("title", before.title?.value, after.title?.value),
        ("message", before.message?.value, after.message?.value),
        actionOrder(before, after),
      ]
    } nested: { changes, before, after, group in
      changes.compareNamed(
        "action", before.actions, after.actions, name: \.title.value,
        content: BehaviourText.action, group: group
      ) { before, after in [("", BehaviourText.action(before), BehaviourText.action(after))] }
    }
    changes.compareNamed(
      "request", old.requests, new.requests, name: \.name.value, content: requestText
    ) { before, after in
      [
        ("params", parameters(before.params), parameters(after.params)),
        (
          "on success", before.onSuccess.map(BehaviourText.operation),
          after.onSuccess.map(BehaviourText.operation)
        ),
        (
          "on failure", before.onFailure.map(BehaviourText.operation),
          after.onFailure.map(BehaviourText.operation)
        ),
      ]
    }
    changes.compareNamed("tab", old.tabs, new.tabs, name: \.name.value, content: tabText) {
      before, after in
      [
        ("title", before.title?.value, after.title?.value),
        ("image", before.image?.value, after.image?.value),
        ("root", BehaviourText.target(before.root), BehaviourText.target(after.root)),
      ]
    }
    changes.compareNamed(
      "link", old.links, new.links, name: \.pattern.value, content: BehaviourText.link
    ) { before, after in [("target", BehaviourText.link(before), BehaviourText.link(after))] }
    changes.compareNamed(
      "child flow", old.uses, new.uses, name: \.name.value, content: \.path.value
    ) { before, after in [("file", before.path.value, after.path.value)] }
    changes.compareNamed(
      "property", old.properties, new.properties, name: \.name.value, content: \.name.value,
      renames: false)
    return changes.list
  }

  private static func initialValue(_ state: StateVariable) -> String {
    "\(state.initialValue.value)"
  }

  private static func parameters(_ params: [Parameter]) -> String {
    params.isEmpty
      ? "none" : params.map { "\($0.name.value): \($0.type.value)" }.joined(separator: ", ")
  }

  /// The order of the same actions, when only that changed (an action added, removed or
  /// renamed is its own change).
  private static func actionOrder(_ old: Alert, _ new: Alert) -> (String, String?, String?) {
    let (before, after) = (old.actions.map(\.title.value), new.actions.map(\.title.value))
    guard before != after, Set(before) == Set(after) else { return ("action order", nil, nil) }
    return ("action order", before.joined(separator: ", "), after.joined(separator: ", "))
  }

  private static func screenText(_ screen: Screen) -> String {
    ([
      parameters(screen.params), screen.onEnter.map(BehaviourText.operation) ?? "",
      screen.onAppear.map(BehaviourText.operation) ?? "",
    ] + BehaviourText.barFields(screen.navigationBar).map(\.1)
      + screen.handlers.map { $0.event.value + ": " + BehaviourText.operation($0.operation) })
      .joined(separator: "\n")
  }

  private static func alertText(_ alert: Alert) -> String {
    ([alert.resolvedStyle.rawValue, alert.title?.value ?? "", alert.message?.value ?? ""]
      + alert.actions.map { $0.title.value + ": " + BehaviourText.action($0) })
      .joined(separator: "\n")
  }

  private static func requestText(_ request: Request) -> String {
    [
      parameters(request.params), request.onSuccess.map(BehaviourText.operation) ?? "",
      request.onFailure.map(BehaviourText.operation) ?? "",
    ].joined(separator: "\n")
  }

  private static func tabText(_ tab: Tab) -> String {
    [tab.title?.value ?? "", tab.image?.value ?? "", BehaviourText.target(tab.root)]
      .joined(separator: "\n")
  }
}

/// The changes found so far, and the comparisons that find them.
private struct Changes {
  var list: [FlowChange] = []

  /// A field that differs, as a `changed` change; one that appears or goes, as added or
  /// removed.
  mutating func compare(_ group: String, _ subject: String, _ before: String?, _ after: String?) {
    guard before != after else { return }
    switch (before, after) {
    case (nil, let after?):
      list.append(FlowChange(kind: .added, group: group, subject: subject, after: after))
    case (let before?, nil):
      list.append(FlowChange(kind: .removed, group: group, subject: subject, before: before))
    default:
      list.append(
        FlowChange(kind: .changed, group: group, subject: subject, before: before, after: after))
    }
  }

  /// Handlers by event: what each does before and after.
  mutating func compareHandlers(_ old: [EventHandler], _ new: [EventHandler], group: String) {
    let before = Dictionary(
      old.map { ($0.event.value, BehaviourText.operation($0.operation)) },
      uniquingKeysWith: { a, _ in a })
    let after = Dictionary(
      new.map { ($0.event.value, BehaviourText.operation($0.operation)) },
      uniquingKeysWith: { a, _ in a })
    for event in Self.names(old.map(\.event.value), new.map(\.event.value)) {
      compare(group, event, before[event], after[event])
    }
  }

  /// Declarations by name: each one only in `old` removed, only in `new` added, except
  /// that one removed and one added whose `content` is the same are a rename; those in both
  /// compared by `fields`, then by `nested`.
  mutating func compareNamed<Item>(
    _ kind: String, _ old: [Item], _ new: [Item], name: (Item) -> String,
    content: (Item) -> String, group: String? = nil, renames: Bool = true,
    fields: (Item, Item) -> [(String, String?, String?)] = { _, _ in [] },
    nested: (inout Changes, Item, Item, String) -> Void = { _, _, _, _ in }
  ) {
    let before = Dictionary(old.map { (name($0), $0) }, uniquingKeysWith: { a, _ in a })
    let after = Dictionary(new.map { (name($0), $0) }, uniquingKeysWith: { a, _ in a })
    var removed = old.map(name).filter { after[$0] == nil }
    var added = new.map(name).filter { before[$0] == nil }
    func place(_ name: String) -> (group: String, subject: String) {
      group.map { ($0, kind + " " + name) } ?? (kind + " " + name, "")
    }
    if renames {
      for oldName in removed {
        guard
          let newName = added.first(where: { content(after[$0]!) == content(before[oldName]!) })
        else { continue }
        list.append(
          FlowChange(
            kind: .renamed, group: group ?? kind, subject: group == nil ? "" : kind,
            before: oldName, after: newName))
        // Alike in what `content` reads; anything else is compared as for one name.
        compareFields(
          before[oldName]!, after[newName]!, at: place(newName), fields: fields, nested: nested)
        removed.removeAll { $0 == oldName }
        added.removeAll { $0 == newName }
      }
    }
    for name in removed {
      let (group, subject) = place(name)
      list.append(FlowChange(kind: .removed, group: group, subject: subject))
    }
    for name in added {
      let (group, subject) = place(name)
      list.append(FlowChange(kind: .added, group: group, subject: subject))
    }
    for name in Self.names(old.map(name), new.map(name)) {
      guard let old = before[name], let new = after[name] else { continue }
      compareFields(old, new, at: place(name), fields: fields, nested: nested)
    }
  }

  /// One declaration in both versions: its fields, then what it holds.
  private mutating func compareFields<Item>(
    _ old: Item, _ new: Item, at place: (group: String, subject: String),
    fields: (Item, Item) -> [(String, String?, String?)],
    nested: (inout Changes, Item, Item, String) -> Void
  ) {
    for (field, was, now) in fields(old, new) {
      let part = [place.subject, field].filter { !$0.isEmpty }.joined(separator: " ")
      compare(place.group, part, was, now)
    }
    nested(&self, old, new, place.group)
  }

  /// The names of both lists, once each: the new order, then those only in the old.
  static func names(_ old: [String], _ new: [String]) -> [String] {
    var seen: Set<String> = []
    return (new + old).filter { seen.insert($0).inserted }
  }
}
