import Foundation
import Testing

/// The programs beyond Swift and libyaml that some tests need, declared in one place.
///
/// A test that needs one is enabled where the program is installed and skipped, with the
/// reason, where it is not; where CI requires them (`FLOWSPEC_REQUIRE_TOOLS=1`, set by
/// `.ci/run`, which installs them), it runs anyway and fails saying what is missing.
public enum ExternalProgram: String, CaseIterable, Sendable {
  /// Graphviz's `dot`, for `flowc graph --output FILE.svg` and the HTML report's diagram.
  case graphviz
  /// A headless Chromium, to check the HTML report in a real browser.
  case chromium
  /// git, for `flowc diff --git REF`.
  case git
  /// Neovim, whose built-in LSP client is a real client of `flowc lsp`.
  case neovim

  /// The names the program goes by on `PATH`.
  private var names: [String] {
    switch self {
    case .graphviz: ["dot"]
    case .chromium: ["chromium", "chromium-browser", "google-chrome"]
    case .git: ["git"]
    case .neovim: ["nvim"]
    }
  }

  /// How to install it, for the skip's reason.
  private var install: String {
    switch self {
    case .graphviz: "apt-get install graphviz, or brew install graphviz"
    case .chromium: "apt-get install chromium"
    case .git: "apt-get install git"
    case .neovim: "apt-get install neovim, or brew install neovim"
    }
  }

  /// Where the program is, when this machine has it.
  public var path: String? { Self.found[self] ?? nil }

  private static let found: [ExternalProgram: String?] = Dictionary(
    uniqueKeysWithValues: allCases.map { program in
      let path = program.names.lazy.compactMap { name -> String? in
        guard
          let result = try? runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["sh", "-c", "command -v \(name)"]),
          result.status == 0
        else { return nil }
        let found = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return found.isEmpty ? nil : found
      }.first
      return (program, path)
    })

  /// Whether CI requires every program, so that a missing one fails instead of skipping.
  public static let required =
    ProcessInfo.processInfo.environment["FLOWSPEC_REQUIRE_TOOLS"] == "1"
    || ProcessInfo.processInfo.environment["FLOWSPEC_REQUIRE_BROWSER"] == "1"

  /// The trait a test that needs this program takes: skipped, saying why, where it is absent
  /// and not required.
  public var needed: ConditionTrait {
    .enabled(
      if: path != nil || Self.required,
      Comment(rawValue: "needs \(rawValue), which is not installed (\(install))"))
  }
}
