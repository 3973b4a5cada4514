import ExampleRestaurants
import FlowSpec

/// Binds flows/restaurants.yaml to the article's RestaurantViewModel. Its SwiftUI view is
/// restated as the view's two modifiers over the model's flags; requests go to the service
/// spy. SwiftUI shows no navigation call, `animated` flag or bar here.
typealias RestaurantDriver = ViewModelDriver<RestaurantViewModel>

/// Over any RestaurantViewModel, so tests can plant a bug in a subclass.
@MainActor struct ViewModelDriver<Model: RestaurantViewModel>: FlowAppDriver {
  static var unobservable: Set<ExpectationKey> { [.navBar, .animated, .calls] }
  let spy = FlowSwiftUISpy(root: "Restaurants")
  let requests: FlowRequestSpy? = FlowRequestSpy()
  let events: Model

  init(start: ScenarioStart) {
    events = Model(service: RestaurantServiceSpy(requests: requests!))
    events.load()  // the view's onAppear
    spy.navigationDestination(isPresented: FlowBinding(events, \.isPushToDetailsView)) {
      [events] in ScreenInstance(name: "RestaurantDetails", values: events.detailsValues)
    }
    spy.alert(isPresented: FlowBinding(events, \.isPresentAlert)) { [events] in events.alert }
  }

  var state: [String: Value] { events.flowState }
}

/// The flow's events, by the view model's own names.
extension RestaurantViewModel: RestaurantViewModelEvents {
  func select(restaurant: String) { updateSelected(with: named(restaurant)) }
  func addToFavourites(restaurant: String) { addToFavorites(named(restaurant)) }
  func deleteFromFavourites(restaurant: String) { deleteFromFavorites(named(restaurant)) }
}
