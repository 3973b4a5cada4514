import FlowChecklist
import FlowDiagnostics
import FlowModel
import FlowRuntime

/// Where in the flow's files an exploration's finding belongs: at what differs when that is
/// a declaration's (a bar button, the bar, a presented alert), else at the handler of the
/// last event (its screen's, its alert action's, its link's, its tab's), in the file of the
/// flow that declares it.
struct FindingPlace {
  var file: String
  var range: SourceRange

  static func locate(
    _ differences: [ObservedDifference], lastEvent: NavigationEvent?, before: Navigator?,
    after: Navigator?, root: Flow
  ) -> FindingPlace {
    let fallback = FindingPlace(file: root.file, range: root.name.range)
    // A property the app breaks, at the property.
    for case .property(let name) in differences.map(\.part) {
      if let property = root.property(named: name) {
        return FindingPlace(file: root.file, range: property.name.range)
      }
    }
    // What the app shows differently, at its declaration.
    for difference in differences {
      guard case .navigationBar(let side) = difference.part,
        let (flow, screen) = after?.visibleScreenDeclaration
      else { continue }
      let bar = screen.navigationBar
      if let side, let button = bar.item(side) {
        return FindingPlace(file: flow.file, range: button.range)
      }
      if difference.field == "nav bar title", let title = bar.title {
        return FindingPlace(file: flow.file, range: title.range)
      }
      return FindingPlace(file: flow.file, range: bar.range)
    }
    if differences.contains(where: { $0.part == .presented }),
      let (flow, alert) = after?.topAlertDeclaration
    {
      return FindingPlace(file: flow.file, range: alert.range)
    }
    // Else what the last event did, at its handler.
    guard let event = lastEvent, let before else {
      return after?.visibleScreenDeclaration.map {
        FindingPlace(file: $0.flow.file, range: $0.screen.range)
      }
        ?? fallback
    }
    return handler(of: event, in: before) ?? fallback
  }

  /// The declaration that handles `event` where the navigator stands.
  private static func handler(of event: NavigationEvent, in navigator: Navigator)
    -> FindingPlace?
  {
    let visible = navigator.visibleScreenDeclaration
    switch event {
    case .named(let name, _):
      if let (flow, screen) = visible,
        let handler = screen.handlers.first(where: { $0.event.value == name })
      {
        return FindingPlace(file: flow.file, range: handler.event.range)
      }
      for flow in navigator.program.tree.flows {
        if let handler = flow.handlers.first(where: { $0.event.value == name }) {
          return FindingPlace(file: flow.file, range: handler.event.range)
        }
      }
      return nil
    case .tap(let side):
      guard let (flow, screen) = visible else { return nil }
      if let barSide = BarSide(rawValue: side.rawValue),
        let button = screen.navigationBar.item(barSide)
      {
        if let action = button.action?.value,
          let handler = screen.handlers.first(where: { $0.event.value == action })
        {
          return FindingPlace(file: flow.file, range: handler.event.range)
        }
        return FindingPlace(file: flow.file, range: button.range)
      }
      return FindingPlace(file: flow.file, range: screen.range)
    case .alertAction(let title):
      guard let (flow, alert) = navigator.topAlertDeclaration else { return nil }
      let action = alert.action(titled: title)
      return FindingPlace(file: flow.file, range: action?.title.range ?? alert.range)
    case .open(let text):
      for flow in navigator.program.tree.flows {
        for link in flow.links {
          if let url = LinkURL(text), link.parsed?.match(url) != nil {
            return FindingPlace(file: flow.file, range: link.pattern.range)
          }
        }
      }
      return nil
    case .tab(let name):
      for flow in navigator.program.tree.flows {
        if let tab = flow.tabs.first(where: { $0.name.value == name }) {
          return FindingPlace(file: flow.file, range: tab.range)
        }
      }
      return nil
    case .complete(let name, _, _), .fail(let name, _, _):
      for flow in navigator.program.tree.flows {
        if let request = flow.requests.first(where: { $0.name.value == name }) {
          return FindingPlace(file: flow.file, range: request.name.range)
        }
      }
      return nil
    }
  }
}
