public import FlowChecklist
public import FlowModel
public import FlowRuntime

/// A driver that binds a flow to the app in a few lines, with no navigation in it: the
/// library's `spy` stands in for the app's navigation controller or routers and performs
/// every gesture on the app's own objects (bar buttons, back, alert actions), and the flow's
/// named events go to `events`, which conforms to the protocol the generator writes for the
/// flow (`NavigationServiceEvents`: one requirement per event, typed from the flow). An event
/// with no binding is a compile error in the generated tests.
///
/// ```swift
/// @MainActor
/// struct NavigationServiceDriver: FlowAppDriver {
///   let spy = FlowNavigationControllerSpy()
///   let events: NavigationService
///
///   init(start: ScenarioStart) {
///     events = NavigationService(
///       navigationController: spy, isLogin: start.bool("isLogin"),
///       isFirstLogin: start.bool("isFirstLogin"))
///   }
/// }
///
/// extension NavigationService: NavigationServiceEvents {
///   func selectInfo(info: String) { displayInfoDetails(for: info) }
/// }
/// ```
@MainActor
public protocol FlowAppDriver: FlowDriver {
  /// The library's stand-in for the app's navigation objects.
  associatedtype Spy: FlowAppSpy
  /// What receives the flow's named events: the app's own type, conforming to the generated
  /// `<Flow>Events` protocol (a mapping of event to method, where the names differ, lives in
  /// that conformance).
  associatedtype Events

  /// The spy given to the app's navigation code: it makes the gestures and the observation.
  var spy: Spy { get }
  /// The app's object that receives the flow's named events.
  var events: Events { get }

  /// Calls the requirement of `events` that `event` names; `false` when it is not one of the
  /// flow's events. `visibleScreen` (the app's, as observed) resolves a bar-button tap the
  /// spy could not make to the action the flow gives that screen's button. The generated
  /// tests implement it for every driver whose `events` conform to the flow's protocol.
  func receive(_ event: NavigationEvent, visibleScreen: String?) async throws -> Bool

  /// The flow's state as the app holds it, by the flow's names; a name left out is not
  /// observed, and an expectation about it fails. None, unless given.
  var state: [String: Value] { get }

  /// The requests the app started and the test resolves (`complete`/`fail` steps), when the
  /// flow has requests: the app's service spy starts them on it. None, unless given; then a
  /// `complete` step fails, saying so, and `pending:` is not observed.
  var requests: FlowRequestSpy? { get }
}

extension FlowAppDriver {
  /// No state observed: an expectation about a state value fails, saying it is not observed.
  public var state: [String: Value] { [:] }

  /// No request spy: a `complete` or `fail` step fails, saying how to give one.
  public var requests: FlowRequestSpy? { nil }

  /// A gesture goes to the spy, which performs it on the app's objects; a named event to
  /// `events`. An event neither knows fails its step, naming the event.
  public mutating func send(_ event: NavigationEvent) async throws {
    switch event {
    case .complete(let request, _, _), .fail(let request, _, _):
      guard let requests else { throw DriverError.noRequestSpy(request: request) }
      _ = try requests.resolve(event)
      spy.eventDidFinish()
      return
    default: break
    }
    if try await spy.perform(event) {
      spy.eventDidFinish()
      return
    }
    // Only a bar-button tap the spy could not make needs the visible screen: observing the
    // app costs as much as its navigation log is long, so other events do not.
    let visible: String? = if case .tap = event { spy.observation().visibleScreenName } else { nil }
    guard try await receive(event, visibleScreen: visible) else {
      throw DriverError.unsupported(event)
    }
    spy.eventDidFinish()
  }

  /// The spy's observation, with the app's state.
  public func observe() async -> Observation {
    var observation = spy.observation()
    observation.state = state
    if let requests { observation.pendingRequests = requests.pending }
    return observation
  }
}

/// The library's stand-in for an app's navigation objects: it performs the user's gestures
/// through the app's own objects and shows what the app's navigation looks like.
@MainActor
public protocol FlowAppSpy {
  /// Performs `event` when it is a gesture this spy makes in the app (a tap on a bar button,
  /// back, an alert's action); `false` for one it leaves to the app's events. Throws when the
  /// app does not show what the gesture needs (no such button).
  func perform(_ event: NavigationEvent) async throws -> Bool

  /// What the app's navigation looks like now, as far as the spy sees it.
  func observation() -> Observation

  /// Called after each event the app received, for a spy that samples what the app does not
  /// report to it (a tab selection).
  func eventDidFinish()
}

extension FlowAppSpy {
  /// Does nothing: a spy that every change of the app goes through has nothing to sample.
  public func eventDidFinish() {}
}

extension Observation {
  /// The screen the user sees: the top presented screen, or else the top of the stack.
  public var visibleScreenName: String? {
    for presentation in (presentations ?? []).reversed() {
      if case .screen(let screen, _, let stack) = presentation {
        return stack?.last?.name ?? screen.name
      }
    }
    return stack?.last?.name
  }
}

/// An event's arguments, read as the types the flow gives them; a missing or mistyped one
/// throws, naming the event and the argument. The generated `receive` reads them so.
public struct EventArguments: Sendable {
  /// The event's name in the flow (`selectInfo`), which the error of a bad argument names.
  public let event: String
  /// The arguments the step gives, by name.
  public let values: [String: Value]

  /// The arguments `values` that a step gives the event named `event`.
  public init(_ values: [String: Value], of event: String) {
    self.event = event
    self.values = values
  }

  /// A text argument (`info: A`).
  public func string(_ name: String) throws -> String {
    guard case .string(let value) = values[name] else { throw missing(name, "a String") }
    return value
  }

  /// A whole-number argument (`code: 404`).
  public func int(_ name: String) throws -> Int {
    guard case .int(let value) = values[name] else { throw missing(name, "an Int") }
    return value
  }

  /// A flag argument (`isFavorite: true`).
  public func bool(_ name: String) throws -> Bool {
    guard case .bool(let value) = values[name] else { throw missing(name, "a Bool") }
    return value
  }

  /// A list argument, as the values it holds.
  public func list(_ name: String) throws -> [Value] {
    guard case .list(let value) = values[name] else { throw missing(name, "a list") }
    return value
  }

  /// A record argument (`task: { title: Buy milk, isCompleted: false }`), its fields by name.
  public func record(_ name: String) throws -> [String: Value] {
    guard case .record(let value) = values[name] else { throw missing(name, "a record") }
    return value
  }

  /// A list argument of text (`restaurants: [KFC, Burger King]`), as the strings it holds.
  public func strings(_ name: String) throws -> [String] {
    try list(name).map { element in
      guard case .string(let text) = element else { throw missing(name, "a list of text") }
      return text
    }
  }

  private func missing(_ name: String, _ type: String) -> DriverError {
    let found = values[name].map { "\($0)" } ?? "nothing"
    return DriverError.refused(
      values[name] == nil ? "missing-argument" : "argument-type",
      "event '\(event)' needs '\(name)' as \(type), and was given \(found)")
  }
}
