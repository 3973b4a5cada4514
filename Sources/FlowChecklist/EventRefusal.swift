internal import FlowModel
package import FlowRuntime

/// How the last event before an `expect { refused: … }` went, in the flow or in the app:
/// refused (with the kind of refusal, where it is known), or done.
package struct LastEventOutcome: Sendable {
  /// A refusal: its kind (a runtime refusal's id after `run.`), when known, and why.
  package struct Refusal: Sendable {
    package var kind: String?
    package var reason: String

    package init(kind: String?, reason: String) {
      self.kind = kind
      self.reason = reason
    }
  }

  package var event: NavigationEvent
  /// `nil` when the event was done.
  package var refusal: Refusal?
  /// What the event changed, when that is known: `stack [A] → [A, B]`; a refusal that changed
  /// something fails as much as an event done.
  package var changes: [String] = []

  package init(event: NavigationEvent, refusal: Refusal?, changes: [String] = []) {
    self.event = event
    self.refusal = refusal
    self.changes = changes
  }
}

extension LastEventOutcome.Refusal {
  /// The interpreter's refusal, of the kind its id names.
  package init(_ error: NavigationError) {
    kind = error.id.hasPrefix("run.") ? String(error.id.dropFirst(4)) : nil
    reason = error.message
  }
}
