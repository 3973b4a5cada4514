internal import FlowModel

/// What a part of a flow does, written out in a canonical line, without its place in the
/// file: two versions of a flow behave alike where these texts are equal, however their YAML
/// is laid out.
enum BehaviourText {
  /// `push Detail(id: $id)`, `present LogoutSheet as sheet`, `if loggedIn: push Home, else
  /// push Login`; a flag written differently from the default is given (`, not animated`).
  static func operation(_ operation: Operation) -> String {
    var text = kind(operation.kind)
    if let call = operation.call {
      if operation.isAnimated != call.animatesByDefault {
        text += operation.isAnimated ? ", animated" : ", not animated"
      }
    } else if let animated = operation.animated {
      // A flag on what is not a call (starting a child flow) is passed on as written.
      text += animated.value ? ", animated" : ", not animated"
    }
    return text
  }

  private static func kind(_ kind: Operation.Kind) -> String {
    switch kind {
    case .setRoot(let target): return "setRoot " + self.target(target)
    case .push(let target): return "push " + self.target(target)
    case .reset(let targets): return "reset [" + targets.map(target).joined(separator: ", ") + "]"
    case .select(let tab): return "select " + tab.value
    case .pop: return "pop"
    case .popToRoot: return "popToRoot"
    case .dismiss: return "dismiss"
    case .present(let presentation):
      // The defaults (a sheet, no stack of its own) are left out, written or not.
      var text = "present " + presentation.target.value + arguments(presentation.arguments)
      if let style = presentation.style, style.value != .sheet {
        text += " as " + style.value.rawValue
      }
      if presentation.hasNavigationStack?.value == true { text += " with a navigation stack" }
      return text
    case .set(let values): return "set " + assignments(values)
    case .add(let values): return "add " + assignments(values)
    case .append(let values): return "append " + assignments(values)
    case .remove(let values): return "remove " + assignments(values)
    case .update(let updates):
      return "update "
        + updates.map {
          $0.state.value + " where " + assignments($0.match) + " set " + assignments($0.changes)
        }.joined(separator: ", ")
    case .request(let call): return "request " + call.request.value + arguments(call.arguments)
    case .startFlow(let start):
      var text = "start " + start.flow.value + arguments(start.arguments)
      if let style = start.presentation {
        text += " presented as " + style.value.rawValue
        // A presented child has a stack of its own unless `stack: false`.
        if start.hasOwnStack?.value == false { text += " without a stack of its own" }
      }
      return text
    case .finish(let finish): return "finish " + finish.event.value + arguments(finish.arguments)
    case .branch(let condition, let then, let otherwise):
      return "if \(condition.text): \(operation(then))"
        + (otherwise.map { ", else \(operation($0))" } ?? "")
    case .sequence(let operations):
      return operations.map(operation).joined(separator: "; ")
    }
  }

  /// `Detail(id: $id)`.
  static func target(_ target: ScreenTarget) -> String {
    target.screen.value + arguments(target.arguments)
  }

  /// `(id: $id, title: "A")`, or nothing without arguments.
  static func arguments(_ arguments: [Assignment]) -> String {
    arguments.isEmpty ? "" : "(" + pairs(arguments) + ")"
  }

  /// `{ loggedIn: true, name: "A" }`.
  static func assignments(_ assignments: [Assignment]) -> String {
    "{ " + pairs(assignments) + " }"
  }

  /// `id: $id, name: "A"`, by name: the order a mapping is written in changes nothing.
  private static func pairs(_ assignments: [Assignment]) -> String {
    assignments.map { "\($0.name.value): \($0.value.value)" }.sorted().joined(separator: ", ")
  }

  /// `image plus, style plain, tint red, action presentLogout`.
  static func button(_ button: BarButtonItem?) -> String {
    guard let button else { return "none" }
    var parts: [String] = []
    if let title = button.title { parts.append("title " + Value.doubleQuoted(title.value)) }
    if let image = button.image { parts.append("image " + image.value) }
    if let style = button.style { parts.append("style " + style.value.rawValue) }
    if let tint = button.tint { parts.append("tint " + tint.value) }
    parts.append("action " + (button.action?.value ?? "none"))
    return parts.joined(separator: ", ")
  }

  /// The fields of a navigation bar, by name, each as a line: what a change lists one by one.
  static func barFields(_ bar: NavigationBar) -> [(String, String)] {
    [
      ("hidden", bar.isHidden ? "yes" : "no"),
      ("left supplements back button", bar.leftSupplementsBackButton ? "yes" : "no"),
      ("title", bar.title.map { Value.doubleQuoted($0.value) } ?? "none"),
      ("back button", bar.backButton?.value.rawValue ?? "default"),
      ("left", button(bar.left)), ("right", button(bar.right)),
    ]
  }

  /// Two navigation bars compared field by field, a button's fields one by one when both
  /// bars have it: `(nav bar right tint, red, blue)`.
  static func barComparison(_ old: NavigationBar, _ new: NavigationBar) -> [(
    String, String?, String?
  )] {
    var fields: [(String, String?, String?)] = [
      ("nav bar hidden", old.isHidden ? "yes" : "no", new.isHidden ? "yes" : "no"),
      (
        "nav bar left supplements back button", old.leftSupplementsBackButton ? "yes" : "no",
        new.leftSupplementsBackButton ? "yes" : "no"
      ),
      (
        "nav bar title", old.title.map { Value.doubleQuoted($0.value) },
        new.title.map { Value.doubleQuoted($0.value) }
      ),
      ("nav bar back button", old.backButton?.value.rawValue, new.backButton?.value.rawValue),
    ]
    for side in BarSide.allCases {
      let name = "nav bar " + side.rawValue
      guard let before = old.item(side), let after = new.item(side) else {
        fields.append((name, old.item(side).map(button), new.item(side).map(button)))
        continue
      }
      fields += [
        (
          name + " title", before.title.map { Value.doubleQuoted($0.value) },
          after.title.map { Value.doubleQuoted($0.value) }
        ),
        (name + " image", before.image?.value, after.image?.value),
        (name + " style", before.style?.value.rawValue, after.style?.value.rawValue),
        (name + " tint", before.tint?.value, after.tint?.value),
        (name + " action", before.action?.value, after.action?.value),
      ]
    }
    return fields
  }

  /// `Logout (destructive): set { loggedIn: false }; setRoot Login`.
  static func action(_ action: AlertAction) -> String {
    "\(action.resolvedStyle.rawValue)" + (action.operation.map { ": " + operation($0) } ?? "")
  }

  /// Where a link lands: `tab Home: [Home, Detail(id: $id)]`, `one by one`, `not animated`.
  static func link(_ link: DeepLink) -> String {
    var text =
      (link.tab.map { "tab \($0.value): " } ?? "")
      + "[" + link.routes.map(target).joined(separator: ", ") + "]"
    if link.isOneByOne { text += ", one by one" }
    // Animated as pushes are, one by one; not when set at once; unless written.
    if link.animated?.value ?? link.isOneByOne { text += ", animated" }
    return text
  }
}
