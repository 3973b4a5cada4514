import FlowModel
import Testing

@Suite("Navigation calls: one list, each name spelt once")
struct NavigationCallTests {
  @Test("each call's name reads back as that call, and counts by its place in the list")
  func namesAndOrdinals() {
    for (index, call) in NavigationCall.allCases.enumerated() {
      #expect(NavigationCall(name: call.name) == call)
      #expect(call.description == call.name)
      #expect(call.ordinal == index)
    }
    #expect(
      NavigationCall.allCases.map(\.name) == [
        "setRoot", "push", "pop", "popToRoot", "reset", "present", "dismiss", "select",
      ])
    #expect(NavigationCall(name: "Push") == nil)
    #expect(NavigationCall(name: "") == nil)
  }
}
