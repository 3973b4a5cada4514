extension Flow {
  /// Calls `body` with every operation the flow holds, nested ones too, in the order the
  /// file declares them: `start`, each screen's `onEnter`, `onAppear` and handlers, the
  /// flow's own handlers, the alerts' actions, the requests' outcomes.
  public func visitEveryOperation(_ body: (Operation) -> Void) {
    start?.visit(body)
    // Read in place: taking a screen out of the array copies it with everything it holds.
    screens.withUnsafeBufferPointer { screens in
      for screen in screens.indices {
        screens[screen].onEnter.map { $0.visit(body) }
        screens[screen].onAppear.map { $0.visit(body) }
        for handler in screens[screen].handlers.indices {
          screens[screen].handlers[handler].operation.visit(body)
        }
      }
    }
    for handler in handlers { handler.operation.visit(body) }
    for alert in alerts { for action in alert.actions { action.operation?.visit(body) } }
    for request in requests {
      request.onSuccess?.visit(body)
      request.onFailure?.visit(body)
    }
  }

  /// The events the flow finishes with (`finish: done`), each once, in the order written:
  /// what a parent that starts it must handle.
  public var finishEvents: [String] {
    var events: [String] = []
    visitEveryOperation { operation in
      if case .finish(let finish) = operation.kind, !events.contains(finish.event.value) {
        events.append(finish.event.value)
      }
    }
    return events
  }
}
