public import FlowModel

/// Where in the flow files what the navigator shows is declared, so a finding about it can
/// be reported at that line (in a child flow's own file when it is there).
extension Navigator {
  /// The visible screen's declaration and the flow that declares it.
  public var visibleScreenDeclaration: (flow: Flow, screen: Screen)? {
    guard let entry = visibleEntry else { return nil }
    let compiled = program.screens[entry.screen]
    let flow = program.tree.flows[compiled.flow]
    return flow.screen(named: compiled.name).map { (flow, $0) }
  }

  /// The declaration of the alert on top, and the flow that declares it.
  public var topAlertDeclaration: (flow: Flow, alert: Alert)? {
    guard let index = current.topAlertIndex else { return nil }
    let compiled = program.alerts[index]
    let flow = program.tree.flows[compiled.flow]
    return flow.alerts.first { $0.name.value == compiled.contents.name }.map { (flow, $0) }
  }
}
