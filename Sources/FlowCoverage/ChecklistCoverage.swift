public import FlowChecklist
import FlowDiagnostics
import FlowModel
public import FlowRuntime

/// What a flow's checklist exercises when its items run: every coverage target of the flow
/// (screens, transitions and each arm of their guards, alert actions, bar buttons, links,
/// tabs) and the items that reach each one.
public struct ChecklistCoverage: Sendable {
  /// Every target of the flow and its child flows; a target's id is its index.
  public let targets: [CoverageTarget]
  /// For each target, the ids of the bound items whose scenario reaches it.
  public let coveringItems: [[Int]]

  /// The targets no item reaches, in kind order, then file and position.
  public var uncovered: [CoverageTarget] {
    targets.indices.filter { coveringItems[$0].isEmpty }.map { targets[$0] }.sorted(
      by: Self.reportOrder)
  }

  /// How many targets of a kind (of all kinds, with `nil`) the checklist reaches, of how many.
  public func count(of kind: CoverageTarget.Kind? = nil) -> (covered: Int, total: Int) {
    var covered = 0
    var total = 0
    for (index, target) in targets.enumerated() where kind == nil || target.kind == kind {
      total += 1
      if !coveringItems[index].isEmpty { covered += 1 }
    }
    return (covered, total)
  }

  /// The share of targets (of a kind, or all) reached, in percent; 100 when there are none.
  public func percentage(of kind: CoverageTarget.Kind? = nil) -> Double {
    let (covered, total) = count(of: kind)
    return total == 0 ? 100 : Double(covered) * 100 / Double(total)
  }

  /// A percentage as reports write it: `91.7` for 11 of 12, `100`, one decimal, rounded to
  /// the nearest tenth but never to the ends it does not reach: 99.96 reads 99.9, not 100,
  /// and 0.04 reads 0.1, not 0.
  public static func percentText(_ value: Double) -> String {
    let tenths = percentTenths(value)
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }

  /// The percentage `percentText` writes, in tenths: `917` for 11 of 12.
  public static func percentTenths(_ value: Double) -> Int {
    var tenths = Int((value * 10).rounded())
    if value < 100 { tenths = min(tenths, 999) }
    if value > 0 { tenths = max(tenths, 1) }
    return tenths
  }

  /// The kinds the flow has targets of, in report order.
  public var kinds: [CoverageTarget.Kind] {
    let present = Set(targets.map(\.kind))
    return CoverageTarget.Kind.allCases.filter(present.contains)
  }

  /// Kind, then file, then position: the order reports list targets in.
  static func reportOrder(_ lhs: CoverageTarget, _ rhs: CoverageTarget) -> Bool {
    if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
    if lhs.file != rhs.file { return (lhs.file ?? "") < (rhs.file ?? "") }
    return lhs.range.start < rhs.range.start
  }
}

extension ChecklistRunner {
  /// Runs every bound item, recording which coverage targets each one reaches.
  public func coverage() -> ChecklistCoverage {
    runAllRecordingCoverage().coverage
  }

  /// Runs every item, in document order, as `runAll`, and records which coverage targets
  /// each one reaches: one run for a report that shows both.
  public func runAllRecordingCoverage() -> (
    results: [ChecklistResult], coverage: ChecklistCoverage
  ) {
    var covering = [[Int]](repeating: [], count: program.coverageTargets.count)
    var results: [ChecklistResult] = []
    results.reserveCapacity(entries.count)
    for (entry, (result, covered)) in zip(entries, runAll(recordingCoverage: true)) {
      results.append(result)
      for target in covered.sorted() {
        covering[target].append(entry.id)
      }
    }
    return (results, ChecklistCoverage(targets: program.coverageTargets, coveringItems: covering))
  }
}
