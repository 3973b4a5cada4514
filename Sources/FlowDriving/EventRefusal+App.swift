import FlowChecklist
import FlowRuntime

extension LastEventOutcome.Refusal {
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
