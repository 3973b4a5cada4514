public import FlowChecklist
public import FlowModel
public import FlowRuntime

/// Binds a flow to the app's own navigation code, as a model-based testing tool binds a model
/// to the system under test: with a driver, each checklist item runs against the app too.
///
/// Most drivers are a `FlowAppDriver`: a library spy does the gestures and the observation,
/// and the flow's events go to the app through the protocol the generator writes. A driver
/// written by hand implements this protocol itself, over a spy:
///
/// ```swift
/// @MainActor
/// final class CounterScreen: UIViewController {}
///
/// @MainActor
/// struct CounterDriver: FlowDriver {
///   let spy = FlowNavigationControllerSpy()
///
///   init(start: ScenarioStart) {
///     spy.setViewControllers([CounterScreen()], animated: false)
///   }
///
///   func send(_ event: NavigationEvent) async throws {
///     guard try await spy.perform(event) else { throw DriverError.unsupported(event) }
///   }
///
///   func observe() -> Observation { spy.observation() }
/// }
/// ```
@MainActor
public protocol FlowDriver {
  /// Makes the app's navigation code fresh for one scenario, in the state the flow is in
  /// after `given` (and on the stack the scenario starts from, when it gives one).
  init(start: ScenarioStart) async throws

  /// Does in the app what the event means: calls the service, taps the bar button through
  /// the item the service configured, taps the alert's action, completes the request.
  mutating func send(_ event: NavigationEvent) async throws

  /// What the app's navigation looks like now. Leave out only what the app cannot show, and
  /// declare it in `unobservable`: an expectation about a part left out fails its item.
  func observe() async -> Observation

  /// The kinds of expectation the app cannot show (a SwiftUI title, the `animated` flag of
  /// a router whose path is set without one), declared in one line:
  /// `static let unobservable: Set<ExpectationKey> = [.animated, .calls]`. An expectation
  /// of a kind declared here is a known issue of its item (counted, never passed); one of a
  /// kind the observation leaves out but that is not declared fails, so a driver that
  /// forgets a part cannot stop testing the app silently. None, unless declared.
  static var unobservable: Set<ExpectationKey> { get }
}

extension FlowDriver {
  /// None: every kind of expectation is observed, and one the observation leaves out fails.
  public static var unobservable: Set<ExpectationKey> { [] }
}

/// Where a scenario starts: every state value after `given`, and the stack it starts from.
public struct ScenarioStart: Sendable {
  /// Every state value: the flow's defaults, overridden by `given`.
  public var state: [String: Value]
  /// The stack `given { stack: … }` starts from; `nil` to run the flow's `start`.
  public var stack: [ScreenInstance]?

  /// A start with these state values, on `stack` when `given` gives one.
  public init(state: [String: Value], stack: [ScreenInstance]? = nil) {
    self.state = state
    self.stack = stack
  }

  /// A flag of the state (`false` when it is not one).
  public func bool(_ name: String) -> Bool {
    if case .bool(let value) = state[name] { return value }
    return false
  }

  /// A whole number of the state (0 when it is not one).
  public func int(_ name: String) -> Int {
    if case .int(let value) = state[name] { return value }
    return 0
  }

  /// A text of the state (empty when it is not one).
  public func string(_ name: String) -> String {
    if case .string(let value) = state[name] { return value }
    return ""
  }
}

/// Why a driver could not do what an event asks: the app refused it (what its screens make
/// impossible: no back button, no such alert action, a value its types cannot take), or the
/// driver cannot send it at all.
public struct DriverError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, as the failing step reports it (`the app shows no back button`).
  public var message: String
  /// The kind of refusal, as the interpreter names it after `run.` (`no-back-button`), when
  /// the app refused the event; `nil` when the driver could not send it, which is never taken
  /// for a refusal that a step expects.
  public var refusal: String?

  /// An error of the driver's, with this message, that is no refusal (`refusal` is `nil`);
  /// `refused(_:_:)` makes one of an event the app refused.
  public init(_ message: String) {
    self.message = message
  }

  /// The app refused the event, for the reason and of the kind given.
  public static func refused(_ kind: String, _ message: String) -> DriverError {
    var error = DriverError(message)
    error.refusal = kind
    return error
  }

  /// The driver does not know what the event means in the app.
  public static func unsupported(_ event: NavigationEvent) -> DriverError {
    DriverError("the driver does not send '\(event)' to the app")
  }

  /// The message alone: `the app shows no back button`.
  public var description: String { message }
}

extension DriverError {
  /// The app's visible screen shows no bar button whose action is the event, for the spy to
  /// tap, and the app's events do not bind it.
  public static func noBarButton(action: String) -> DriverError {
    DriverError(
      "'\(action)' is a bar button's action, and the app's visible screen shows no button with it for the spy to tap; where no spy can tap one (a SwiftUI toolbar), bind \(action) to the app's method in its Events conformance"
    )
  }
}

extension DriverError {
  /// A step resolves a request, and the driver has no request spy that the app's service
  /// started it on.
  public static func noRequestSpy(request: String) -> DriverError {
    DriverError(
      "the driver has no request spy to resolve '\(request)': give it `let requests = FlowRequestSpy()`, and let the app's service spy start its requests on it"
    )
  }
}

extension DriverError {
  /// No spy taps the app's tab bar, and the app's events do not bind the tab selection.
  public static func noTabBar(tab: String) -> DriverError {
    DriverError(
      "no spy taps the app's tab bar for tab '\(tab)': use FlowTabBarControllerSpy for a UITabBarController, or bind selectTab(named:) to the app's tab selection (a SwiftUI TabView) in its Events conformance"
    )
  }
}
