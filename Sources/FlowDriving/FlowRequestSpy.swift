public import FlowModel
public import FlowRuntime

/// The requests an app started and the test has not resolved yet, as the third article's
/// `RestaurantServiceSpy` keeps its completions: the app's service spy starts each request
/// here, by the flow's name for it, and says how an outcome becomes its completion. A
/// `complete`/`fail` step then resolves the pending request of that name (the `index`-th, in
/// the order they started), and the observation shows what is still pending, so an app
/// that starts a request twice or never is caught like a wrong push.
///
/// ```swift
/// struct Restaurant { let name: String }
///
/// @MainActor
/// protocol RestaurantService {
///   func load(completion: @escaping (Result<[Restaurant], any Error>) -> Void)
/// }
///
/// final class RestaurantServiceSpy: RestaurantService {
///   let requests: FlowRequestSpy
///   init(requests: FlowRequestSpy) { self.requests = requests }
///
///   func load(completion: @escaping (Result<[Restaurant], any Error>) -> Void) {
///     requests.start("load") { outcome in
///       completion(
///         try outcome.result(
///           success: { try $0.strings("restaurants").map(Restaurant.init) },
///           failure: { NSError(domain: "load", code: try $0.int("code")) }))
///     }
///   }
/// }
/// ```
///
/// A driver that has one says so (`let requests = FlowRequestSpy()`); the library then
/// resolves the flow's `complete`/`fail` steps and observes `pending:` through it.
@MainActor
public final class FlowRequestSpy {
  private struct Started {
    var request: ScreenInstance
    var resolve: @MainActor (FlowRequestOutcome) throws -> Void
  }

  private var started: [Started] = []

  /// A spy with no request pending, for the driver's `requests` and the app's service spy.
  public init() {}

  /// The app started a request: its name in the flow, its parameters by the flow's names,
  /// and what the app does when it ends (the completion it was given).
  public func start(
    _ request: String, _ parameters: [String: Value] = [:],
    resolve: @escaping @MainActor (FlowRequestOutcome) throws -> Void
  ) {
    started.append(
      Started(request: ScreenInstance(name: request, arguments: parameters), resolve: resolve))
  }

  /// The requests still pending, in the order they started.
  public var pending: [ScreenInstance] { started.map(\.request) }

  /// Resolves a `complete`/`fail` event: the `index`-th pending request of its name ends
  /// with its values; `false` for any other event. Throws, naming what is pending, when no
  /// such request is.
  public func resolve(_ event: NavigationEvent) throws -> Bool {
    let (request, values, index, succeeded): (String, [String: Value], Int, Bool)
    switch event {
    case .complete(let name, let given, let at):
      (request, values, index, succeeded) = (name, given, at, true)
    case .fail(let name, let given, let at):
      (request, values, index, succeeded) = (name, given, at, false)
    default: return false
    }
    let positions = started.indices.filter { started[$0].request.name == request }
    guard positions.indices.contains(index) else {
      let pending = started.isEmpty ? "none" : pending.map(\.description).joined(separator: ", ")
      throw DriverError.refused(
        positions.isEmpty ? "not-pending" : "pending-index",
        "the app has no pending request '\(request)'\(index == 0 ? "" : " at \(index)") to \(succeeded ? "complete" : "fail") (pending: \(pending))"
      )
    }
    let resolved = started.remove(at: positions[index])
    try resolved.resolve(
      FlowRequestOutcome(
        request: resolved.request, succeeded: succeeded, values: EventArguments(values, of: request)
      ))
    return true
  }
}

/// How a request the app started ends: the values the step gives, read as the app's types.
public struct FlowRequestOutcome: Sendable {
  /// The request, with the parameters it started with.
  public var request: ScreenInstance
  /// `complete` (true) or `fail` (false).
  public var succeeded: Bool
  /// The step's values (`with: { restaurants: [KFC] }`), read by name and type.
  public var values: EventArguments

  /// The outcome of `request`, completed when `succeeded` and failed otherwise, with the
  /// step's values.
  public init(request: ScreenInstance, succeeded: Bool, values: EventArguments) {
    self.request = request
    self.succeeded = succeeded
    self.values = values
  }

  /// The outcome as the `Result` the app's completion takes: `success` builds its value from
  /// the values, `failure` its error. A value they read that the step does not give throws,
  /// naming it, and fails the step.
  public func result<Success>(
    success: (EventArguments) throws -> Success,
    failure: (EventArguments) throws -> any Error
  ) throws -> Result<Success, any Error> {
    succeeded ? .success(try success(values)) : .failure(try failure(values))
  }
}
