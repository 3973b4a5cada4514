/// Why the navigator refused an event: what a user could not have done in the app.
public struct NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, in the diagnostics' style: lowercase, names in 'quotes'.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
