import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// A flow whose mapping of `place` holds an unknown key, and nothing else wrong there.
private func flowWithUnknownKey(in place: FlowVocabulary.Place) -> String {
  let key = "zzqqxx"
  var screen = "Home: {}"
  var top = ""
  switch place {
  case .flowFile: top = "\(key): 1\n"
  case .screen: screen = "Home: { \(key): 1 }"
  case .navigationBar: screen = "Home: { navBar: { \(key): 1 } }"
  case .barButton: screen = "Home: { navBar: { right: { action: go, \(key): 1 } } }"
  case .alert: top = "alerts: { A: { \(key): 1, actions: [{ title: OK }] } }\n"
  case .alertAction: top = "alerts: { A: { actions: [{ title: OK, \(key): 1 }] } }\n"
  case .request: top = "requests: { load: { \(key): 1 } }\n"
  case .tab: top = "tabs: { T: { root: Home, \(key): 1 } }\n"
  case .link: top = "links: { \"app://home\": { routes: [Home], \(key): 1 } }\n"
  case .property: top = "properties: { P: { never: { top: Home }, \(key): 1 } }\n"
  case .verification: top = "verify: { \(key): 1 }\n"
  }
  return "flow: Places\nstart: { setRoot: Home }\nscreens:\n  \(screen)\n" + top
}

/// The names an "unknown key … expected 'a', 'b' or 'c'" message lists.
private func expectedNames(in message: String) -> [String]? {
  guard let range = message.range(of: "; expected ") else { return nil }
  return message[range.upperBound...].split(separator: "'", omittingEmptySubsequences: false)
    .enumerated().filter {
      $0.offset % 2 == 1
    }
    .map { String($0.element) }
}

private func object(_ value: JSONValue, _ key: String) -> JSONValue? {
  guard case .object(let fields) = value else { return nil }
  return fields.first { $0.0 == key }?.1
}

private func keys(_ value: JSONValue?) -> [String] {
  guard case .object(let fields)? = value else { return [] }
  return fields.map(\.0)
}

@Suite("The flow format's JSON Schema")
struct SchemaTests {
  @Test(
    "each place's keys in the schema are exactly those the decoder lists when it refuses an unknown key",
    arguments: FlowVocabulary.Place.allCases)
  func keysMatchTheDecoder(place: FlowVocabulary.Place) throws {
    let document = TestFlows.document(flowWithUnknownKey(in: place))
    let refusal = try #require(
      document.diagnostics.first { $0.id.rawValue == "model.unknown-key" },
      "\(document.diagnostics.map(\.message))")
    let decoderKeys = try #require(expectedNames(in: refusal.message))
    let schema = FlowSchema.json
    let definitions = try #require(object(schema, "$defs"))
    let mapping = try #require(place == .flowFile ? schema : object(definitions, place.rawValue))
    #expect(Set(keys(object(mapping, "properties"))) == Set(decoderKeys))
    #expect(object(mapping, "additionalProperties") == .bool(false))
  }

  @Test("every operation keyword is a branch of the operation schema with exactly its modifiers")
  func operations() throws {
    let definitions = try #require(object(FlowSchema.json, "$defs"))
    let operation = try #require(object(definitions, "operation"))
    guard case .array(let forms)? = object(operation, "anyOf") else {
      Issue.record("the operation schema has no anyOf")
      return
    }
    let branches = forms.compactMap { form -> [String]? in
      let properties = keys(object(form, "properties"))
      return properties.isEmpty ? nil : properties
    }
    #expect(branches == FlowVocabulary.operations.map { [$0.keyword] + $0.modifiers })
    // Every keyword the decoder knows is one of them, and a modifier it does not take is
    // refused by the decoder as it is by the schema.
    let document = TestFlows.document(
      "flow: Ops\nstart: { setRoot: Home, zzqqxx: true }\nscreens:\n  Home: {}\n")
    #expect(document.diagnostics.contains { $0.message.contains("zzqqxx") })
  }

  @Test("every key and modifier has a description")
  func described() {
    #expect(FlowSchema.undescribedKeys == [])
  }

  @Test("schema/flow.schema.json is what 'flowc schema' prints")
  func repositoryCopy() throws {
    let path = repositoryRoot() + "/schema/flow.schema.json"
    let stored = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      stored == FlowSchema.json.prettyPrinted(),
      "run 'swift run flowc schema > schema/flow.schema.json'")
  }

  @Test("the schema is valid JSON with the 2020-12 dialect and the flow's required keys")
  func wellFormed() throws {
    let text = FlowSchema.json.prettyPrinted()
    let parsed = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(parsed["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    #expect(parsed["required"] as? [String] == ["flow", "screens"])
    #expect(text == FlowSchema.json.prettyPrinted())
  }
}
