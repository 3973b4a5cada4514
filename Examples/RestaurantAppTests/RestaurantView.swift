import ExampleRestaurants
import FlowSpec

/// What the article's SwiftUI view shows of the model, restated where SwiftUI does not run:
/// the details its destination gets, its alert, and the model's state by the flow's names.
extension RestaurantViewModel {
  var detailsValues: [(String, Value)] { [("name", .string(selectedRestaurant?.name ?? ""))] }

  var alert: FlowAlertContent {
    FlowAlertContent(
      title: errorDetails?.title, message: errorDetails?.message,
      buttons: alertButtons.map {
        FlowAlertButton($0.title, role: $0.isCancel ? .cancel : .default, action: $0.action)
      })
  }

  var flowState: [String: Value] {
    let (restaurants, favourites) =
      if case .loaded(let restaurants, let favourites) = status {
        (restaurants, favourites)
      } else { ([Restaurant](), [Favorite]()) }
    let name =
      switch status {
      case .pending: "pending"
      case .empty: "empty"
      case .loaded: "loaded"
      }
    return FlowValue.values([
      "status": name, "restaurants": restaurants.map(\.name),
      "favourites": favourites.map(\.name), "pendingRestaurants": pendingRestaurants.map(\.name),
    ])
  }
}
