import FlowDiagnostics
import FlowModel

/// What a group of operations shows and does, as indices into the flow. The operation rules
/// add each operation's part as they check it, so the rules over the whole flow
/// (reachability, texts in alerts, pushes on modals, child flows used) read these instead of
/// walking every operation again.
struct NavigationTargets: Sendable {
  /// Screens set as root, pushed, reset to or presented.
  var screens: [Int] = []
  /// Alerts presented, each with where the presenting operation is written.
  var alerts: [(index: Int, origin: OperationOrigin)] = []
  /// Requests started: their outcomes' targets are reached through them.
  var requests: [Int] = []
  /// Screens put on a navigation stack: set as root, pushed, reset to, or presented with a
  /// stack of their own.
  var stackedScreens: [Int] = []
  /// Screens presented without a stack of their own.
  var stacklessScreens: [Int] = []
  /// Each push written in a screen's own operations: where, and that screen.
  var pushes: [(range: SourceRange, screen: Int)] = []
  /// The names of the child flows started.
  var startedFlows: [String] = []
}

extension Checker {
  /// Screens nothing reachable from `start` shows, and alerts nothing presents.
  ///
  /// - Parameters:
  ///   - screenTargets: what each screen shows,
  ///   - startTargets: what `start` shows,
  ///   - alertTargets: what each alert's actions show, all gathered by the operation rules.
  func checkReachability(
    screenTargets: [NavigationTargets], startTargets: NavigationTargets,
    alertTargets: [NavigationTargets], requestTargets: [NavigationTargets]
  ) {
    var presented = [Bool](repeating: false, count: flow.alerts.count)
    for targetsOfOne in [screenTargets, alertTargets, requestTargets, [startTargets]] {
      for index in targetsOfOne.indices {
        for alert in targetsOfOne[index].alerts { presented[alert.index] = true }
      }
    }
    for index in flow.alerts.indices where !presented[index] {
      sink.report(
        .unpresentedAlert(flow.alerts[index].name.value), at: flow.alerts[index].name.range)
    }
    guard flow.start != nil || !flow.tabs.isEmpty else { return }
    // Depth first from `start`, over indices: tens of thousands of screens are walked
    // without copying what each one shows.
    var reachedScreens = [Bool](repeating: false, count: flow.screens.count)
    var reachedAlerts = [Bool](repeating: false, count: flow.alerts.count)
    var reachedRequests = [Bool](repeating: false, count: flow.requests.count)
    var pendingScreens: [Int] = []
    var pendingAlerts: [Int] = []
    var pendingRequests: [Int] = []
    func reach(_ targets: NavigationTargets) {
      for request in targets.requests where !reachedRequests[request] {
        reachedRequests[request] = true
        pendingRequests.append(request)
      }
      for screen in targets.screens where !reachedScreens[screen] {
        reachedScreens[screen] = true
        pendingScreens.append(screen)
      }
      for (alert, _) in targets.alerts where !reachedAlerts[alert] {
        reachedAlerts[alert] = true
        pendingAlerts.append(alert)
      }
    }
    reach(startTargets)
    while true {
      if let screen = pendingScreens.popLast() {
        reach(screenTargets[screen])
      } else if let alert = pendingAlerts.popLast() {
        reach(alertTargets[alert])
      } else if let request = pendingRequests.popLast() {
        reach(requestTargets[request])
      } else {
        break
      }
    }
    for index in flow.screens.indices where !reachedScreens[index] {
      sink.report(
        .unreachableScreen(flow.screens[index].name.value), at: flow.screens[index].name.range)
    }
  }
}
