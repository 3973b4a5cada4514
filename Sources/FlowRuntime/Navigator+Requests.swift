import FlowDiagnostics
internal import FlowModel

extension Navigator {
  /// Starts a request: it stays pending until a step completes or fails it.
  mutating func startRequest(_ index: Int, _ operands: [Operand], _ context: ExecutionContext)
    throws(NavigationError)
  {
    let request = program.requests[index]
    let arguments = try values(
      operands, names: request.parameters, types: request.parameterTypes, owner: request.stepName,
      context)
    current.appendPending(PendingRequest(request: index, arguments: arguments))
    records.append(
      LogRecord(
        call: nil, subject: .request(index, arguments, nil), animated: false, outcome: .performed))
  }

  /// Resolves the `index`-th pending request of that name (counting from 0 in the order
  /// they started), as a spy's `completeWithError(at:)` does, then runs what the outcome does
  /// with the request's values and the given ones. Runs whatever is presented: the service's
  /// completion does not go through the screens.
  mutating func respond(
    to name: String, _ outcome: RequestOutcome, values: [String: Value], index: Int
  ) throws(NavigationError) {
    guard let request = program.requestIndex[name] else { throw .unknownRequest(name) }
    let positions = current.pendingPositions(of: request)
    guard !positions.isEmpty else {
      throw .notPending(name, outcome: outcome, pending: self.pendingRequests.map(\.description))
    }
    guard index >= 0, index < positions.count else {
      throw .pendingIndex(name, index: index, count: positions.count)
    }
    let pending = current.removePending(at: positions[index])
    records.append(
      LogRecord(
        call: nil, subject: .request(request, pending.arguments, outcome), animated: false,
        outcome: .performed))
    let compiled = program.requests[request]
    var arguments = values
    for (parameter, value) in zip(compiled.parameters, pending.arguments) {
      if let value { arguments[parameter] = value }
    }
    if let handler = compiled.handler(for: outcome) {
      try execute(
        handler,
        in: ExecutionContext(
          source: .outcome(name, outcome), flow: compiled.flow, eventArguments: arguments))
    }
  }
}
