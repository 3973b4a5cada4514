import Foundation
import Testing

/// Tests that build and test a package of their own with a nested `swift` (the build-tool
/// plugin end to end, `flowc init`'s package): minutes on 2 cores, so the default `swift test`
/// leaves them out, saying how to run them; `.ci/run` sets `FLOWSPEC_E2E=1`, and runs them.
public enum EndToEnd {
  /// Whether nested package builds were asked for (`FLOWSPEC_E2E=1`).
  public static var isEnabled: Bool {
    ProcessInfo.processInfo.environment["FLOWSPEC_E2E"] == "1"
  }

  /// The trait of a suite of nested package builds: skipped, saying why, unless asked for.
  public static var needed: ConditionTrait {
    .enabled(
      if: isEnabled,
      "builds a package of its own with a nested swift, minutes on 2 cores: FLOWSPEC_E2E=1 swift test runs it, as CI does"
    )
  }
}
