import FlowModel
import FlowRuntime
import FlowSpec
import Testing

/// A screen with several handlers, a child flow's screen with handlers of its own, a flow-wide
/// handler of the root and of the child, and an alert that covers the screens: every place
/// `sendUnderstood` looks a handler up.
private let source = """
  flow: Shop
  use: { Kid: kid.yaml }
  state: { count: 0, isOn: false }
  start: { setRoot: Home }
  on:
    home: popToRoot
    reset: { set: { count: 0 } }
  alerts:
    Sure:
      title: Sure?
      actions:
        - { title: OK, style: cancel }
  screens:
    Home:
      on:
        open: { push: Detail }
        count: { add: { count: 1 } }
        toggle:
          if: isOn
          then: { set: { isOn: false } }
          else: { set: { isOn: true } }
        ask: { present: Sure }
        shop: { start: Kid }
        done: { set: { isOn: true } }
    Detail:
      on:
        open: { push: Detail }
        count: { add: { count: 10 } }
  """

private let child = """
  flow: Kid
  start: { push: KidHome }
  on:
    leave: { finish: done }
  screens:
    KidHome:
      on:
        count: pop
  """

private func program() throws -> NavigationProgram {
  let document = FlowDocument(
    source: source, path: "shop.yaml", files: .embedded(["kid.yaml": child]))
  #expect(document.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
  return NavigationProgram(tree: try #require(document.validTree))
}

/// The state and log after sending `events` in turn, and each refusal's message.
private func outcome(
  _ program: NavigationProgram, _ events: [String], byID: Bool
) throws -> (words: [UInt32], log: [NavigationLogEntry], refusals: [String]) {
  var navigator = try Navigator(program: program)
  var refusals: [String] = []
  for name in events {
    let id = byID ? program.eventID(named: name) : nil
    do {
      try navigator.sendUnderstood(.named(name, arguments: [:]), handledAs: id)
    } catch {
      refusals.append(error.description)
    }
  }
  return (navigator.withStateWords { Array($0) }, navigator.log, refusals)
}

@Suite("Runtime: a named event sent by its id, as a search sends it")
struct SendByEventIDTests {
  @Test(
    "by id or by name, every sequence reaches the same state, log and refusals",
    arguments: [
      ["open", "count", "open", "count", "home", "count"],
      ["toggle", "toggle", "count", "reset", "toggle"],
      ["ask", "count", "home", "reset"],
      ["shop", "count", "open", "leave", "count"],
      ["nothing", "open", "nothing"],
    ])
  func sameOutcome(events: [String]) throws {
    let program = try program()
    let byName = try outcome(program, events, byID: false)
    let byID = try outcome(program, events, byID: true)
    #expect(byID.words == byName.words)
    #expect(byID.log == byName.log)
    #expect(byID.refusals == byName.refusals)
  }

  @Test("the ids are the program's: each handled name has one, an unhandled one none")
  func ids() throws {
    let program = try program()
    let names = ["home", "reset", "open", "count", "toggle", "ask", "shop", "done", "leave"]
    let ids = names.compactMap { program.eventID(named: $0) }
    #expect(ids.count == names.count)
    #expect(Set(ids).count == names.count)
    #expect(program.eventID(named: "nothing") == nil)
  }

  @Test("an id that is not the event's finds the handler of the id, so callers must pair them")
  func idDecides() throws {
    let program = try program()
    let count = try #require(program.eventID(named: "count"))
    var navigator = try Navigator(program: program)
    try navigator.sendUnderstood(.named("open", arguments: [:]), handledAs: count)
    #expect(navigator.stack == ["Home"])
  }
}
