import FlowDiagnostics
import FlowParallel
import FlowYAML

extension ModelDecoder {
  static let screenKeys: [StaticString] = ["navBar", "on", "onEnter", "onAppear", "params"]
  static let navigationBarKeys: [StaticString] = [
    "hidden", "title", "left", "right", "backButton", "leftItemsSupplementBackButton",
  ]
  static let barButtonKeys: [StaticString] = ["image", "title", "style", "tint", "action"]

  /// `screens:` and `alerts:`, each declaration by name, decoded on every core: a flow can
  /// hold tens of thousands. Both are one range of work (screens first, then alerts), cut
  /// into a chunk per core; each chunk reports into its own sink. Nodes do not retain their
  /// tree, so the cores share no reference count; the root the caller holds keeps it alive.
  mutating func screensAndAlerts(screens: YAMLNode?, alerts: YAMLNode?) -> (
    screens: [Screen], alerts: [Alert]
  ) {
    let screenEntries = screens.map { namedEntries($0, "'screens'") }
    let alertEntries = alerts.map { namedEntries($0, "'alerts'") }
    let screenCount = screenEntries?.count ?? 0
    let decoder = self
    let (decoded, chunks) = Parallel.compactMap(
      count: screenCount + (alertEntries?.count ?? 0), minimumChunk: 2_000,
      makeState: { _ in
        var local = decoder
        local.sink = DiagnosticSink(file: decoder.file)
        return DeclarationChunk(decoder: local, screens: screenEntries, alerts: alertEntries)
      },
      transform: { index, chunk -> Screen? in
        if index < screenCount, let pair = chunk.screens?[index] {
          guard let name = chunk.decoder.string(pair.key, "a screen name") else { return nil }
          return chunk.decoder.screen(named: name, pair.value)
        }
        if let pair = chunk.alerts?[index - screenCount],
          let name = chunk.decoder.string(pair.key, "an alert name")
        {
          chunk.decodedAlerts.append(chunk.decoder.alert(named: name, pair.value))
        }
        return nil
      })
    var alerts: [Alert] = []
    for chunk in chunks {
      sink.append(contentsOf: chunk.decoder.sink.diagnostics)
      namesWithErrors.formUnion(chunk.decoder.namesWithErrors)
      alerts += chunk.decodedAlerts
    }
    return (decoded, alerts)
  }

  /// How messages name a screen and its parts; built only when a message is.
  private static func subject(screen name: String) -> String { "screen '\(name)'" }
  private static func subject(navigationBarOf screen: String) -> String {
    "the nav bar of '\(screen)'"
  }
  private static func subject(button side: String, of screen: String) -> String {
    "the \(side) button of '\(screen)'"
  }

  /// One screen's declaration; a broken part is reported and left out, the screen kept.
  mutating func screen(named name: Located<String>, _ node: YAMLNode) -> Screen {
    let fields = mapping(
      node, Self.subject(screen: name.value), allowed: Self.screenKeys, allowsNull: true)
    let bar =
      fields?["navBar"].map { navigationBar($0, of: name.value) }
      ?? NavigationBar(range: name.range)
    let handlers = fields?["on"].map { eventHandlers($0, of: name.value) } ?? []
    let onEnter = fields?["onEnter"].flatMap { operation($0) }
    let onAppear = fields?["onAppear"].flatMap { operation($0) }
    let params = fields?["params"].map { parameters($0, of: name.value) } ?? []
    return Screen(
      name: name, params: params, navigationBar: bar, handlers: handlers, onEnter: onEnter,
      onAppear: onAppear, range: SourceRange(start: name.range.start, end: node.range.end))
  }

  /// `navBar: hidden`, or a mapping of bar fields.
  mutating func navigationBar(_ node: YAMLNode, of screen: String) -> NavigationBar {
    if let scalar = node.scalar, !scalar.isQuoted {
      switch scalar.value {
      case "hidden": return NavigationBar(isHidden: true, range: node.range)
      case "visible", "": return NavigationBar(range: node.range)
      default: break
      }
    }
    guard node.pairs != nil else {
      sink.report(
        .wrongType(
          Self.subject(navigationBarOf: screen),
          expected: "'hidden', 'visible' or a mapping of bar fields",
          found: node.kindDescription),
        at: node.range)
      return NavigationBar(range: node.range)
    }
    guard
      let fields = mapping(
        node, Self.subject(navigationBarOf: screen), allowed: Self.navigationBarKeys)
    else {
      return NavigationBar(range: node.range)
    }
    return NavigationBar(
      isHidden: fields["hidden"].flatMap { bool($0, "'hidden'") }?.value ?? false,
      title: fields["title"].flatMap { string($0, "the title of '\(screen)'") },
      left: fields["left"].flatMap { barButton($0, side: "left", of: screen) },
      right: fields["right"].flatMap { barButton($0, side: "right", of: screen) },
      backButton: fields["backButton"].flatMap { choice($0, "a back button visibility") },
      leftSupplementsBackButton: fields["leftItemsSupplementBackButton"].flatMap {
        bool($0, "'leftItemsSupplementBackButton'")
      }?.value ?? false,
      range: node.range)
  }

  /// A bar button: an SF Symbol `image` or a `title`, with `style`, `tint` and `action`.
  mutating func barButton(_ node: YAMLNode, side: String, of screen: String) -> BarButtonItem? {
    guard
      let fields = mapping(
        node, Self.subject(button: side, of: screen), allowed: Self.barButtonKeys)
    else { return nil }
    let item = BarButtonItem(
      image: fields["image"].flatMap { string($0, "an SF Symbol name") },
      title: fields["title"].flatMap { string($0, "a button title") },
      style: fields["style"].flatMap { choice($0, "a bar button style") },
      tint: fields["tint"].flatMap { string($0, "a tint") },
      action: fields["action"].flatMap { string($0, "an action event") },
      range: node.range)
    // A misspelt `title` (`titel`) is the button's title: one error, its unknown key.
    if fields["image"] == nil, fields["title"] == nil, !fields.misspelt.contains("title") {
      reportMissing(
        "image", in: Self.subject(button: side, of: screen),
        hint: "an SF Symbol name such as 'plus' (or give a 'title')",
        at: SourceRange(at: node.position), unlessMisspeltIn: fields)
    } else if item.image != nil, item.title != nil, let title = item.title {
      sink.report(.bothImageAndTitle(), at: title.range)
    }
    if fields["action"] == nil {
      reportMissing(
        "action", in: Self.subject(button: side, of: screen),
        hint: "the event a tap sends, handled in the screen's 'on:'",
        at: SourceRange(at: node.position), unlessMisspeltIn: fields)
    }
    return item
  }

  /// `on:`: event name → operation, of a screen or (`nil`) of the flow.
  mutating func eventHandlers(_ node: YAMLNode, of screen: String?) -> [EventHandler] {
    namedEntries(node, screen.map { "'on' of '\($0)'" } ?? "'on'").compactMapReserving { pair in
      guard let event = string(pair.key, "an event name") else { return nil }
      if pair.value.isNull {
        sink.report(.eventWithoutOperation(event.value), at: pair.key.range)
        return nil
      }
      if event.value == "then" || event.value == "else" {
        // Most often an `if:` arm written one level too far left.
        sink.report(.eventNamedLikeArm(event.value), at: event.range)
      }
      guard let operation = operation(pair.value) else {
        // Its error said why; an item that sends the event is not told it is unhandled.
        namesWithErrors.insert(event.value)
        return nil
      }
      return EventHandler(event: event, operation: operation)
    }
  }

  /// `params:`: name → `String`, `Int` or `Bool`, each optionally followed by `?`.
  mutating func parameters(_ node: YAMLNode, of owner: String) -> [Parameter] {
    namedEntries(node, "'params' of '\(owner)'").compactMapReserving { pair in
      guard let name = string(pair.key, "a parameter name"),
        let spelling = string(pair.value, "a parameter type")
      else { return nil }
      guard let type = ParameterType(spelling: spelling.value) else {
        let options = ParameterType.spellings
        let suggestion = Suggestion.closest(to: spelling.value, among: options)
        sink.report(
          .invalidChoice(
            spelling.value, for: "a parameter type", options: options, suggestion: suggestion),
          at: spelling.range,
          fixIts: suggestion.map { [FixIt(range: spelling.range, replacement: $0)] } ?? [])
        // What passes or reads the parameter is not told it does not exist.
        namesWithErrors.insert(name.value)
        return nil
      }
      return Parameter(name: name, type: Located(type, at: spelling.range))
    }
  }
}

/// What one core decodes of `screens:` and `alerts:`: its decoder, its handle on the
/// entries, and the alerts it decoded (screens go straight into the result).
private struct DeclarationChunk: Sendable {
  var decoder: ModelDecoder
  let screens: YAMLPairs?
  let alerts: YAMLPairs?
  var decodedAlerts: [Alert] = []
}
