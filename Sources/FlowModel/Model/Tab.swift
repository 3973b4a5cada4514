public import FlowDiagnostics

/// A tab of a `UITabBarController` (a SwiftUI `TabView`), with a navigation stack of its own
/// that starts at its root screen.
public struct Tab: Sendable {
  /// The tab's name, its key under `tabs:`, by which `select`, `{ tab: … }` and links name it.
  public var name: Located<String>
  /// The tab bar item's title; the tab's name unless declared.
  public var title: Located<String>?
  /// The tab bar item's SF Symbol.
  public var image: Located<String>?
  /// The screen at the bottom of the tab's stack.
  public var root: ScreenTarget
  /// The whole declaration.
  public var range: SourceRange

  /// A tab as declared, with its bar item's title and image and its root screen.
  public init(
    name: Located<String>, title: Located<String>?, image: Located<String>?, root: ScreenTarget,
    range: SourceRange
  ) {
    self.name = name
    self.title = title
    self.image = image
    self.root = root
    self.range = range
  }
}

/// A deep link: a URL pattern and the routes it sets above the root of a stack, at once.
public struct DeepLink: Sendable {
  /// The pattern as written, such as `monapp://product/{id}`.
  public var pattern: Located<String>
  /// The pattern's parts; `nil` when it could not be read (reported by the decoder).
  public var parsed: URLPattern?
  /// The tab the link lands in; the selected tab's stack when not given.
  public var tab: Located<String>?
  /// The routes set above the stack's root, bottom first; `$name` reads a pattern variable.
  public var routes: [ScreenTarget]
  /// Whether the routes are pushed one by one on the stack as it is (`oneByOne: true`),
  /// rather than set above its root at once: what an app that appends a link's routes to
  /// its path does.
  public var isOneByOne: Bool
  /// The `animated` flag of the link's navigation: `false` for routes set at once and
  /// `true` for pushes, unless given.
  public var animated: Located<Bool>?
  /// The whole declaration.
  public var range: SourceRange

  /// A deep link as declared; it sets its routes at once, with the default animation, unless
  /// told otherwise.
  public init(
    pattern: Located<String>, parsed: URLPattern?, tab: Located<String>?, routes: [ScreenTarget],
    isOneByOne: Bool = false, animated: Located<Bool>? = nil, range: SourceRange
  ) {
    self.pattern = pattern
    self.parsed = parsed
    self.tab = tab
    self.routes = routes
    self.isOneByOne = isOneByOne
    self.animated = animated
    self.range = range
  }
}

extension DeepLink {
  /// Each place the link's routes read one of its variables, in the order written: the
  /// variable, the type it is read as, and the screen. A parameter given `$id`
  /// (`{ Item: { id: $id } }`) reads it as the parameter's type; a text
  /// (`{ Item: { title: "Item {id}" } }`) as a String, the URL's text.
  public func variableReadings(in flow: Flow) -> [(
    variable: String, type: ValueType, screen: String
  )] {
    var readings: [(variable: String, type: ValueType, screen: String)] = []
    for route in routes {
      guard let screen = flow.screen(named: route.screen.value) else { continue }
      for argument in route.arguments {
        switch argument.value.value {
        case .reference(let variable):
          guard let parameter = screen.parameter(named: argument.name.value) else { continue }
          readings.append((variable, parameter.type.value.base, screen.name.value))
        case .literal(.string(let text)) where TextTemplate.mayHoldNames(text):
          for (variable, _) in TextTemplate(text).names {
            readings.append((variable, .string, screen.name.value))
          }
        default:
          continue
        }
      }
    }
    return readings
  }
}
