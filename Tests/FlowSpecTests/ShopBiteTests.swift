import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// One change to the frozen copy of the shop flow, and the items (by text) it must break.
struct ShopMutation: Sendable, CustomTestStringConvertible {
  var name: String
  var original: String
  var replacement: String
  var failingItems: [String]

  var testDescription: String { name }
}

private let shopMutations = [
  ShopMutation(
    name: "the product link lands in another tab",
    original: "{ tab: Accueil, routes: [{ ProductDetail: { id: $id } }] }",
    replacement: "{ tab: Recherche, routes: [{ ProductDetail: { id: $id } }] }",
    failingItems: ["monapp://product/42 affiche [.productDetail(id: 42)] d'un coup"]),
  ShopMutation(
    name: "the settings link forgets its last route",
    original: "routes: [{ Profile: { userID: $userID } }, Settings]",
    replacement: "routes: [{ Profile: { userID: $userID } }]",
    failingItems: [
      "monapp://profile/abc/settings affiche [.profile(userID: \"abc\"), .settings] dans Profil"
    ]),
  ShopMutation(
    name: "a reset to the root that pops instead", original: "orderPlaced: { reset: [] }",
    replacement: "orderPlaced: popToRoot",
    failingItems: ["Reset vers une liste vide revient à la racine sans animation"]),
  ShopMutation(
    name: "the search tab's root", original: "root: Search }", replacement: "root: Account }",
    failingItems: [
      "didTapProduct pousse le détail du produit touché", "Chaque onglet garde sa pile",
    ]),
  ShopMutation(
    name: "a product pushed with a fixed id",
    original: "showProduct: { push: ProductDetail, with: { id: $id } }",
    replacement: "showProduct: { push: ProductDetail, with: { id: 41 } }",
    failingItems: [
      "Voir le produit 42 pousse productDetail(id: 42)",
      "Deux produits sont deux routes différentes", "Un lien invalide ne change rien",
      "Chaque onglet garde sa pile",
    ]),
]

@Suite("Generated tests bite on routes, links and tabs")
struct ShopBiteTests {
  static let shop = try! String(
    contentsOfFile: repositoryRoot() + "/Tests/FlowSpecTests/Fixtures/shop.yaml", encoding: .utf8)

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

  @Test("the unchanged flow passes every item")
  func unchanged() throws {
    #expect(try Self.failing(Self.shop).map(\.text) == [])
  }

  @Test("a change fails exactly the items about it, at their lines", arguments: shopMutations)
  func mutation(_ mutation: ShopMutation) throws {
    try #require(Self.shop.components(separatedBy: mutation.original).count == 2)
    let source = Self.shop.replacingOccurrences(of: mutation.original, with: mutation.replacement)
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
