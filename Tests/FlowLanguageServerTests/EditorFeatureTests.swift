import FlowDiagnostics
import FlowLanguageServer
import FlowTestSupport
import Testing

@Suite struct CompletionTests {
  func labels(_ response: JSONValue) -> [String] {
    response.result?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
  }

  /// The labels offered with the cursor just after `marker`'s first appearance in `text`
  /// (the marker is kept in the text), once the flow has decoded.
  func completion(after marker: String, in text: String) throws -> [String] {
    let (client, uri) = try openApp()
    _ = client.publish()
    client.replace(uri, text, version: 2)
    let at = position(of: marker, in: text, offset: marker.utf16.count)
    return labels(client.at("textDocument/completion", uri, line: at.line, character: at.character))
  }

  @Test func screensAfterPushAndSetRoot() throws {
    let text = appFlow.replacingOccurrences(
      of: "settingsDone: pop", with: "settingsDone: { push: It }")
    let offered = try completion(after: "{ push: It", in: text)
    #expect(offered.contains("Item") && offered.contains("Home") && offered.contains("Preferences"))
    #expect(!offered.contains("Failed"))
  }

  @Test func alertsAndScreensAfterPresent() throws {
    let text = appFlow.replacingOccurrences(
      of: "logout: { present: Failed }", with: "logout: { present: ")
    let offered = try completion(after: "logout: { present: ", in: text)
    #expect(offered.first == "Failed")
    #expect(offered.contains("Home"))
  }

  @Test func eventsInAChecklistWhen() throws {
    let text = appFlow.replacingOccurrences(of: "when openItem", with: "when op")
    let offered = try completion(after: "when op", in: text)
    #expect(
      offered.contains("openItem") && offered.contains("openSettings") && offered.contains("close"))
    let inList = appFlow.replacingOccurrences(
      of: "when [refresh, { fail: load }]", with: "when [refresh, ")
    #expect(try completion(after: "when [refresh, ", in: inList).contains("logout"))
  }

  @Test func expectationKeysInAnExpect() throws {
    let text = appFlow.replacingOccurrences(
      of: "expect { stack: [Home, Item], top: Item }", with: "expect { stack: [Home, Item], ")
    let offered = try completion(after: "expect { stack: [Home, Item], ", in: text)
    #expect(offered.contains("top") && offered.contains("presented") && offered.contains("navBar"))
    #expect(try completion(after: "expect { stack: [Home, ", in: text).contains("Item"))
  }

  @Test func aScreensParametersInItsWith() throws {
    let text = appFlow.replacingOccurrences(
      of: "{ push: Item, with: { id: 1 } }", with: "{ push: Item, with: { ")
    #expect(try completion(after: "with: { ", in: text) == ["id"])
    let request = appFlow.replacingOccurrences(
      of: "{ request: load, with: { page: 1 } }", with: "{ request: load, with: { p")
    #expect(try completion(after: "load, with: { p", in: request) == ["page"])
  }

  @Test func stateAfterIfAndDollar() throws {
    let text = appFlow.replacingOccurrences(of: "if: loggedIn", with: "if: lo")
    #expect(try completion(after: "if: lo", in: text) == ["loggedIn"])
  }

  @Test func theCompletionReplacesTheWordTyped() throws {
    let text = appFlow.replacingOccurrences(
      of: "settingsDone: pop", with: "settingsDone: { push: It }")
    let (client, uri) = try openApp()
    client.replace(uri, text, version: 2)
    let at = position(of: "{ push: It", in: text, offset: 10)
    let item = try #require(
      client.at("textDocument/completion", uri, line: at.line, character: at.character)
        .result?["items"]?.arrayValue?.first)
    #expect(item["textEdit"]?["range"]?["start"]?["character"]?.intValue == at.character - 2)
  }

  @Test func aCursorInsideASurrogatePairGetsARangeOnCharacterBoundaries() throws {
    let text = appFlow.replacingOccurrences(
      of: "settingsDone: pop", with: "settingsDone: { push: 😀 }")
    let (client, uri) = try openApp()
    _ = client.publish()
    client.replace(uri, text, version: 2)
    let at = position(of: "push: 😀", in: text, offset: 7)
    let items =
      client.at("textDocument/completion", uri, line: at.line, character: at.character)
      .result?["items"]?.arrayValue ?? []
    for item in items {
      let range = item["textEdit"]!["range"]!
      #expect(range["start"]!["character"]!.intValue! <= range["end"]!["character"]!.intValue!)
    }
  }

  @Test func nothingIsOfferedInsideATitle() throws {
    let at = position(of: "title: It failed", in: appFlow, offset: 10)
    let (client, uri) = try openApp()
    #expect(
      labels(client.at("textDocument/completion", uri, line: at.line, character: at.character))
        .isEmpty)
  }
}

@Suite struct HoverTests {
  func hoverText(_ marker: String, offset: Int, in text: String = appFlow) throws -> String {
    let (client, uri) = try openApp(text)
    let at = position(of: marker, in: text, offset: offset)
    return try #require(
      client.at("textDocument/hover", uri, line: at.line, character: at.character)
        .result?["contents"]?["value"]?.stringValue)
  }

  @Test func aScreenShowsItsBarItsParamsAndWhereItIsReachedFrom() throws {
    let text = try hoverText("push: Item", offset: 7)
    #expect(text.contains("screen Item"))
    #expect(text.contains("params: id: Int"))
    #expect(text.contains("title: Item"))
    #expect(text.contains("backButton: visible"))
    #expect(text.contains("Home › openItem"))
    #expect(text.contains("link app://item/{id}"))
  }

  @Test func anAlertAndAnEventAndState() throws {
    #expect(try hoverText("present: Failed }", offset: 9).contains("action: OK (cancel)"))
    #expect(try hoverText("action: openSettings", offset: 9).contains("handled by: Home"))
    #expect(try hoverText("if: loggedIn", offset: 4).contains("Bool, starts false"))
  }

  @Test func anItemShowsItsLastResult() throws {
    #expect(try hoverText("opening an item pushes it", offset: 2).contains("passes"))
    let failing = appFlow.replacingOccurrences(of: "top: Item }", with: "top: Home }")
    let text = try hoverText("opening an item pushes it", offset: 2, in: failing)
    #expect(text.contains("fails:"))
  }
}

@Suite struct OutlineAndCodeActionTests {
  @Test func theOutlineListsScreensAlertsRequestsAndTheChecklist() throws {
    let (client, uri) = try openApp()
    let symbols = try #require(
      client.request(
        "textDocument/documentSymbol", #"{"textDocument": {"uri": \#(ServerHarness.json(uri))}}"#
      )
      .result?.arrayValue)
    let names = symbols.compactMap { $0["name"]?.stringValue }
    for name in ["loggedIn", "load", "Home", "Item", "Failed", "home is always reachable", "HOME"] {
      #expect(names.contains(name), "\(name)")
    }
    let home = try #require(symbols.first { $0["name"]?.stringValue == "Home" })
    #expect(
      home["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue }.contains("openItem")
        == true)
    let section = try #require(symbols.first { $0["name"]?.stringValue == "HOME" })
    #expect(section["children"]?.arrayValue?.count == 2)
    // Every selection range lies within its range, as the protocol requires.
    func check(_ symbol: JSONValue) {
      let range = symbol["range"]!
      let selection = symbol["selectionRange"]!
      func key(_ p: JSONValue) -> [Int] { [p["line"]!.intValue!, p["character"]!.intValue!] }
      #expect(
        key(range["start"]!).lexicographicallyPrecedes(key(selection["start"]!))
          || key(range["start"]!) == key(selection["start"]!))
      #expect(!key(range["end"]!).lexicographicallyPrecedes(key(selection["end"]!)))
      for child in symbol["children"]?.arrayValue ?? [] { check(child) }
    }
    symbols.forEach(check)
  }

  @Test func anUnquotedItemIsQuotedByAQuickFix() throws {
    let text =
      "flow: F\nstart: { setRoot: Home }\nscreens:\n  Home: {}\nspec:\n  [ ] the user's home is shown:\n    expect: { top: Home }\n"
    let (client, uri) = try openApp(text)
    let diagnostics = try #require(client.publish()[uri])
    #expect(diagnostics.first?["code"]?.stringValue == "yaml.unquoted-checklist-item")
    let range = #"{"start": {"line": 5, "character": 0}, "end": {"line": 5, "character": 30}}"#
    let actions = try #require(
      client.request(
        "textDocument/codeAction",
        #"{"textDocument": {"uri": \#(ServerHarness.json(uri))}, "range": \#(range), "context": {"diagnostics": []}}"#
      ).result?.arrayValue)
    let edits = try #require(actions.first?["edit"]?["changes"]?[uri]?.arrayValue)
    let fixed = apply(edits, to: text)
    #expect(fixed.contains("  '[ ] the user''s home is shown':\n"))
    client.replace(uri, fixed, version: 2)
    #expect(client.publish()[uri] == [])
  }

  @Test func aDidYouMeanIsAQuickFixThatMakesTheEdit() throws {
    let text = appFlow.replacingOccurrences(of: "{ push: Item,", with: "{ push: Iten,")
    let (client, uri) = try openApp(text)
    let at = position(of: "Iten", in: text)
    let range =
      #"{"start": {"line": \#(at.line), "character": \#(at.character)}, "end": {"line": \#(at.line), "character": \#(at.character + 4)}}"#
    let actions = try #require(
      client.request(
        "textDocument/codeAction",
        #"{"textDocument": {"uri": \#(ServerHarness.json(uri))}, "range": \#(range), "context": {"diagnostics": []}}"#
      ).result?.arrayValue)
    let action = try #require(actions.first)
    #expect(action["kind"]?.stringValue == "quickfix")
    let edits = try #require(action["edit"]?["changes"]?[uri]?.arrayValue)
    #expect(apply(edits, to: text) == appFlow)
  }
}
