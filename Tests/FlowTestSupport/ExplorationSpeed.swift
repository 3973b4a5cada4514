public import FlowSpec
import Foundation

/// The exploration's speed against an app: how many events it sends through the app's
/// driver a second. A benchmark, not a test: it asserts nothing about time and runs only when
/// asked, `FLOWSPEC_BENCH=1 swift test -c release --filter "exploration speed"`.
public enum ExplorationSpeed {
  /// Whether the benchmark was asked for (`FLOWSPEC_BENCH` set), so that `swift test` skips it.
  public static var isRequested: Bool {
    ProcessInfo.processInfo.environment["FLOWSPEC_BENCH"] != nil
  }

  /// Explores `checklist`'s flow against `driver` with a budget of `events` interpreter
  /// events, best of `runs` runs, and prints the events sent to the app, the scenarios
  /// started and the events per second.
  @MainActor
  @discardableResult
  public static func measure<Driver: FlowDriver>(
    _ name: String, checklist: ChecklistVerifier, driver: Driver.Type, events: Int = 5000,
    runs: Int = 3, accepting accepted: Set<String> = []
  ) async -> Double {
    var best = 0.0
    var figures = ""
    for _ in 0..<max(1, runs) {
      EventCounter.reset()
      let clock = ContinuousClock()
      let started = clock.now
      let found = await checklist.explorationFindings(
        driver: CountedDriver<Driver>.self, events: events, accepting: accepted)
      let elapsed = started.duration(to: clock.now)
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      let rate = Double(EventCounter.events) / max(seconds, 1e-9)
      if rate > best {
        best = rate
        let findings = found.map(\.message).joined(separator: "\n")
        figures =
          "\(EventCounter.events) events in \(EventCounter.scenarios) scenarios, "
          + String(format: "%.3f s, %.0f events a second", seconds, rate)
          + (found.isEmpty ? "" : ", \(found.count) found:\n\(findings)\n")
      }
    }
    print("exploration of \(name): \(figures) (best of \(max(1, runs)), budget \(events))")
    return best
  }
}

/// The events and scenario starts a counted driver has seen since the last reset.
@MainActor
enum EventCounter {
  static var events = 0
  static var scenarios = 0

  static func reset() {
    events = 0
    scenarios = 0
  }
}

/// A driver that counts what it forwards to `Wrapped`: each scenario it starts and each
/// event it sends; the observation and what cannot be observed are the wrapped driver's.
struct CountedDriver<Wrapped: FlowDriver>: FlowDriver {
  var wrapped: Wrapped

  static var unobservable: Set<ExpectationKey> { Wrapped.unobservable }

  init(start: ScenarioStart) async throws {
    wrapped = try await Wrapped(start: start)
    EventCounter.scenarios += 1
  }

  mutating func send(_ event: NavigationEvent) async throws {
    EventCounter.events += 1
    var driver = wrapped
    try await driver.send(event)
    wrapped = driver
  }

  func observe() async -> Observation {
    await wrapped.observe()
  }
}
