import FlowDiagnostics
import FlowLanguageServer
import FlowSpec
import FlowTestSupport
import Testing

/// A flow with one of each kind of name: state, a child flow, a request, a link with a
/// variable, screens with bars and events, an alert, a property and a checklist.
let appFlow = """
  flow: App
  state:
    loggedIn: false
  use:
    Settings: settings.yaml
  requests:
    load:
      params: { page: Int }
      onFailure: { present: Failed }
  links:
    "app://item/{id}": { routes: [{ Item: { id: $id } }] }
  start: { setRoot: Home, animated: false }
  screens:
    Home:
      navBar: { title: "🏠 Home", right: { image: gear, style: plain, tint: red, action: openSettings } }
      on:
        openItem: { push: Item, with: { id: 1 } }
        openSettings: { start: Settings }
        settingsDone: pop
        logout: { present: Failed }
        refresh: { request: load, with: { page: 1 } }
    Item:
      params: { id: Int }
      navBar: { title: Item, backButton: visible }
      on:
        close:
          if: loggedIn
          then: pop
          else: popToRoot
  alerts:
    Failed:
      title: It failed
      actions:
        - { title: OK, style: cancel }
  properties:
    home is always reachable:
      reachable: { top: Home }
  spec: |
    ========= HOME
    [ ] opening an item pushes it
        when openItem
        expect { stack: [Home, Item], top: Item }
    [ ] a failed load says so
        when [refresh, { fail: load }]
        expect { presented: Failed, holds: home is always reachable }

  """

let settingsFlow = """
  flow: Settings
  start: { push: Preferences }
  screens:
    Preferences:
      navBar: { title: Preferences, backButton: visible }
      on:
        done: { finish: settingsDone }

  """

/// A client with the app flow and its child written to disk and the app flow open.
func openApp(_ text: String = appFlow, settings: String = settingsFlow) throws -> (
  ServerHarness, String
) {
  let client = try ServerHarness()
  try client.write("settings.yaml", settings)
  let uri = try client.write("app.yaml", text)
  client.open(uri, text)
  return (client, uri)
}

@Suite struct DiagnosticsTests {
  @Test func theExampleFlowHasNoDiagnostics() throws {
    let (client, uri) = try openApp()
    #expect(client.publish()[uri] == [])
  }

  @Test func aMisspeltScreenIsTheCheckersDiagnosticAtItsUTF16Place() throws {
    let text = appFlow.replacingOccurrences(
      of: "  Item:\n    params",
      with:
        "  Item: { navBar: { title: \"é🏠\" }, on: { go: { push: Itme } }, params: { id: Int } }\n  Unused:\n    params"
    )
    let (client, uri) = try openApp(text)
    let diagnostics = try #require(client.publish()[uri])
    let expected = FlowDocument(source: text, path: DocumentURI.path(of: uri)!).runningChecklist()
      .diagnostics.filter { $0.id == "check.unknown-screen" }
    let found = diagnostics.filter { $0["code"]?.stringValue == "check.unknown-screen" }
    #expect(found.count == 1 && expected.count == 1)
    let diagnostic = try #require(found.first)
    #expect(diagnostic["message"]?.stringValue == expected.first?.message)
    #expect(diagnostic["message"]?.stringValue?.contains("'Itme'") == true, "\(diagnostic)")
    #expect(diagnostic["severity"]?.intValue == 1)
    #expect(diagnostic["source"]?.stringValue == "flowc")
    let place = position(of: "Itme", in: text)
    #expect(diagnostic["range"]?["start"]?["line"]?.intValue == place.line)
    #expect(diagnostic["range"]?["start"]?["character"]?.intValue == place.character)
    #expect(diagnostic["range"]?["end"]?["character"]?.intValue == place.character + 4)
  }

  @Test func notesBecomeRelatedInformation() throws {
    let text = appFlow.replacingOccurrences(
      of: "  Item:\n", with: "  Home:\n    navBar: hidden\n  Item:\n")
    let (client, uri) = try openApp(text)
    let diagnostics = try #require(client.publish()[uri])
    let duplicate = try #require(
      diagnostics.first { ($0["relatedInformation"]?.arrayValue?.count ?? 0) > 0 })
    let related = try #require(duplicate["relatedInformation"]?.arrayValue?.first)
    #expect(related["location"]?["uri"]?.stringValue == uri)
    #expect(related["message"]?.stringValue?.isEmpty == false)
  }

  @Test func anEditIsDiagnosedAndItsFixClearsTheDiagnostic() throws {
    let (client, uri) = try openApp()
    _ = client.publish()
    let broken = appFlow.replacingOccurrences(of: "{ push: Item,", with: "{ push: Iten,")
    client.replace(uri, broken, version: 2)
    #expect(client.publish()[uri]?.map { $0["code"]?.stringValue } == ["check.unknown-screen"])
    let place = position(of: "Iten", in: broken)
    client.insert(uri, "m", line: place.line, character: place.character + 4, version: 3)
    let afterInsert = client.publish()[uri]
    #expect(afterInsert?.first?["message"]?.stringValue?.contains("Itenm") == true)
    client.replace(uri, appFlow, version: 4)
    #expect(client.publish()[uri] == [])
  }

  @Test func aRequestBeforeThePauseDoesNotSwallowTheDiagnostics() throws {
    let (client, uri) = try openApp()
    _ = client.publish()
    client.replace(
      uri, appFlow.replacingOccurrences(of: "{ push: Item,", with: "{ push: Iten,"), version: 2)
    // The editor asks for a hover before the server has published: analysed for the hover,
    // the text's diagnostics are still published once typing pauses.
    _ = client.at("textDocument/hover", uri, line: 0, character: 0)
    #expect(client.server.hasPendingDiagnostics)
    #expect(client.publish()[uri]?.map { $0["code"]?.stringValue } == ["check.unknown-screen"])
  }

  @Test func aChangeWithAMalformedRangeIsNotReadAsTheWholeText() throws {
    let (client, uri) = try openApp()
    _ = client.publish()
    client.notify(
      "textDocument/didChange",
      #"{"textDocument": {"uri": \#(ServerHarness.json(uri)), "version": 2}, "contentChanges": [{"range": {"start": {"line": -1}}, "text": "x"}]}"#
    )
    #expect(client.messages.last?["method"]?.stringValue == "window/logMessage")
    #expect(client.publish()[uri] == nil)
    let at = position(of: "push: Item", in: appFlow, offset: 7)
    #expect(
      client.at("textDocument/hover", uri, line: at.line, character: at.character).result != .null)
  }

  @Test func aChildFlowsErrorIsShownInTheParentAtItsUseLine() throws {
    let (client, uri) = try openApp(
      settings: settingsFlow.replacingOccurrences(of: "push: Preferences", with: "push: Prefs"))
    let diagnostics = try #require(client.publish()[uri])
    let child = try #require(
      diagnostics.first { $0["code"]?.stringValue == "model.child-flow-errors" })
    #expect(
      child["range"]?["start"]?["line"]?.intValue == position(of: "settings.yaml", in: appFlow).line
    )
    #expect(child["message"]?.stringValue?.contains("Prefs") == true)
    let related = try #require(child["relatedInformation"]?.arrayValue?.first)
    #expect(related["location"]?["uri"]?.stringValue?.hasSuffix("/settings.yaml") == true)
  }

  @Test func editingAnOpenChildFlowRepublishesTheParent() throws {
    let (client, uri) = try openApp()
    let childURI = DocumentURI.uri(ofPath: client.folder.path + "/settings.yaml")
    client.open(childURI, settingsFlow)
    _ = client.publish()
    client.replace(
      childURI, settingsFlow.replacingOccurrences(of: "push: Preferences", with: "push: Prefs"),
      version: 2)
    let published = client.publish()
    #expect(
      published[childURI]?.contains { $0["code"]?.stringValue == "check.unknown-screen" } == true)
    #expect(
      published[uri]?.contains { $0["code"]?.stringValue == "model.child-flow-errors" } == true)
  }

  @Test func aYAMLFileThatIsNotAFlowGetsNoDiagnostics() throws {
    let client = try ServerHarness()
    let workflow = "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
    let uri = try client.write("ci.yml", workflow)
    client.open(uri, workflow)
    #expect(client.publish()[uri] == [])
    let at = position(of: "runs-on: ", in: workflow, offset: 9)
    #expect(
      client.at("textDocument/completion", uri, line: at.line, character: at.character)
        .result?["items"] == .array([]))
    // Broken YAML is still an error: it may be a flow being written.
    client.replace(uri, "flow: [\n", version: 2)
    #expect(client.publish()[uri]?.first?["code"]?.stringValue == "yaml.syntax")
  }

  @Test func aFailingDoneItemIsAnError() throws {
    let text = appFlow.replacingOccurrences(
      of: "[ ] opening an item pushes it", with: "[✅] opening an item pushes it"
    )
    .replacingOccurrences(of: "stack: [Home, Item], top: Item", with: "stack: [Home], top: Item")
    let (client, uri) = try openApp(text)
    let codes = client.publish()[uri]?.compactMap { $0["code"]?.stringValue } ?? []
    let expected = FlowDocument(source: text, path: DocumentURI.path(of: uri)!).runningChecklist()
      .diagnostics.map(\.id.rawValue)
    #expect(!codes.isEmpty)
    #expect(codes.sorted() == expected.sorted())
  }

  @Test func closingADocumentClearsItsDiagnostics() throws {
    let (client, uri) = try openApp(
      appFlow.replacingOccurrences(of: "push: Item,", with: "push: Iten,"))
    #expect(client.publish()[uri]?.isEmpty == false)
    client.notify(
      "textDocument/didClose", #"{"textDocument": {"uri": \#(ServerHarness.json(uri))}}"#)
    #expect(client.messages.last?["params"]?["diagnostics"] == .array([]))
  }
}

@Suite struct NavigationTests {
  func locations(_ response: JSONValue) -> [(uri: String, line: Int, character: Int)] {
    (response.result?.arrayValue ?? [response.result].compactMap { $0 }).compactMap {
      guard let uri = $0["uri"]?.stringValue, let start = $0["range"]?["start"] else { return nil }
      return (uri, start["line"]!.intValue!, start["character"]!.intValue!)
    }
  }

  @Test func definitionOfAScreenIsItsDeclaration() throws {
    let (client, uri) = try openApp()
    let at = position(of: "push: Item", in: appFlow, offset: 7)
    let found = locations(
      client.at("textDocument/definition", uri, line: at.line, character: at.character))
    let declaration = position(of: "  Item:\n", in: appFlow, offset: 2)
    #expect(found.map(\.uri) == [uri])
    #expect(
      found.first?.line == declaration.line && found.first?.character == declaration.character)
  }

  @Test func definitionOfAnEventIsItsHandlers() throws {
    let (client, uri) = try openApp()
    let at = position(of: "action: openSettings", in: appFlow, offset: 9)
    let found = locations(
      client.at("textDocument/definition", uri, line: at.line, character: at.character))
    #expect(found.map(\.line) == [position(of: "openSettings: {", in: appFlow).line])
  }

  @Test func definitionOfAChildFlowIsItsFile() throws {
    let (client, uri) = try openApp()
    let at = position(of: "start: Settings", in: appFlow, offset: 8)
    let found = locations(
      client.at("textDocument/definition", uri, line: at.line, character: at.character))
    #expect(found.map(\.uri) == [DocumentURI.uri(ofPath: client.folder.path + "/settings.yaml")])
    let onPath = position(of: "settings.yaml", in: appFlow, offset: 2)
    #expect(
      locations(
        client.at("textDocument/definition", uri, line: onPath.line, character: onPath.character)
      ).count == 1)
  }

  @Test func definitionsOfAlertsStateRequestsLinkVariablesAndProperties() throws {
    let (client, uri) = try openApp()
    let cases: [(from: String, offset: Int, to: String, toOffset: Int)] = [
      ("present: Failed", 9, "  Failed:\n", 2),
      ("if: loggedIn", 4, "  loggedIn: false", 2),
      ("request: load", 9, "  load:\n", 2),
      ("{ fail: load }", 8, "  load:\n", 2),
      ("id: $id", 5, "{id}", 1),
      ("holds: home", 7, "  home is always reachable:", 2),
    ]
    for (from, offset, to, toOffset) in cases {
      let at = position(of: from, in: appFlow, offset: offset)
      let found = locations(
        client.at("textDocument/definition", uri, line: at.line, character: at.character))
      let expected = position(of: to, in: appFlow, offset: toOffset)
      #expect(found.count == 1, "\(from)")
      #expect(
        found.first?.line == expected.line && found.first?.character == expected.character,
        "\(from)")
    }
  }

  @Test func referencesOfAScreenAreEveryPlaceItIsNamed() throws {
    let (client, uri) = try openApp()
    let at = position(of: "  Item:\n", in: appFlow, offset: 3)
    let all = locations(
      client.at(
        "textDocument/references", uri, line: at.line, character: at.character,
        extra: #", "context": {"includeDeclaration": true}"#))
    // The link's route, the push, the declaration, and the checklist's stack and top.
    #expect(all.count == 5)
    let withoutDeclaration = locations(
      client.at(
        "textDocument/references", uri, line: at.line, character: at.character,
        extra: #", "context": {"includeDeclaration": false}"#))
    #expect(withoutDeclaration.count == 4)
  }

  @Test func renameChangesTheFlowItsChecklistAndItsChildFlows() throws {
    let (client, uri) = try openApp()
    let at = position(of: "on:\n      done", in: settingsFlow)
    _ = at
    let event = position(of: "settingsDone: pop", in: appFlow, offset: 2)
    let response = client.at(
      "textDocument/rename", uri, line: event.line, character: event.character,
      extra: #", "newName": "settingsClosed""#)
    let changes = try #require(response.result?["changes"])
    let childURI = DocumentURI.uri(ofPath: client.folder.path + "/settings.yaml")
    #expect(changes[uri]?.arrayValue?.count == 1)
    #expect(changes[childURI]?.arrayValue?.count == 1)
    let screen = position(of: "  Item:\n", in: appFlow, offset: 3)
    let renamed = client.at(
      "textDocument/rename", uri, line: screen.line, character: screen.character,
      extra: #", "newName": "Detail""#)
    let edits = try #require(renamed.result?["changes"]?[uri]?.arrayValue)
    #expect(edits.count == 5)
    #expect(edits.allSatisfy { $0["newText"]?.stringValue == "Detail" })
    // Applied, the flow is as valid as before, and names Detail where it named Item.
    let applied = apply(edits, to: appFlow)
    #expect(!applied.contains("push: Item") && !applied.contains("[Home, Item]"))
    #expect(applied.components(separatedBy: "Detail").count == 6)
    #expect(
      FlowDocument(source: applied, path: DocumentURI.path(of: uri)!).runningChecklist().diagnostics
        .isEmpty)
  }

  @Test func renameRefusesNamesThatWouldBreakTheFile() throws {
    let (client, uri) = try openApp()
    let screen = position(of: "  Item:\n", in: appFlow, offset: 3)
    for bad in ["", "Two words", "a: b", "Home", "true"] {
      let response = client.at(
        "textDocument/rename", uri, line: screen.line, character: screen.character,
        extra: #", "newName": \#(ServerHarness.json(bad))"#)
      #expect(response.errorCode == -32803, "\(bad)")
    }
    let prepared = client.at(
      "textDocument/prepareRename", uri, line: screen.line, character: screen.character)
    #expect(prepared.result?["placeholder"]?.stringValue == "Item")
    let nowhere = client.at("textDocument/prepareRename", uri, line: 0, character: 0)
    #expect(nowhere.result == .null)
  }
}

/// The text with the edits made (each on one line, as renames are).
func apply(_ edits: [JSONValue], to text: String) -> String {
  var lines = text.components(separatedBy: "\n")
  let sorted = edits.sorted {
    let a = $0["range"]!["start"]!
    let b = $1["range"]!["start"]!
    return (a["line"]!.intValue!, a["character"]!.intValue!) > (
      b["line"]!.intValue!, b["character"]!.intValue!
    )
  }
  for edit in sorted {
    let start = edit["range"]!["start"]!
    let end = edit["range"]!["end"]!
    let line = start["line"]!.intValue!
    var units = Array(lines[line].utf16)
    units.replaceSubrange(
      start["character"]!.intValue!..<end["character"]!.intValue!,
      with: Array(edit["newText"]!.stringValue!.utf16))
    lines[line] = String(decoding: units, as: UTF16.self)
  }
  return lines.joined(separator: "\n")
}
