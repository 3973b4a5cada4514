// swift-tools-version: 6.1
// flowspec: navigation flows as YAML, checked like code and run as Swift Testing cases.
//
// The targets form one pipeline; each depends only on the stages before it:
//
//   CLibYAML → FlowYAML → FlowModel → FlowChecker ─┐
//                                   → FlowRuntime → FlowChecklist → FlowDriving  → FlowSpec → FlowCLI → flowc
//                                                               → FlowCoverage ↗
//                                                                                     → FlowSpecTesting
//
// FlowDiagnostics (located diagnostics and their printer) is shared by every stage;
// FlowFileSystem (POSIX file calls and folder watching) serves FlowSpec and the CLI.
// FlowParallel (above FlowYAML) holds what only large flows need; small ones never reach it.

import PackageDescription

/// Where UIKit does not exist, and its stand-ins are used.
let nonUIKitPlatforms: [Platform] = [.linux, .macOS, .windows, .android, .wasi, .openbsd]

let package = Package(
  name: "flowspec",
  products: [
    // What a test target imports: FlowSpec, and FlowSpecTesting, through which the generated
    // tests record failures with Swift Testing (flowc, which links FlowSpec, never links it).
    .library(name: "FlowSpec", targets: ["FlowSpec", "FlowSpecTesting"]),
    // UIKit's names and shapes for navigation code, where UIKit does not exist (Linux, macOS).
    .library(name: "UIKitStandIns", targets: ["UIKitStandIns"]),
    .executable(name: "flowc", targets: ["flowc"]),
    .plugin(name: "FlowSpecPlugin", targets: ["FlowSpecPlugin"]),
  ],
  targets: [
    // libyaml 0.2.x from the system (Debian: libyaml-dev).
    .systemLibrary(
      name: "CLibYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // Located diagnostics, their ids, and how they are printed.
    .target(name: "FlowDiagnostics"),
    // POSIX file calls: reads with a limit, atomic writes and rewrites that keep a file's
    // links and mode, folder listings, and waiting for a folder to change (inotify).
    .target(name: "FlowFileSystem"),
    // libyaml's events → a flat tree of located YAML nodes, with hard limits.
    .target(name: "FlowYAML", dependencies: ["CLibYAML", "FlowDiagnostics"]),
    // What serves only large flows, apart from the plain path small ones take: work split
    // over cores on threads with large stacks, the two-halves parse, huge pages.
    .target(name: "FlowParallel", dependencies: ["FlowYAML", "FlowDiagnostics"]),
    // The flow vocabulary (screens, nav bars, alerts, operations, checklist) and its decoder.
    .target(name: "FlowModel", dependencies: ["FlowYAML", "FlowParallel", "FlowDiagnostics"]),
    // Static rules over a decoded flow: references, reachability, UIKit constraints.
    .target(name: "FlowChecker", dependencies: ["FlowModel", "FlowParallel", "FlowDiagnostics"]),
    // The headless navigation controller that executes a flow.
    .target(name: "FlowRuntime", dependencies: ["FlowModel", "FlowDiagnostics"]),
    // Runs checklist items against the runtime; what is observed and how two observations
    // differ; honest marks.
    .target(
      name: "FlowChecklist", dependencies: ["FlowModel", "FlowRuntime", "FlowDiagnostics"]),
    // What a checklist leaves untested: the coverage targets its items reach, and items
    // suggested for the rest (shortest paths through the interpreter).
    .target(
      name: "FlowCoverage",
      dependencies: ["FlowModel", "FlowRuntime", "FlowChecklist", "FlowDiagnostics"]),
    // Properties proved over every reachable state (`flowc verify`): the built-in ones, the
    // flow's own, and a shortest counterexample for each that fails.
    .target(
      name: "FlowVerification",
      dependencies: ["FlowModel", "FlowRuntime", "FlowChecklist", "FlowDiagnostics"]),
    // What a change to a flow changes (`flowc diff`): declarations compared as behaviour,
    // checklist items run on both versions.
    .target(
      name: "FlowDiff",
      dependencies: [
        "FlowModel", "FlowRuntime", "FlowChecklist", "FlowCoverage", "FlowDiagnostics",
        "FlowVerification",
      ]),
    // The driver API: the app's side of a checklist (FlowDriver, FlowAppDriver), the spies
    // that observe UIKit, SwiftUI paths and requests, running items against an app, and
    // exploring it for differences from its flow.
    .target(
      name: "FlowDriving",
      dependencies: [
        "FlowModel", "FlowRuntime", "FlowChecklist", "FlowDiagnostics",
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms)),
      ]),
    // The reports for CI: diagnostics as SARIF; checklist results as JUnit XML and as an
    // HTML page; dishonest marks as JSON. Each text escaped for its markup.
    .target(
      name: "FlowReports",
      dependencies: ["FlowDiagnostics", "FlowModel", "FlowChecklist", "FlowCoverage"]),
    // Renders a checklist as Swift Testing source.
    .target(name: "FlowGenerator", dependencies: ["FlowModel", "FlowDiagnostics"]),
    // UIKit's names and the navigation part of its API, for code written against UIKit to
    // build and run under test where UIKit does not exist; FlowSpec's spy subclasses it there.
    .target(name: "UIKitStandIns"),
    // The library users import: loads, checks, runs and verifies flows, and spies on apps.
    .target(
      name: "FlowSpec",
      dependencies: [
        "FlowDiagnostics", "FlowFileSystem", "FlowYAML", "FlowParallel", "FlowModel",
        "FlowChecker", "FlowRuntime", "FlowChecklist", "FlowCoverage", "FlowVerification",
        "FlowDriving", "FlowGenerator",
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms)),
      ]
    ),
    // Swift Testing's side of the generated tests: failures recorded as issues at their line
    // in the flow. Empty where Swift Testing cannot be imported (a target that is no test).
    .target(name: "FlowSpecTesting", dependencies: ["FlowSpec"]),
    // `flowc lsp`: a language server over stdio (JSON-RPC framing, UTF-16 positions) that
    // answers from the same documents, checker and checklist runs as `flowc check`.
    .target(
      name: "FlowLanguageServer",
      dependencies: [
        "FlowSpec", "FlowModel", "FlowChecklist", "FlowDiagnostics", "FlowFileSystem", "FlowYAML",
      ]),
    // The command line: argument parsing, commands, printers.
    .target(
      name: "FlowCLI",
      dependencies: [
        "FlowSpec", "FlowFileSystem", "FlowReports", "FlowYAML", "FlowParallel", "FlowGenerator",
        "FlowDiff", "FlowLanguageServer",
      ]),
    .executableTarget(name: "flowc", dependencies: ["FlowCLI"]),
    // Regenerates Swift Testing cases from flows' checklists on every build.
    .plugin(name: "FlowSpecPlugin", capability: .buildTool(), dependencies: ["flowc"]),
    // What each libFuzzer harness runs on one input, apart from the entry point (flowc-fuzz,
    // below), so the tests replay what a fuzzer found.
    .target(
      name: "FlowFuzzTargets", dependencies: ["FlowSpec", "FlowFileSystem", "FlowGenerator"]),
    // Benchmarks that print their figures (see BENCHMARKS.md); run them in release.
    .executableTarget(
      name: "flowc-bench",
      dependencies: [
        "FlowSpec", "FlowFileSystem", "FlowYAML", "FlowGenerator", "CLibYAML", "FlowDiff",
        "FlowLanguageServer",
      ]),

    // Helpers shared by the test targets.
    .target(
      name: "FlowTestSupport", dependencies: ["FlowSpec", "FlowCLI"],
      path: "Tests/FlowTestSupport"),
    .testTarget(name: "FlowYAMLTests", dependencies: ["FlowYAML", "FlowTestSupport"]),
    .testTarget(name: "FlowParallelTests", dependencies: ["FlowParallel", "FlowYAML"]),
    // One test target per module, named after it; the frozen copies of the example flows
    // they share are in Tests/Fixtures (editing flows/ fails only its generated tests).
    .testTarget(
      name: "FlowDiagnosticsTests",
      dependencies: ["FlowDiagnostics", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowModelTests", dependencies: ["FlowModel", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowCheckerTests", dependencies: ["FlowChecker", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowRuntimeTests", dependencies: ["FlowRuntime", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowChecklistTests", dependencies: ["FlowChecklist", "FlowSpec", "FlowTestSupport"]
    ),
    .testTarget(
      name: "FlowLanguageServerTests",
      dependencies: ["FlowLanguageServer", "FlowSpec", "FlowTestSupport"]),
    .testTarget(name: "FlowDiffTests", dependencies: ["FlowDiff", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowVerificationTests",
      dependencies: ["FlowVerification", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowCoverageTests", dependencies: ["FlowCoverage", "FlowSpec", "FlowTestSupport"]),
    .testTarget(
      name: "FlowDrivingTests",
      dependencies: [
        "FlowDriving", "FlowSpec", "FlowTestSupport",
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms)),
      ]),
    .testTarget(
      name: "FlowGeneratorTests",
      dependencies: ["FlowGenerator", "FlowSpec", "FlowFuzzTargets", "FlowTestSupport"],
      exclude: ["References", "Fixtures"]),
    .testTarget(
      name: "FlowFuzzTargetsTests",
      dependencies: ["FlowFuzzTargets", "FlowSpec", "FlowTestSupport"],
      exclude: ["Fixtures"]),
    // The library users import: loading documents and their child flows, the graph, the schema.
    .testTarget(
      name: "FlowSpecTests", dependencies: ["FlowSpec", "FlowFileSystem", "FlowTestSupport"]),
    // The end-to-end tests run the built flowc, which the plugin below needs built anyway.
    .testTarget(
      name: "FlowCLITests",
      dependencies: ["FlowCLI", "FlowReports", "FlowLanguageServer", "FlowTestSupport"]),
    // The first article's NavigationService, as an app would write it, and its tests: the
    // checklist of flows/navigation-service.yaml run against it through a driver.
    .target(
      name: "ExampleNavigationService",
      dependencies: [
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms))
      ],
      path: "Examples/NavigationServiceApp"),
    .testTarget(
      name: "ExampleNavigationServiceTests",
      dependencies: [
        "ExampleNavigationService", "FlowSpec", "FlowSpecTesting", "FlowTestSupport",
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms)),
      ],
      path: "Examples/NavigationServiceAppTests", exclude: ["flowspec.json"],
      plugins: ["FlowSpecPlugin"]),
    // The last article's router and view models, their Route enum generated from
    // flows/shop.yaml by the plugin, and the checklist run against them through path spies.
    .target(
      name: "ExampleShop", path: "Examples/ShopApp", exclude: ["flowspec.json"],
      plugins: ["FlowSpecPlugin"]),
    .testTarget(
      name: "ExampleShopTests",
      dependencies: ["ExampleShop", "FlowSpec", "FlowSpecTesting", "FlowTestSupport"],
      path: "Examples/ShopAppTests", exclude: ["flowspec.json"], plugins: ["FlowSpecPlugin"]),
    // The second article's router and coordinators over UIKit (its stand-ins here), and the
    // checklist of flows/coordinator.yaml and its child flows run against them.
    .target(
      name: "ExampleCoordinator",
      dependencies: [
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms))
      ],
      path: "Examples/CoordinatorApp"),
    .testTarget(
      name: "ExampleCoordinatorTests",
      dependencies: [
        "ExampleCoordinator", "FlowSpec", "FlowSpecTesting", "FlowTestSupport",
        .target(name: "UIKitStandIns", condition: .when(platforms: nonUIKitPlatforms)),
      ],
      path: "Examples/CoordinatorAppTests", exclude: ["flowspec.json"],
      plugins: ["FlowSpecPlugin"]),
    // The fourth article's task list over UIPilot, its routes generated from flows/todo.yaml,
    // and the checklist run against its view models through a path spy.
    .target(
      name: "ExampleTodo", path: "Examples/TodoApp", exclude: ["flowspec.json"],
      plugins: ["FlowSpecPlugin"]),
    .testTarget(
      name: "ExampleTodoTests",
      dependencies: ["ExampleTodo", "FlowSpec", "FlowSpecTesting", "FlowTestSupport"],
      path: "Examples/TodoAppTests", exclude: ["flowspec.json"], plugins: ["FlowSpecPlugin"]),
    // The third article's RestaurantViewModel, its service's requests resolved by the
    // checklist of flows/restaurants.yaml through a request spy, its view's flags observed.
    .target(name: "ExampleRestaurants", path: "Examples/RestaurantApp"),
    .testTarget(
      name: "ExampleRestaurantsTests",
      dependencies: ["ExampleRestaurants", "FlowSpec", "FlowSpecTesting", "FlowTestSupport"],
      path: "Examples/RestaurantAppTests", exclude: ["flowspec.json"],
      plugins: ["FlowSpecPlugin"]),
    // The checklists of flows/, turned into Swift Testing cases by the plugin on every build.
    .testTarget(
      name: "ExampleFlowsTests", dependencies: ["FlowSpec", "FlowSpecTesting"],
      exclude: ["flowspec.json"],
      plugins: ["FlowSpecPlugin"]),
  ]
)

// libFuzzer harnesses (.ci/fuzz), only when asked: they link only with --sanitize=fuzzer,
// which supplies their `main`. That build compiles every tool the plugin needs with the
// same flag, and flowc (with a `main` of its own) could then not link: the targets that use
// the plugin, which a fuzz build never needs, are left out of it.
if Context.environment["FLOWSPEC_FUZZ"] == "1" {
  package.targets.removeAll { !($0.plugins ?? []).isEmpty }
  package.targets.append(
    .executableTarget(
      name: "flowc-fuzz", dependencies: ["FlowFuzzTargets", "FlowSpec"],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
