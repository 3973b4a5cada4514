public import FlowModel

/// Something that happens to the navigation service: an event from a view, a tap on the
/// navigation bar, or a tap on an action of the presented alert.
public enum NavigationEvent: Sendable, Hashable, CustomStringConvertible {
  /// An event a view sends, such as `login`, with its arguments. This case and the
  /// outcomes are indirect: an event is copied with one retain, however many values it holds
  /// (a search copies each event it sends out of its list).
  indirect case named(String, arguments: [String: Value] = [:])
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
  indirect case complete(String, values: [String: Value] = [:], index: Int = 0)
  /// A pending request fails with these values, as `completeWithError(_:at:)` makes it.
  indirect case fail(String, values: [String: Value] = [:], index: Int = 0)

  /// An event without arguments.
  public static func event(_ name: String) -> NavigationEvent { .named(name) }

  /// The checklist keyword that introduces this kind of event, `nil` for a named event: the
  /// same one `EventStep.Kind.keyword` gives for the step that sends it.
  public var keyword: EventKeyword? {
    switch self {
    case .named: nil
    case .tap: .tap
    case .alertAction: .alert
    case .open: .open
    case .tab: .tab
    case .complete: .complete
    case .fail: .fail
    }
  }

  /// `login`, `login(info: "A")`, `tap right`, `alert Logout`, `open monapp://…`, `tab Search`,
  /// `complete load(restaurants: [KFC]) at 1`.
  public var description: String {
    func list(_ values: [String: Value]) -> String {
      "("
        + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        .joined(separator: ", ") + ")"
    }
    let subject: String
    switch self {
    case .named(let name, let arguments):
      return arguments.isEmpty ? name : name + list(arguments)
    case .tap(let target): subject = target.rawValue
    case .alertAction(let title): subject = title
    case .open(let url): subject = url
    case .tab(let name): subject = name
    case .complete(let request, let values, let index), .fail(let request, let values, let index):
      subject = request + (values.isEmpty ? "" : list(values)) + (index == 0 ? "" : " at \(index)")
    }
    return (keyword?.rawValue ?? "") + " " + subject
  }
}

extension NavigationEvent: ExpressibleByStringLiteral {
  /// A named event without arguments: `try navigator.send("login")`.
  public init(stringLiteral name: String) {
    self = .named(name)
  }
}
