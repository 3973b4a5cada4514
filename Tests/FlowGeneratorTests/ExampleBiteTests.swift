import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// One change to a frozen copy of an example flow (in `Fixtures/`), and the items (by text)
/// it must break.
struct ExampleMutation: Sendable, CustomTestStringConvertible {
  var fixture = "shop.yaml"
  var name: String
  var original: String
  var replacement: String
  var failingItems: [String]

  var testDescription: String { name }
}

private let exampleMutations = [
  ExampleMutation(
    name: "the product link lands in another tab",
    original: "{ tab: Accueil, routes: [{ ProductDetail: { id: $id } }] }",
    replacement: "{ tab: Recherche, routes: [{ ProductDetail: { id: $id } }] }",
    failingItems: ["monapp://product/42 affiche [.productDetail(id: 42)] d'un coup"]),
  ExampleMutation(
    name: "the settings link forgets its last route",
    original: "routes: [{ Profile: { userID: $userID } }, Settings]",
    replacement: "routes: [{ Profile: { userID: $userID } }]",
    failingItems: [
      "monapp://profile/abc/settings affiche [.profile(userID: \"abc\"), .settings] dans Profil"
    ]),
  ExampleMutation(
    name: "a reset to the root that pops instead", original: "orderPlaced: { reset: [] }",
    replacement: "orderPlaced: popToRoot",
    failingItems: ["Reset vers une liste vide revient à la racine sans animation"]),
  ExampleMutation(
    name: "the search tab's root", original: "root: Search }", replacement: "root: Account }",
    failingItems: [
      "didTapProduct pousse le détail du produit touché", "Chaque onglet garde sa pile",
    ]),
  ExampleMutation(
    name: "a product pushed with a fixed id",
    original: "showProduct: { push: ProductDetail, with: { id: $id } }",
    replacement: "showProduct: { push: ProductDetail, with: { id: 41 } }",
    failingItems: [
      "Voir le produit 42 pousse productDetail(id: 42)",
      "Deux produits sont deux routes différentes", "Un lien invalide ne change rien",
      "Chaque onglet garde sa pile",
    ]),
  ExampleMutation(
    fixture: "restaurants.yaml", name: "an empty load shows the list",
    original: "then: { set: { status: empty } }", replacement: "then: { set: { status: loaded } }",
    failingItems: ["If init succeed but no restaurants, display an image with a message"]),
  ExampleMutation(
    fixture: "restaurants.yaml", name: "the error message without its code",
    original:
      "    title: Request Failed\n    message: Error {code}\n    actions:\n      - { title: Retry",
    replacement:
      "    title: Request Failed\n    message: Error\n    actions:\n      - { title: Retry",
    failingItems: ["If init failed (at least one request failed) an error message is deliver"]),
  ExampleMutation(
    fixture: "restaurants.yaml", name: "a favourite whose pending state is never cleared",
    original: "      - remove: { pendingRestaurants: $restaurant, restaurants: $restaurant }",
    replacement: "      - remove: { restaurants: $restaurant }",
    failingItems: ["If success delete from restaurants and add to favorites"]),
  ExampleMutation(
    fixture: "restaurants.yaml", name: "a retry that does not load again",
    original: "do: [{ set: { status: pending } }, { request: load }]",
    replacement: "do: [{ set: { status: pending } }]",
    failingItems: ["User can retry if load failed"]),
]

@Suite("Generated tests bite on routes, links, tabs and requests")
struct ExampleBiteTests {
  static func fixture(_ name: String) -> String {
    try! String(
      contentsOfFile: repositoryRoot() + "/Tests/Fixtures/" + name, encoding: .utf8)
  }

  static func failing(_ source: String) throws -> [(
    text: String, failures: [ChecklistVerifier.Failure], lines: ClosedRange<Int>
  )] {
    let verifier = ChecklistVerifier(filePath: "/flows/shop.yaml", source: source)
    let entries = try #require(
      FlowDocument(source: source, path: "shop.yaml").flow?.checklist?.entries)
    return entries.compactMap { entry in
      let failures = verifier.failures(ofItem: entry.id)
      return failures.isEmpty ? nil : (entry.item.text.value, failures, entry.item.lines)
    }
  }

  @Test("the unchanged flow passes every item", arguments: ["shop.yaml", "restaurants.yaml"])
  func unchanged(fixture: String) throws {
    #expect(try Self.failing(Self.fixture(fixture)).map(\.text) == [])
  }

  @Test("a change fails exactly the items about it, at their lines", arguments: exampleMutations)
  func mutation(_ mutation: ExampleMutation) throws {
    let original = Self.fixture(mutation.fixture)
    try #require(original.components(separatedBy: mutation.original).count == 2)
    let source = original.replacingOccurrences(of: mutation.original, with: mutation.replacement)
    let failing = try Self.failing(source)
    #expect(failing.map(\.text) == mutation.failingItems)
    for item in failing {
      for failure in item.failures {
        #expect(item.lines.contains(failure.line), "\(failure.line): \(failure.message)")
        #expect(failure.filePath == "/flows/shop.yaml")
      }
    }
  }
}
