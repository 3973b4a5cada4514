import FlowChecklist
import FlowModel
import FlowRuntime

extension ChecklistRunner {
  /// The flow's properties that the app's observation breaks where the flow's own keeps
  /// them, after `event` (or at the start): what the exploration's walks check beside the
  /// fields they compare. `never` and `always` are judged after every event, `after` after
  /// the event it is about; `reachable` needs a search of the flow's states and is left to
  /// `flowc verify`, as is a property the flow itself breaks.
  func propertyDifferences(
    app observed: Observation, flow navigator: Navigator, after event: NavigationEvent?,
    unobservable: Set<ExpectationKey>
  ) -> [ObservedDifference] {
    let last = event.map { LastEventOutcome(event: $0, refusal: nil) }
    var differences: [ObservedDifference] = []
    for property in flow.properties {
      switch property.statement {
      case .reachable: continue
      case .after: guard let event, property.statement.follows(event) else { continue }
      case .never, .always: break
      }
      guard
        case .fails(let why) = property.statement.verdict(
          on: observed, lastEvent: last, file: flow.file, unobservable: unobservable),
        property.statement.verdict(
          on: navigator.stateObservation, lastEvent: last, file: flow.file) == .holds
      else { continue }
      let name = property.name.value
      differences.append(
        ObservedDifference(
          field: "property '\(name)'", flow: "holds", app: "fails (\(why))",
          part: .property(name)))
    }
    return differences
  }
}
