import FlowDiagnostics
import FlowModel

extension Checker {
  /// Bar buttons must send an event their screen handles, with a valid tint and symbol.
  func checkNavigationBar(ofScreen index: Int) {
    for side in BarSide.allCases {
      guard let item = flow.screens[index].navigationBar.item(side) else { continue }
      let handlers = flow.screens[index].handlers
      if let action = item.action {
        if let own = handlers.firstIndex(where: { $0.event.value == action.value }) {
          // A tap sends no arguments: `if: { pin: $pin }` compares the state with itself.
          if handlers[own].operation.hasBranch {
            checkTapComparisons(handlers[own].operation, action, side: side, ofScreen: index)
          }
        } else if flow.handler(for: action.value) == nil {
          let handled = handlers.map(\.event)
          reportUnknown(
            .unhandledBarAction(
              action.value, screen: flow.screens[index].name.value, handled: handled.map(\.value)),
            name: action, candidates: handled)
        }
      }
      if let tint = item.tint, !SystemColors.isValid(tint.value) {
        let suggestion = Suggestion.closest(to: tint.value, among: SystemColors.names.sorted())
        sink.report(
          .invalidTint(tint.value, suggestion: suggestion), at: tint.range,
          fixIts: suggestion.map { [FixIt(range: tint.range, replacement: $0)] } ?? [])
      }
      if let image = item.image, !SystemColors.isPlausibleSymbolName(image.value) {
        sink.report(.unusualSymbolName(image.value), at: image.range)
      }
    }
  }

  /// A tap sends no arguments: a bar button's handler (`operation`, of the screen at
  /// `index`) that compares a state with the argument of its name (`if: { pin: $pin }`)
  /// compares it with itself, every time.
  private func checkTapComparisons(
    _ operation: Operation, _ action: Located<String>, side: BarSide, ofScreen index: Int
  ) {
    let screen = flow.screens[index]
    for compared in operation.selfComparisons(in: flow, screen: screen) {
      sink.report(
        .selfComparisonByTap(
          compared.name, event: action.value, side: side.rawValue, screen: screen.name.value),
        at: compared.range)
    }
  }

  /// An alert needs an action to be dismissed, one cancel action at most, distinct titles.
  func checkAlerts() {
    for index in flow.alerts.indices {
      let name = flow.alerts[index].name
      let actions = flow.alerts[index].actions
      if actions.isEmpty, !flow.alerts[index].lacksActionsKey {
        sink.report(.undismissableAlert(name.value), at: name.range)
      }
      var firstCancel: AlertAction?
      for action in actions where action.resolvedStyle == .cancel {
        guard let first = firstCancel else {
          firstCancel = action
          continue
        }
        sink.report(
          .twoCancelActions(name.value), at: action.style?.range ?? action.title.range,
          notes: [.init("the first 'cancel' action is here", range: first.title.range)])
      }
      for later in actions.indices.dropFirst() {
        let title = actions[later].title
        if let first = actions[..<later].first(where: { $0.title.value == title.value }) {
          sink.report(
            .duplicateActionTitle(title.value, alert: name.value), at: title.range,
            notes: [.init("first titled here", range: first.title.range)])
        }
      }
    }
  }

  /// Event names such as `tap` and `alert` would be read as taps and alert actions in steps.
  /// The length in bytes of the longest keyword no event may be named like.
  private static let longestReservedEventName =
    EventKeyword.allCases.filter(\.reservesEventName).map(\.rawValue.utf8.count).max() ?? 0

  func checkEventNames(ofScreen index: Int) {
    // By index, reading only the names: iterating would copy each handler's operation.
    let handlers = flow.screens[index].handlers.indices
    for handler in handlers {
      let event = flow.screens[index].handlers[handler].event
      // Most names are ruled out by their length, before a string comparison.
      guard event.value.utf8.count <= Self.longestReservedEventName,
        EventKeyword(rawValue: event.value)?.reservesEventName ?? false
      else { continue }
      sink.report(.reservedEventName(event.value), at: event.range)
    }
    for handler in handlers {
      let event = flow.screens[index].handlers[handler].event
      // `on: load.success` reads like a request's outcome, and is an event of that name.
      guard event.value.utf8.contains(UInt8(ascii: ".")) else { continue }
      let parts = event.value.split(separator: ".")
      guard parts.count == 2,
        ["success", "failure", "onSuccess", "onFailure"].contains(String(parts[1]))
      else { continue }
      sink.report(.outcomeAsEvent(event.value, request: String(parts[0])), at: event.range)
    }
  }
}

extension Operation {
  /// Whether this operation is an `if:`, or runs one in sequence.
  fileprivate var hasBranch: Bool {
    switch kind {
    case .branch: true
    case .sequence(let operations): operations.contains { $0.hasBranch }
    default: false
    }
  }
}
