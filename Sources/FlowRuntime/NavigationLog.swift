public import FlowModel

/// One call the navigation service made, as a spy `UINavigationController` records it.
public struct NavigationLogEntry: Sendable, Hashable, CustomStringConvertible {
  /// What happened when the call was made.
  public enum Outcome: Sendable, Hashable {
    /// The stack or presentation changed.
    case performed
    /// UIKit accepted the call but nothing changed, such as `pop` at the root.
    case noChange(String)
    /// UIKit refused the call, such as presenting over a presentation.
    case refused(String)
  }

  /// The call, or `nil` for what is not one: a tap on an alert action (UIKit dismisses the
  /// alert itself) or a URL the app was asked to open.
  public var call: NavigationCall?
  /// What an entry that is not a call records: `alertAction` or `open`.
  public var event: String?
  /// The screens or alert the call names (`push` names one, `setRoot` the new stack).
  public var targets: [String]
  /// Whether the call asked to animate; `false` for `select`, which takes no such argument.
  public var animated: Bool
  /// Whether the call changed the stack or presentation, and if not, why.
  public var outcome: Outcome

  /// Creates an entry for `call`, or, when `call` is `nil`, for `event` (`alertAction`
  /// when that is `nil` too); `event` is ignored when there is a call.
  public init(
    call: NavigationCall?, targets: [String], animated: Bool, outcome: Outcome = .performed,
    event: String? = nil
  ) {
    self.call = call
    self.event = call == nil ? event ?? "alertAction" : nil
    self.targets = targets
    self.animated = animated
    self.outcome = outcome
  }

  /// `push(Onboarding, animated: true)`, `pop(animated: true) — no change: …`.
  public var description: String {
    let name = call?.name ?? event ?? "alertAction"
    var arguments =
      call == .reset ? "[" + targets.joined(separator: ", ") + "]" : targets.joined(separator: ", ")
    if let call, call != .select {
      arguments += (arguments.isEmpty ? "" : ", ") + "animated: \(animated)"
    }
    var text = "\(name)(\(arguments))"
    switch outcome {
    case .performed: break
    case .noChange(let reason): text += " — no change: \(reason)"
    case .refused(let reason): text += " — refused: \(reason)"
    }
    return text
  }
}
