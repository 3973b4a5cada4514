import FlowModel
import FlowRuntime

/// How the last event before an `expect { refused: … }` went, in the flow or in the app:
/// refused (with the kind of refusal, where it is known), or done.
struct LastEventOutcome: Sendable {
  /// A refusal: its kind (a runtime refusal's id after `run.`), when known, and why.
  struct Refusal: Sendable {
    var kind: String?
    var reason: String
  }

  var event: NavigationEvent
  /// `nil` when the event was done.
  var refusal: Refusal?
  /// What the event changed, when that is known: `stack [A] → [A, B]`; a refusal that changed
  /// something fails as much as an event done.
  var changes: [String] = []
}

extension LastEventOutcome.Refusal {
  /// The interpreter's refusal, of the kind its id names.
  init(_ error: NavigationError) {
    kind = error.id.hasPrefix("run.") ? String(error.id.dropFirst(4)) : nil
    reason = error.message
  }

  /// What an app's driver threw: a refusal of the kind the library's spies and argument
  /// readers give it, or of any kind when the app's own code threw. `nil` for a driver that
  /// cannot send the event at all (`DriverError` with no kind of refusal): that is the
  /// binding's problem, not the app refusing, and must not pass as one.
  init?(thrownByApp error: any Error) {
    if let error = error as? DriverError {
      guard let kind = error.refusal else { return nil }
      self.init(kind: kind, reason: error.message)
    } else if let error = error as? NavigationError {
      self.init(error)
    } else {
      self.init(kind: nil, reason: "\(error)")
    }
  }
}
