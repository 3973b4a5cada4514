public import FlowModel

/// Something that happens to the navigation service: an event from a view, a tap on the
/// navigation bar, or a tap on an action of the presented alert.
public enum NavigationEvent: Sendable, Hashable, CustomStringConvertible {
  /// An event a view sends, such as `login`, with its arguments.
  case named(String, arguments: [String: Value] = [:])
  /// A tap on the visible screen's left or right bar button, or on the back button.
  case tap(TapTarget)
  /// A tap on the presented alert's action with this title.
  case alertAction(String)
  /// The app is asked to open a URL (`.onOpenURL`): a deep link.
  case open(String)
  /// A tap on a tab of the tab bar.
  case tab(String)
  /// A pending request succeeds with these values, as a service spy's
  /// `completeSuccessfullyWith(…, at: index)` makes it; `index` counts from 0 the pending
  /// requests of that name in the order they started.
  case complete(String, values: [String: Value] = [:], index: Int = 0)
  /// A pending request fails with these values, as `completeWithError(_:at:)` makes it.
  case fail(String, values: [String: Value] = [:], index: Int = 0)

  /// An event without arguments.
  public static func event(_ name: String) -> NavigationEvent { .named(name) }

  /// `login`, `login(info: "A")`, `tap right`, `alert Logout`, `open monapp://…`, `tab Search`.
  public var description: String {
    switch self {
    case .named(let name, let arguments) where arguments.isEmpty:
      return name
    case .named(let name, let arguments):
      let list = arguments.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      return "\(name)(\(list.joined(separator: ", ")))"
    case .tap(let target):
      return "tap \(target.rawValue)"
    case .alertAction(let title):
      return "alert \(title)"
    case .open(let url):
      return "open \(url)"
    case .tab(let name):
      return "tab \(name)"
    case .complete(let request, let values, let index), .fail(let request, let values, let index):
      let keyword = if case .complete = self { "complete" } else { "fail" }
      var text = "\(keyword) \(request)"
      if !values.isEmpty {
        text +=
          "("
          + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
          .joined(separator: ", ") + ")"
      }
      return index == 0 ? text : text + " at \(index)"
    }
  }
}

extension NavigationEvent: ExpressibleByStringLiteral {
  /// A named event without arguments: `try navigator.send("login")`.
  public init(stringLiteral name: String) {
    self = .named(name)
  }
}
