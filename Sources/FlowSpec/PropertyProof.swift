import FlowParallel

/// A flow's properties proved over every state it can reach, as generated tests read them:
/// one `@Test` per property asks for its failures, each located at the property in the flow
/// with the shortest counterexample as a checklist item to paste.
///
/// Generated test files hold one in a `static let`, so the state space is searched once, when
/// the first property test asks.
public struct PropertyProof: Sendable {
  private let failuresByProperty: [String: [ChecklistVerifier.Failure]]
  private let warningsByProperty: [String: [ChecklistVerifier.Failure]]
  /// What fails every property: the flow's errors, or why it cannot start.
  private let everyProperty: [ChecklistVerifier.Failure]

  init(
    failures: [String: [ChecklistVerifier.Failure]],
    warnings: [String: [ChecklistVerifier.Failure]], everyProperty: [ChecklistVerifier.Failure]
  ) {
    failuresByProperty = failures
    warningsByProperty = warnings
    self.everyProperty = everyProperty
  }

  /// Why the property named `name` (the flow's, or a built-in id such as `no-trap`) does not
  /// hold; none when it holds in every state visited.
  public func failures(of name: String) -> [ChecklistVerifier.Failure] {
    everyProperty + (failuresByProperty[name] ?? [])
  }

  /// What the search could not settle about it: an `after` event never accepted, a
  /// declaration not reached within the bounds. Generated tests record these as known issues.
  public func warnings(of name: String) -> [ChecklistVerifier.Failure] {
    warningsByProperty[name] ?? []
  }
}

extension ChecklistVerifier {
  /// Proves the flow's properties, and with `builtIns` the built-in ones it does not switch
  /// off, over every state within its `verify:` bounds, as `flowc verify` does. A child
  /// flow's tests pass `builtIns: false`: those are proved through its parent.
  public func proveProperties(builtIns: Bool = true) -> PropertyProof {
    guard let tree = validTree else {
      return PropertyProof(failures: [:], warnings: [:], everyProperty: flowErrors)
    }
    let report = Parallel.onLargeStack {
      var verifier = PropertyVerifier(tree: tree)
      verifier.checksBuiltIns = builtIns
      return verifier.verify()
    }
    if let start = report.startFailure {
      let failure = failure(
        "flow '\(report.flow)' cannot start, so no property is verified: \(start)", in: nil,
        at: report.startRange?.start ?? .start)
      return PropertyProof(failures: [:], warnings: [:], everyProperty: [failure])
    }
    func located(_ found: [VerificationReport.Failure]) -> [String: [Failure]] {
      Dictionary(grouping: found, by: \.property).mapValues { failures in
        failures.map { found in
          let item = found.item.map { "\nreproduce it with this checklist item:\n" + $0 } ?? ""
          let bounded =
            report.boundsHit.isEmpty
            ? ""
            : "\n(the search hit its bounds: \(report.boundsHit.joined(separator: ", ")))"
          return failure(
            found.message + item + bounded, in: found.file, at: found.range.start)
        }
      }
    }
    return PropertyProof(
      failures: located(report.failures), warnings: located(report.warnings), everyProperty: [])
  }
}
