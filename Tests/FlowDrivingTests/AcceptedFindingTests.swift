import FlowSpec
import Testing

/// Which findings an exploration budget accepts: exact item texts, and `*` patterns.
@Suite("Accepted findings: by their item text, or a pattern with *")
struct AcceptedFindingTests {
  let title =
    #"After fail load(code: 404), deleteFromFavourites(restaurant: "KFC"), alert Retry, the app does what the flow says"#

  @Test("an exact text accepts only that finding")
  func exact() {
    let budget = ExplorationBudget(accepted: [title])
    #expect(budget.accepts(title))
    #expect(!budget.accepts(title.replacingOccurrences(of: "KFC", with: "McDonald's")))
    #expect(!ExplorationBudget().accepts(title))
  }

  @Test("a star stands for any run of characters, none included, and nothing else does")
  func stars() {
    let family = ExplorationBudget(accepted: [
      "After fail load(code: 404), *, alert Retry, the app does what the flow says"
    ])
    #expect(family.accepts(title))
    #expect(
      family.accepts(
        "After fail load(code: 404), deleteFromFavourites(restaurant: \"McDonald's\"), fail deleteFavourite(code: 404), alert Retry, the app does what the flow says"
      ))
    #expect(
      !family.accepts("After fail load(code: 404), alert Retry, the app does what the flow says"))
    #expect(
      !family.accepts("After fail load(code: 500), x, alert Retry, the app does what the flow says")
    )
    #expect(ExplorationBudget(accepted: ["*"]).accepts(""))
    #expect(ExplorationBudget(accepted: ["a*"]).accepts("a"))
    #expect(ExplorationBudget(accepted: ["*b*c"]).accepts("abbbc"))
    #expect(!ExplorationBudget(accepted: ["*b*c"]).accepts("abbbcd"))
    #expect(ExplorationBudget(accepted: ["a**b"]).accepts("ab"))
    // Other pattern characters are themselves.
    #expect(!ExplorationBudget(accepted: ["a?c*"]).accepts("abc"))
    #expect(ExplorationBudget(accepted: ["a?c*"]).accepts("a?c"))
  }

  @Test("a pattern of many stars against a long text answers at once")
  func noBacktracking() {
    let text = String(repeating: "a", count: 5_000)
    let pattern = String(repeating: "*a", count: 200) + "b"
    #expect(!ExplorationBudget(accepted: [pattern]).accepts(text))
    #expect(ExplorationBudget(accepted: [String(repeating: "*a", count: 200)]).accepts(text))
  }
}
