import ExampleRestaurants
import FlowSpec
import Foundation

/// The article's `RestaurantServiceSpy`, over the library's request spy: each request
/// starts there by the flow's name, and a checklist's `complete`/`fail` becomes the
/// completion the view model gave, with the step's values as restaurants or an error code.
final class RestaurantServiceSpy: RestaurantService {
  let requests: FlowRequestSpy
  init(requests: FlowRequestSpy) { self.requests = requests }

  func load(completion: @escaping LoadCompletions) {
    requests.start("load") { outcome in
      completion(
        try outcome.result(
          success: {
            (try $0.strings("restaurants").map(named), try $0.strings("favourites").map(named))
          }, failure: Self.error))
    }
  }

  func addFavorite(_ restaurant: Restaurant, completion: @escaping FavoriteCompletions) {
    favourite("addFavourite", restaurant, completion)
  }

  func deleteFavorite(_ restaurant: Restaurant, completion: @escaping FavoriteCompletions) {
    favourite("deleteFavourite", restaurant, completion)
  }

  private func favourite(
    _ request: String, _ restaurant: Restaurant, _ completion: @escaping FavoriteCompletions
  ) {
    requests.start(request, ["restaurant": .string(restaurant.name)]) { outcome in
      completion(try outcome.result(success: { _ in restaurant }, failure: Self.error))
    }
  }

  private static func error(_ values: EventArguments) throws -> any Error {
    NSError(domain: "RestaurantService", code: try values.int("code"))
  }
}

/// The checklist names restaurants; the app's are values with a name.
func named(_ name: String) -> Restaurant { Restaurant(name: name) }
