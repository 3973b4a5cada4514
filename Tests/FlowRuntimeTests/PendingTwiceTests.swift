import FlowModel
import FlowRuntime
import FlowSpec
import Testing

/// Two requests of a flow, one taking a text and a number, and the events that start them:
/// what `pendsARequestTwice` compares on the state's words.
private let source = """
  flow: Search
  start: { setRoot: Home }
  requests:
    find:
      params: { query: String, page: Int }
    save:
      params: { query: String, page: Int }
  screens:
    Home:
      on:
        find: { request: find, with: { query: $query, page: $page } }
        save: { request: save, with: { query: $query, page: $page } }
  """

/// The navigator after each event, `name` sent with `query` and `page`.
private func navigator(after events: [(name: String, query: String, page: Int)]) throws
  -> Navigator
{
  let document = FlowDocument(source: source, path: "search.yaml")
  #expect(document.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
  var navigator = try Navigator(program: NavigationProgram(tree: try #require(document.validTree)))
  for event in events {
    try navigator.send(
      .named(event.name, arguments: ["query": .string(event.query), "page": .int(event.page)]))
  }
  return navigator
}

@Suite("a request pending twice, told from the state's words")
struct PendingTwiceTests {
  @Test("the same request with the same values, among others, pends twice")
  func sameRequestSameValues() throws {
    let navigator = try navigator(after: [
      ("find", "shoes", 1), ("save", "shoes", 1), ("find", "hats", 2), ("find", "shoes", 1),
    ])
    #expect(navigator.pendingRequests.count == 4)
    #expect(navigator.pendsARequestTwice)
  }

  @Test("one request with other values, or two requests with the same values, do not")
  func differentValuesOrRequests() throws {
    #expect(try !navigator(after: [("find", "shoes", 1), ("find", "shoes", 2)]).pendsARequestTwice)
    #expect(try !navigator(after: [("find", "shoes", 1), ("find", "hats", 1)]).pendsARequestTwice)
    #expect(try !navigator(after: [("find", "shoes", 1), ("save", "shoes", 1)]).pendsARequestTwice)
    #expect(try !navigator(after: [("find", "shoes", 1)]).pendsARequestTwice)
  }

  @Test("text of one accent spelt two ways is the same value, though its words differ")
  func accentSpeltTwoWays() throws {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed)
    let navigator = try navigator(after: [("find", composed, 1), ("find", decomposed, 1)])
    #expect(navigator.pendsARequestTwice)
  }
}
