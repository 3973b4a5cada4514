public import FlowDiagnostics

/// Asynchronous work the flow starts and a test resolves, as the article's service spy does
/// with `completeSuccessfullyWith(…)` and `completeWithError(at:)`: a request stays pending
/// until a step completes or fails it, in any order.
public struct Request: Sendable {
  /// The request's name, its key under `requests:`, which `request:`, `complete` and `fail`
  /// name it by.
  public var name: Located<String>
  /// The values a request is started with (`{ request: addFavourite, with: { … } }`), such
  /// as the restaurant whose favourite status is pending.
  public var params: [Parameter]
  /// What a success does; `$name` reads the request's values, then the values the step
  /// completes it with (`with: { restaurants: [KFC] }`), then state.
  public var onSuccess: Operation?
  /// What a failure does, reading the values the step fails it with (`with: { code: 500 }`).
  public var onFailure: Operation?
  /// The whole declaration.
  public var range: SourceRange

  /// A request as declared, with its parameters and what each outcome does.
  public init(
    name: Located<String>, params: [Parameter], onSuccess: Operation?, onFailure: Operation?,
    range: SourceRange
  ) {
    self.name = name
    self.params = params
    self.onSuccess = onSuccess
    self.onFailure = onFailure
    self.range = range
  }

  /// The parameter of that name.
  @inlinable  // so a caller reads the parameters in place, without copying the request
  public func parameter(named name: String) -> Parameter? {
    params.first { $0.name.value == name }
  }

  /// The handler of an outcome.
  public func handler(for outcome: RequestOutcome) -> Operation? {
    outcome == .success ? onSuccess : onFailure
  }
}

/// How a step resolves a pending request.
public enum RequestOutcome: String, Sendable, Hashable, CaseIterable {
  /// The request succeeded (`complete`) or failed (`fail`).
  case success, failure

  /// The keyword of the step that resolves a request this way: `complete` or `fail`.
  public var eventKeyword: EventKeyword { self == .success ? .complete : .fail }

  /// The step's keyword as written: `complete` or `fail`.
  public var keyword: String { eventKeyword.rawValue }
}
