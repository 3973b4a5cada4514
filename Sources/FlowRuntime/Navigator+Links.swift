import FlowDiagnostics
internal import FlowModel

extension Navigator {
  /// Opens a URL: the first link whose pattern matches sets its routes above the root of its
  /// tab's stack (selecting the tab), at once and without animation, or, for a link
  /// declared `oneByOne`, pushes them one by one on the stack as it is. A URL no pattern
  /// matches, or whose values do not read as the parameters' types, changes nothing; the
  /// log says why, with the refusal `attempt(_:)` returns.
  ///
  /// - Returns: why the URL changed nothing, if it did not match.
  @discardableResult
  mutating func open(_ text: String) throws(NavigationError) -> NavigationError? {
    guard let url = LinkURL(text) else {
      return refuseLink(text, .unmatchedLink("it is not a URL (no 'scheme://')"))
    }
    for link in program.links {
      guard let variables = link.pattern.match(url) else { continue }
      var routes: [StackEntry] = []
      for target in link.routes {
        switch linkEntry(target, variables: variables) {
        case .success(let entry): routes.append(entry)
        case .failure(let failure):
          return refuseLink(text, failure)
        }
      }
      records.append(
        LogRecord(call: nil, subject: .url(text), animated: false, outcome: .performed))
      cover(link.coverageTarget)
      if let tab = link.tab {
        try loadTab(tab)
        if tab != current.selectedTab { try select(tab) }
      }
      if link.isOneByOne {
        for route in routes { try push(route, animated: link.animated) }
      } else {
        try reset(to: routes, animated: link.animated)
      }
      return nil
    }
    let patterns = program.links.map(\.text)
    return refuseLink(
      text,
      .unmatchedLink(
        patterns.isEmpty
          ? "the flow declares no links"
          : "no link matches it (\(DiagnosticMessage.list(patterns)))"))
  }

  /// Why the last event, when it was a URL, changed nothing: `nil` after any other event, or
  /// after a URL that a link opened.
  public var lastLinkRefusal: NavigationError? {
    guard let last = records.last, case .linkRefused(let refusal) = last.outcome else {
      return nil
    }
    return refusal
  }

  /// Logs that `url` changed nothing, and why; returns the why.
  private mutating func refuseLink(_ url: String, _ refusal: NavigationError) -> NavigationError {
    records.append(unchangedLink(url, refusal))
    return refusal
  }

  private func unchangedLink(_ url: String, _ refusal: NavigationError) -> LogRecord {
    LogRecord(call: nil, subject: .url(url), animated: false, outcome: .linkRefused(refusal))
  }

  /// A link's route with the URL's values read as its parameters' types.
  private func linkEntry(_ target: Target, variables: [String: String]) -> Result<
    StackEntry, NavigationError
  > {
    if let unknown = target.unknownScreen { return .failure(.flowError("no screen '\(unknown)'")) }
    let screen = program.screens[target.screen]
    // Each parameter reads its variable as its own type: one variable may give an Int
    // parameter and a String one. Text with values in it (`"Item {id}"`) reads the URL's
    // text, whatever type a parameter reads it as.
    var typed = target
    let arguments = variables.mapValues { Value.string($0) }
    for (index, operand) in target.arguments.enumerated() {
      guard case .reference(let name, _, _) = operand, let text = variables[name] else { continue }
      let type = screen.parameterTypes[index].base
      guard let value = type.parse(text) else {
        return .failure(
          .linkValueType(name, text: text, expected: type, screen: screen.name))
      }
      typed.arguments[index] = .literal(value)
    }
    do {
      return .success(
        try makeEntry(typed, ExecutionContext(source: .event("open"), eventArguments: arguments)))
    } catch {
      return .failure(error)
    }
  }
}
