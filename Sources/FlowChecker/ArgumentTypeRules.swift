import FlowDiagnostics
import FlowModel

extension Checker {
  /// An event's argument is passed on as one type by all the flow's handlers of that event.
  ///
  /// The app sends each argument as one value: its generated surface declares the type the
  /// first handler passes it on as (`EventSignature`). An operation that needs another type
  /// refuses that value whenever it runs, so the handler never works from the app, and no
  /// checklist value can make it work everywhere.
  func checkArgumentTypes() {
    let flowIndex = tree.flows.firstIndex { $0.file == flow.file } ?? 0
    let child = tree.childFlow(of: flowIndex)
    // Event → argument → its first use, in the order `EventSignature` reads the handlers.
    var firstUses: [String: [String: ArgumentUse]] = [:]
    func note(_ handler: EventHandler, on screen: Screen?) {
      let event = handler.event.value
      handler.operation.visit { operation in
        for use in operation.argumentUses(in: flow, screen: screen, child: child) {
          guard let first = firstUses[event]?[use.name] else {
            firstUses[event, default: [:]][use.name] = use
            continue
          }
          guard first.type != use.type else { continue }
          sink.report(
            .argumentTypeConflict(event, argument: use.name, type: use.type, first: first.type),
            at: use.range,
            notes: [
              .init(
                "'$\(use.name)' is first passed on as \(first.type.withArticle) here",
                range: first.range)
            ])
        }
      }
    }
    // By index: iterating the screens would copy each one with its handlers.
    for screen in flow.screens.indices where !flow.screens[screen].handlers.isEmpty {
      let shown = flow.screens[screen]
      for handler in shown.handlers { note(handler, on: shown) }
    }
    for handler in flow.handlers { note(handler, on: nil) }
  }
}
