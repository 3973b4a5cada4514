import FlowDiagnostics
import FlowModel

/// A list of names the flow fixes, which misspellings are compared with.
enum CandidateSet: Hashable {
  case screens
  case screensAndAlerts
  case state
  case stateAnywhere
  case handledEvents
  case actionTitles
  case screensAnywhere
  case screensAndAlertsAnywhere
}

/// One checker's candidate lists and their suggestion indexes, each built on first use;
/// the screens' parallel chunks each have their own checker, and so their own cache.
final class SuggestionCache {
  private var built: [CandidateSet: (names: [Located<String>], index: SuggestionIndex)] = [:]

  /// The names of `set`, made by `make` the first time, with their index.
  func names(_ set: CandidateSet, _ make: () -> [Located<String>]) -> (
    [Located<String>], SuggestionIndex
  ) {
    if let entry = built[set] { return entry }
    let names = make()
    let entry = (names, SuggestionIndex(names.map(\.value)))
    built[set] = entry
    return entry
  }
}
