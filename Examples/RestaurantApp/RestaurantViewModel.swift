import Foundation

// The third article's view model, "SwiftUI - Test drive the logic inside a view using TDD",
// as it ends: a RestaurantViewModel that loads restaurants and favourites through a service,
// shows pending, empty or loaded, pushes a restaurant's details, adds or deletes a favourite
// with a per-restaurant pending state, and fills ErrorDetails for the view's alert. Its
// SwiftUI view binds `isPushToDetailsView` and `isPresentAlert` (its
// `.navigationDestination` and `.alert`); the view is the article's, not code that runs here.

public struct Restaurant: Equatable, Sendable {
  public let name: String
  public let type: String

  public init(name: String, type: String = "") {
    self.name = name
    self.type = type
  }
}

public typealias Favorite = Restaurant

public struct ErrorDetails: Equatable, Sendable {
  public let title: String
  public let message: String
  public let isRetry: Bool

  public init(title: String, message: String, isRetry: Bool) {
    self.title = title
    self.message = message
    self.isRetry = isRetry
  }
}

@MainActor
public protocol RestaurantService {
  typealias LoadCompletions = (
    Result<(restaurants: [Restaurant], favorites: [Favorite]), any Error>
  ) -> Void
  typealias FavoriteResult = Result<Restaurant, any Error>
  typealias FavoriteCompletions = (FavoriteResult) -> Void

  func load(completion: @escaping LoadCompletions)
  func addFavorite(_ restaurant: Restaurant, completion: @escaping FavoriteCompletions)
  func deleteFavorite(_ restaurant: Restaurant, completion: @escaping FavoriteCompletions)
}

@MainActor
open class RestaurantViewModel {
  public enum Status: Equatable, Sendable {
    case pending
    case empty
    case loaded(restaurants: [Restaurant], favorites: [Favorite])
  }

  public let service: any RestaurantService
  public var status: Status = .pending
  public var isPresentAlert = false
  public var isPushToDetailsView = false
  public private(set) var pendingRestaurants = [Restaurant]()
  public var errorDetails: ErrorDetails? {
    didSet { updateAlertVisibility(previous: oldValue) }
  }
  public private(set) var selectedRestaurant: Restaurant? {
    didSet { updateDetailViewVisibility() }
  }

  public required init(service: any RestaurantService) {
    self.service = service
  }

  open func load(completion: @escaping () -> Void = {}) {
    status = .pending
    service.load { [weak self] result in
      switch result {
      case .failure(let error):
        self?.errorDetails = ErrorDetails(
          title: "Request Failed", message: "Error \(Self.code(of: error))", isRetry: true)
      case .success(let success):
        let isRestaurantEmpty = success.restaurants.isEmpty && success.favorites.isEmpty
        if isRestaurantEmpty {
          self?.status = .empty
        } else {
          self?.status = .loaded(restaurants: success.restaurants, favorites: success.favorites)
        }
      }
      completion()
    }
  }

  open func updateSelected(with restaurant: Restaurant?) {
    selectedRestaurant = restaurant
  }

  open func addToFavorites(_ restaurant: Restaurant, completion: @escaping () -> Void = {}) {
    addPending(restaurant)
    service.addFavorite(restaurant) { result in
      self.deletePending(restaurant)
      switch result {
      case .success:
        self.updateStatusAddingFavorite(restaurant)
      case .failure(let error):
        self.errorDetails = ErrorDetails(
          title: "Request Failed", message: "Error \(Self.code(of: error))", isRetry: false)
      }
      completion()
    }
  }

  open func deleteFromFavorites(_ restaurant: Restaurant, completion: @escaping () -> Void = {}) {
    addPending(restaurant)
    service.deleteFavorite(restaurant) { result in
      self.deletePending(restaurant)
      switch result {
      case .success:
        self.updateStatusDeletingFavorite(restaurant)
      case .failure(let error):
        self.errorDetails = ErrorDetails(
          title: "Request Failed", message: "Error \(Self.code(of: error))", isRetry: false)
      }
      completion()
    }
  }

  public func isPending(for restaurant: Restaurant) -> Bool {
    pendingRestaurants.contains(restaurant)
  }

  // MARK: - Helpers

  /// The error's code, as the article reads it from an `NSError`.
  private static func code(of error: any Error) -> Int {
    (error as NSError).code
  }

  /// The view's alert shows whenever there are error details. A subclass may change it.
  open func updateAlertVisibility(previous: ErrorDetails?) {
    isPresentAlert = errorDetails == nil ? false : true
  }

  private func updateDetailViewVisibility() {
    isPushToDetailsView = selectedRestaurant == nil ? false : true
  }

  open func updateStatusAddingFavorite(_ restaurant: Restaurant) {
    if case .loaded(var restaurants, var favorites) = status {
      favorites.append(restaurant)
      restaurants.removeAll(where: { $0 == restaurant })
      status = .loaded(restaurants: restaurants, favorites: favorites)
    }
  }

  open func updateStatusDeletingFavorite(_ restaurant: Restaurant) {
    if case .loaded(var restaurants, var favorites) = status {
      favorites.removeAll(where: { $0 == restaurant })
      restaurants.append(restaurant)
      status = .loaded(restaurants: restaurants, favorites: favorites)
    }
  }

  open func addPending(_ restaurant: Restaurant) {
    pendingRestaurants.append(restaurant)
  }

  open func deletePending(_ restaurant: Restaurant) {
    pendingRestaurants.removeAll(where: { $0 == restaurant })
  }

  /// The view's alert, as its `.alert` modifier shows `errorDetails`: a retry reloads.
  public var alertButtons: [(title: String, isCancel: Bool, action: @MainActor () -> Void)] {
    guard let details = errorDetails else { return [] }
    guard details.isRetry else { return [("OK", true, { @MainActor in })] }
    return [("Retry", false, { @MainActor [weak self] in self?.load() })]
  }
}
