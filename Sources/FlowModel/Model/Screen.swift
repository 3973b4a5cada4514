public import FlowDiagnostics

/// A screen: a view controller in the stack, with its navigation bar and the events it handles.
public struct Screen: Sendable {
  /// The screen's name, its key under `screens:`, by which operations and stacks name it.
  public var name: Located<String>
  /// Typed parameters the screen is shown with (`params: { info: String }`).
  public var params: [Parameter]
  /// The screen's navigation bar; a plain visible bar when the screen declares no `navBar`.
  public var navigationBar: NavigationBar
  /// What each event does while this screen is on top, in declaration order.
  public var handlers: [EventHandler]
  /// What runs each time the screen is shown by `setRoot`, `push` or `present`.
  public var onEnter: Operation?
  /// What runs each time the screen becomes the visible one: when it is shown, and when a
  /// pop or a dismiss reveals it again (SwiftUI's `onAppear`, UIKit's `viewWillAppear`).
  public var onAppear: Operation?
  /// The whole declaration.
  public var range: SourceRange

  /// A screen as declared, with its parameters, bar, handlers and what runs when it shows.
  public init(
    name: Located<String>, params: [Parameter], navigationBar: NavigationBar,
    handlers: [EventHandler], onEnter: Operation?, onAppear: Operation? = nil, range: SourceRange
  ) {
    self.onAppear = onAppear
    self.name = name
    self.params = params
    self.navigationBar = navigationBar
    self.handlers = handlers
    self.onEnter = onEnter
    self.range = range
  }

  /// The handler of an event, if the screen handles it.
  public func handler(for event: String) -> EventHandler? {
    handlers.first { $0.event.value == event }
  }

  /// The parameter of that name.
  @inlinable  // so a caller reads the parameters in place, without copying the screen
  public func parameter(named name: String) -> Parameter? {
    params.first { $0.name.value == name }
  }
}

/// A typed screen parameter: a route's associated value, such as `id: Int`.
public struct Parameter: Sendable, Hashable {
  /// The parameter's name, which `with:` values set and `$name` reads.
  public var name: Located<String>
  /// The declared type, such as `Int` or `String?`.
  public var type: Located<ParameterType>

  /// A parameter `name` of type `type`.
  public init(name: Located<String>, type: Located<ParameterType>) {
    self.name = name
    self.type = type
  }
}

/// `event: operation` in a screen's `on:`.
public struct EventHandler: Sendable {
  /// The name of the event handled, such as `login`.
  public var event: Located<String>
  /// What the navigation service does when the event is received.
  public var operation: Operation

  /// A handler running `operation` on `event`.
  public init(event: Located<String>, operation: Operation) {
    self.event = event
    self.operation = operation
  }
}
