public import FlowDiagnostics

/// Something of a flow a checklist can exercise: a screen shown, an event handled, one arm
/// of a guard taken, an alert action or a bar button tapped, a deep link opened, a tab
/// tapped. A program lists them all (`NavigationProgram.coverageTargets`); a navigator that
/// records coverage notes each one it reaches.
public struct CoverageTarget: Sendable, Hashable {
  /// What kind of thing the target is; coverage is counted per kind.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A screen shown: entered, whether pushed, presented or a stack's root.
    case screen
    /// An event handler (a screen's, a flow's own), a request's outcome, or one arm of an
    /// `if:` (an `if:` without `else:` has an arm that does nothing, and it counts).
    case transition
    /// An action of an alert, tapped.
    case alertAction = "alert action"
    /// A bar button with an `action`, tapped.
    case barButton = "bar button"
    /// A deep link of the flow's `links`, opened.
    case link
    /// A tab of the tab bar, selected.
    case tab

    /// Orders kinds as they are declared, the order reports list them in.
    public static func < (lhs: Kind, rhs: Kind) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The plural used in reports: `screens`, `alert actions`.
    public var plural: String {
      switch self {
      case .screen: "screens"
      case .transition: "transitions"
      case .alertAction: "alert actions"
      case .barButton: "bar buttons"
      case .link: "links"
      case .tab: "tabs"
      }
    }
  }

  /// Which kind of thing of the flow the target is, such as a screen or a tab.
  public var kind: Kind
  /// What it is, as a reader finds it in the flow: `Login: on login, if isFirstLogin`.
  public var label: String
  /// The screen it belongs to (where its event is sent, its button is, or it is shown);
  /// `nil` for the flow's own events, `start`, requests, alerts, links and tabs.
  public var screen: String?
  /// The file of the flow that declares it (a child flow's own file), when known.
  public var file: String?
  /// Where it is written.
  public var range: SourceRange

  /// Creates a target of `kind` labelled `label`, declared at `range` of `file`.
  public init(kind: Kind, label: String, screen: String?, file: String?, range: SourceRange) {
    self.kind = kind
    self.label = label
    self.screen = screen
    self.file = file
    self.range = range
  }
}

/// The targets of a program as it is compiled; a target's id is its index.
final class CoverageTable {
  private(set) var targets: [CoverageTarget] = []

  /// Adds a target and returns its id.
  func add(
    _ kind: CoverageTarget.Kind, _ label: String, screen: String?, file: String?,
    at range: SourceRange
  ) -> Int {
    targets.append(
      CoverageTarget(kind: kind, label: label, screen: screen, file: file, range: range))
    return targets.count - 1
  }
}
