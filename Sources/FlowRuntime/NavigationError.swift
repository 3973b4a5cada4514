/// Why the navigator refused an event: what a user could not have done in the app.
///
/// Every refusal has a stable id (`run.unhandled-event`) and a message in the diagnostics'
/// style; all of them are made in `RuntimeMessages.swift`.
public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A stable identifier of the kind of refusal, listed in docs/DIAGNOSTICS.md.
  public var id: String
  /// What went wrong: lowercase, names in 'quotes'.
  public var message: String

  init(_ id: String, _ message: String) {
    self.id = id
    self.message = message
  }

  /// The message alone, without the id, such as
  /// `screen 'Home' does not handle 'login'; it handles 'logout'`.
  public var description: String { message }
}
