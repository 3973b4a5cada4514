public import FlowChecklist
public import FlowModel
public import FlowRuntime

/// A router whose state is `path: [Route]`, as the last article's SwiftUI `Router` keeps it,
/// recording every call: `push`, `pop`, `popToRoot` and `reset(to:)` change the path as the
/// real one does. An app's `RouterProtocol` can be conformed to by this spy in its tests.
@MainActor
public final class PathSpy<Route: Hashable> {
  public private(set) var path: [Route] = []
  /// Every call, in order, with the routes it named.
  public private(set) var calls: [(call: NavigationCall, routes: [Route])] = []

  public init(path: [Route] = []) {
    self.path = path
  }

  public func push(_ route: Route) {
    path.append(route)
    calls.append((.push, [route]))
  }

  public func pop() {
    if !path.isEmpty { path.removeLast() }
    calls.append((.pop, []))
  }

  public func popToRoot() {
    path.removeAll()
    calls.append((.popToRoot, []))
  }

  public func reset(to routes: [Route] = []) {
    path = routes
    calls.append((.reset, routes))
  }

  /// The stack as the flow sees it: the `NavigationStack`'s root view, then each route as
  /// `describe` names it. SwiftUI animates a push, a pop and a pop to root, not a reset.
  public func observation(root: ScreenInstance, describing describe: (Route) -> ScreenInstance)
    -> Observation
  {
    Observation(
      stack: [root] + path.map(describe),
      lastAnimated: calls.last.map { $0.call != .reset },
      calls: calls.map { entry in
        let routes = entry.routes.map { describe($0).description }
        let animated = entry.call != .reset
        let description =
          entry.call == .reset
          ? "reset(to: [\(routes.joined(separator: ", "))])"
          : "\(entry.call)(\(routes.joined(separator: ", ")))"
        return CallObservation(call: entry.call, animated: animated, description: description)
      })
  }
}
