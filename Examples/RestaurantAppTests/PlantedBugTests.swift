import ExampleRestaurants
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// The alert shows only while no error was ever shown: a second failure, after the first
/// alert's OK, shows nothing (SwiftUI's dismissal leaves `errorDetails` set).
final class AlertOnlyOnce: RestaurantViewModel {
  override func updateAlertVisibility(previous: ErrorDetails?) {
    if previous == nil { super.updateAlertVisibility(previous: previous) }
  }
}

/// A request's end never clears the restaurant's pending state.
final class PendingNeverCleared: RestaurantViewModel {
  override func deletePending(_ restaurant: Restaurant) {}
}

/// A favourite added stays in the restaurants too.
final class AddKeepsRestaurant: RestaurantViewModel {
  override func updateStatusAddingFavorite(_ restaurant: Restaurant) {
    if case .loaded(let restaurants, let favorites) = status {
      status = .loaded(restaurants: restaurants, favorites: favorites + [restaurant])
    }
  }
}

/// A favourite deleted is not given back to the restaurants.
final class DeleteLosesRestaurant: RestaurantViewModel {
  override func updateStatusDeletingFavorite(_ restaurant: Restaurant) {
    if case .loaded(let restaurants, var favorites) = status {
      favorites.removeAll { $0 == restaurant }
      status = .loaded(restaurants: restaurants, favorites: favorites)
    }
  }
}

/// "No restaurants" is read from the restaurants alone, so favourites only show as empty.
final class EmptyIgnoresFavourites: RestaurantViewModel {
  override func load(completion: @escaping () -> Void = {}) {
    status = .pending
    service.load { [weak self] result in
      switch result {
      case .failure(let error):
        self?.errorDetails = ErrorDetails(
          title: "Request Failed", message: "Error \((error as NSError).code)", isRetry: true)
      case .success(let success):
        self?.status =
          success.restaurants.isEmpty
          ? .empty : .loaded(restaurants: success.restaurants, favorites: success.favorites)
      }
      completion()
    }
  }
}

@Suite(
  "A bug planted in the restaurants view model fails the items about it, or the exploration finds it"
)
@MainActor
struct RestaurantPlantedBugTests {
  static let path = repositoryRoot() + "/flows/restaurants.yaml"
  static let source = try! String(contentsOfFile: path, encoding: .utf8)
  static let checklist = ChecklistVerifier(filePath: path, source: source)
  /// The differences the team accepts (flowspec.json's `explore.accept`): the article's one
  /// alert shows the last error's details, where UIKit keeps the alert it presented first.
  static let accepted: Set<String> = {
    let file = repositoryRoot() + "/Examples/RestaurantAppTests/flowspec.json"
    let json = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
    let explore = (json as? [String: Any])?["explore"] as? [String: Any]
    return Set(explore?["accept"] as? [String] ?? [])
  }()

  func explore<Model: RestaurantViewModel>(_: Model.Type) async -> ChecklistVerifier.Failure? {
    await Self.checklist.explorationFindings(
      driver: ViewModelDriver<Model>.self, events: 400, findings: 1, accepting: Self.accepted
    ).first
  }

  /// The texts of the items the app fails, with every failure on its item's lines.
  func failing<Model: RestaurantViewModel>(_: Model.Type) async -> [String] {
    await failingItems(of: Self.checklist, through: ViewModelDriver<Model>.self)
  }

  @Test("the article's view model passes every item and the exploration")
  func soundApp() async {
    #expect(!Self.checklist.entries.isEmpty, "the flow loads")
    #expect(await failing(RestaurantViewModel.self) == [])
    #expect(Self.accepted.count == 3)
    let finding = await explore(RestaurantViewModel.self)
    #expect(finding == nil, "\(finding.map(\.message) ?? "")")
  }

  @Test("pending never cleared, a favourite kept or lost, favourites read as empty: items fail")
  func itemsCatchThem() async {
    let pending = await failing(PendingNeverCleared.self)
    #expect(
      pending == [
        "If success delete from restaurants and add to favorites",
        "If failed deliver an error",
        "If success delete from favorites and add to restaurants",
        "A favourite added before loading finishes leaves both lists as they are",
        "A favourite deleted before loading finishes leaves both lists as they are",
      ], "\(pending)")
    let kept = await failing(AddKeepsRestaurant.self)
    #expect(kept == ["If success delete from restaurants and add to favorites"], "\(kept)")
    let lost = await failing(DeleteLosesRestaurant.self)
    #expect(lost == ["If success delete from favorites and add to restaurants"], "\(lost)")
    let empty = await failing(EmptyIgnoresFavourites.self)
    #expect(
      empty == [
        "If success delete from favorites and add to restaurants",
        "If failed deliver an error",
      ], "\(empty)")
  }

  @Test("an alert shown only once: no item looks, the exploration finds it, naming the field")
  func alertOnlyOnce() async throws {
    #expect(await failing(AlertOnlyOnce.self) == [])
    let finding = try #require(await explore(AlertOnlyOnce.self))
    #expect(
      finding.message.contains("presented: flow 'FavouriteFailed', app none"), "\(finding.message)")
    // At the alert the flow presents and the app does not; found past the accepted findings
    // of the same field at the same place, which hide no other.
    #expect(finding.line == lineNumber(of: "FavouriteFailed:", after: "alerts:", in: Self.source))
    let item = String(finding.message[finding.message.range(of: "[ ] After")!.lowerBound...])
    let pasted = ChecklistVerifier(
      filePath: Self.path, source: pastingItem(item, intoFlow: Self.source))
    let id = try #require(pasted.entries.last?.id)
    #expect(pasted.failures(ofItem: id) == [])
    let app = await pasted.appFailures(ofItem: id, driver: ViewModelDriver<AlertOnlyOnce>.self)
    #expect(app.failures.map(\.message).contains { $0.contains("presented") }, "\(app)")
  }

  /// A benchmark, skipped unless asked for:
  /// `FLOWSPEC_BENCH=1 swift test -c release --filter explorationSpeed`.
  @Test(.enabled(if: ExplorationSpeed.isRequested, "a benchmark: set FLOWSPEC_BENCH to run it"))
  func explorationSpeed() async {
    await ExplorationSpeed.measure(
      "the third article's RestaurantViewModel", checklist: Self.checklist,
      driver: RestaurantDriver.self, accepting: Self.accepted)
  }
}
