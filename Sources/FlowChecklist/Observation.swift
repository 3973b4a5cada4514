public import FlowModel
public import FlowRuntime

/// What a navigation looks like at one moment: the interpreter's, or an app's as its test
/// driver sees it. Every part is optional: what an app does not expose is left out, and an
/// expectation about it is reported as not checked, never as passed.
public struct Observation: Sendable {
  /// The stack (the selected tab's), root first.
  public var stack: [ScreenInstance]?
  /// The tab bar, for a flow with tabs.
  public var tabs: TabsObservation?
  /// What is presented, bottom first (a sheet, then an alert over it); empty for nothing.
  public var presentations: [PresentedItem]?
  /// The `animated` flag of the last navigation call.
  public var lastAnimated: Bool?
  /// The visible screen's navigation bar.
  public var navigationBar: ResolvedNavigationBar?
  /// Every navigation call made, in order.
  public var calls: [CallObservation]?
  /// State values, by name; a name left out is not observed.
  public var state: [String: Value]
  /// The requests still pending, in the order they started.
  public var pendingRequests: [ScreenInstance]?
  /// Whether everything left out is really absent (the interpreter's observations), rather
  /// than not observed (an app's).
  public var isComplete: Bool

  /// Creates an observation of the parts given; a part left `nil` is not observed.
  public init(
    stack: [ScreenInstance]? = nil, tabs: TabsObservation? = nil,
    presentations: [PresentedItem]? = nil, lastAnimated: Bool? = nil,
    navigationBar: ResolvedNavigationBar? = nil, calls: [CallObservation]? = nil,
    state: [String: Value] = [:], pendingRequests: [ScreenInstance]? = nil,
    isComplete: Bool = false
  ) {
    self.stack = stack
    self.tabs = tabs
    self.presentations = presentations
    self.lastAnimated = lastAnimated
    self.navigationBar = navigationBar
    self.calls = calls
    self.state = state
    self.pendingRequests = pendingRequests
    self.isComplete = isComplete
  }

  /// What is presented on top, if anything (`nil` inside when nothing is).
  var topPresentation: PresentedItem?? {
    presentations.map { $0.last }
  }
}

/// The selected tab and each tab's stack.
public struct TabsObservation: Sendable, Hashable {
  /// The name of the selected tab.
  public var selected: String
  /// Each tab's navigation stack, root first, by tab name.
  public var stacks: [String: [ScreenInstance]]

  /// Creates an observation of the tab bar with `selected` and each tab's stack.
  public init(selected: String, stacks: [String: [ScreenInstance]]) {
    self.selected = selected
    self.stacks = stacks
  }
}

/// One navigation call, as a spy records it.
public struct CallObservation: Sendable, Hashable, CustomStringConvertible {
  /// Which navigation call was made, such as `push`.
  public var call: NavigationCall
  /// Whether the call asked to animate.
  public var animated: Bool
  /// How the call reads: `pushViewController(InfoDetails, animated: false)`.
  public var description: String

  /// Creates an observation of `call`, with its `animated` flag and how it reads.
  public init(call: NavigationCall, animated: Bool, description: String) {
    self.call = call
    self.animated = animated
    self.description = description
  }
}

extension Navigator {
  /// Everything the interpreter shows now: its state, and every call it made.
  public var observation: Observation {
    var observation = stateObservation
    observation.calls = log.compactMap { entry in
      entry.call.map {
        CallObservation(call: $0, animated: entry.animated, description: entry.description)
      }
    }
    return observation
  }
}
