import FlowDiagnostics
import FlowModel
import FlowRuntime
import Testing

@testable import FlowChecklist

/// A step and the runtime event it sends introduce themselves with the same keyword, and how
/// the event reads and is written uses that keyword's spelling.
@Suite("Event keywords: one spelling from the checklist step to the runtime event")
struct EventKeywordTests {
  private static let here = SourceRange(at: SourcePosition(line: 1, column: 1))

  private static func located<T: Sendable>(_ value: T) -> Located<T> { Located(value, at: here) }

  /// One step of every kind, each resolving a request both ways.
  private static let steps: [EventStep.Kind] = [
    .event(located("login"), arguments: []),
    .tap(located(.right)),
    .alertAction(located("Logout")),
    .open(located("monapp://product/42")),
    .tab(located("Search")),
    .respond(located("load"), .success, values: [], index: nil),
    .respond(located("load"), .failure, values: [], index: located(1)),
  ]

  @Test("every step's event has the step's keyword, and every keyword is some step's")
  func keywordsAgree() {
    var seen: Set<EventKeyword> = []
    for kind in Self.steps {
      let event = NavigationEvent(EventStep(kind, range: Self.here))
      #expect(event.keyword == kind.keyword, "\(event)")
      if let keyword = kind.keyword { seen.insert(keyword) }
    }
    #expect(seen == Set(EventKeyword.allCases))
  }

  @Test("an event reads and is written with its keyword's spelling")
  func descriptionAndSyntax() {
    let events: [NavigationEvent] = [
      .tap(.back), .alertAction("OK"), .open("x://y"), .tab("Home"),
      .complete("load", values: ["count": .int(1)], index: 2), .fail("load"),
    ]
    #expect(
      events.map(\.description) == [
        "tap back", "alert OK", "open x://y", "tab Home", "complete load(count: 1) at 2",
        "fail load",
      ])
    #expect(
      events.map { $0.syntax(braced: true) } == [
        "{ tap: back }", "{ alert: OK }", "{ open: \"x://y\" }", "{ tab: Home }",
        "{ complete: load, with: { count: 1 }, index: 2 }", "{ fail: load }",
      ])
    for event in events {
      let keyword = event.keyword?.rawValue ?? ""
      #expect(event.description.hasPrefix(keyword + " "))
    }
    #expect(NavigationEvent.named("go", arguments: ["b": .bool(true)]).description == "go(b: true)")
    #expect(NavigationEvent.named("go").keyword == nil)
  }
}
