package import FlowModel
package import FlowRuntime

/// The failures the checklist runners report themselves, each with its id (listed in
/// docs/DIAGNOSTICS.md): an item whose flow or app cannot start, a step that cannot be
/// done, requests left pending. Expectation failures are the evaluator's (`expect.<key>`).
package struct RunFailure {
  package let id: String
  package let message: String

  /// The interpreter refused the item's starting state or stack.
  package static func flowCouldNotStart(_ error: NavigationError) -> Self {
    Self(id: error.id, message: "the flow could not start: \(error.message)")
  }

  /// The interpreter refused a step's event; `ancestor` is the item being replayed.
  package static func stepRefused(
    _ event: NavigationEvent, replaying ancestor: ChecklistItem?, _ error: NavigationError
  ) -> Self {
    Self(id: error.id, message: "'\(event)' failed\(replaying(ancestor)): \(error.message)")
  }

  /// The item ended with requests pending and said nothing of them.
  package static func unfinishedRequests(_ requests: [ScreenInstance]) -> Self {
    Self(
      id: "checklist.unfinished-requests",
      message:
        "the item ends with requests pending: \(requests.map(\.description).joined(separator: ", ")); expect them with 'pending: […]' or complete them"
    )
  }

  /// The app's driver could not be made for the item's start.
  package static func appCouldNotStart(_ error: any Error) -> Self {
    Self(id: "driver.start", message: "the app could not start: \(error)")
  }

  /// The app's driver threw on a step's event.
  package static func appCouldNotSend(
    _ event: NavigationEvent, replaying ancestor: ChecklistItem?, _ error: any Error
  ) -> Self {
    Self(
      id: "driver.send", message: "the app could not do '\(event)'\(replaying(ancestor)): \(error)")
  }

  /// The id of `unobserved`'s failures.
  package static let unobservedID = "driver.unobserved"

  /// The driver's observation left out what an expectation is about, and the driver did
  /// not declare the app cannot show it.
  package static func unobserved(_ what: String, key: ExpectationKey) -> Self {
    Self(
      id: unobservedID,
      message:
        "not checked: the driver's observation leaves out \(what); observe it, or declare that the app cannot show it: static let unobservable: Set<ExpectationKey> = [.\(key.rawValue)]"
    )
  }

  private static func replaying(_ ancestor: ChecklistItem?) -> String {
    ancestor.map { " (while replaying '\($0.text.value)')" } ?? ""
  }
}
