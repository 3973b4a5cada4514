public import FlowRuntime

extension Observation {
  /// The observation with each alert the app showed without a flow name (a
  /// `UIAlertController` has none) named after the flow's alert it is: the one with the same
  /// style and action titles, the same title breaking a tie. An alert like none keeps its
  /// title as its name, so an expectation naming the flow's alert fails and says what showed.
  public func namingAlerts(after declared: [PresentedAlert]) -> Observation {
    guard let presentations, presentations.contains(where: \.isUnnamedAlert) else { return self }
    var named = self
    named.presentations = presentations.map { presentation in
      guard case .alert(var alert) = presentation, alert.name.isEmpty else { return presentation }
      let candidates = declared.filter {
        $0.style == alert.style && $0.actions.map(\.title) == alert.actions.map(\.title)
      }
      let match = candidates.first { $0.title == alert.title } ?? candidates.first
      alert.name = match?.name ?? alert.title ?? "an unnamed alert"
      return .alert(alert)
    }
    return named
  }
}

extension PresentedItem {
  fileprivate var isUnnamedAlert: Bool {
    if case .alert(let alert) = self { alert.name.isEmpty } else { false }
  }
}
