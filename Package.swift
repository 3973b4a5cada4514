// swift-tools-version: 6.1
// flowspec: navigation flows as YAML, checked like code and run as Swift Testing cases.
//
// The targets form one pipeline; each depends only on the stages before it:
//
//   CLibYAML → FlowYAML → FlowModel → FlowChecker ─┐
//                                   → FlowRuntime → FlowChecklist → FlowSpec → FlowCLI → flowc
//
// FlowDiagnostics (located diagnostics and their printer) is shared by every stage.

import PackageDescription

let package = Package(
  name: "flowspec",
  products: [
    .library(name: "FlowSpec", targets: ["FlowSpec"]),
    .executable(name: "flowc", targets: ["flowc"]),
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
    // libyaml's events → a flat tree of located YAML nodes, with hard limits.
    .target(name: "FlowYAML", dependencies: ["CLibYAML", "FlowDiagnostics"]),
    // The flow vocabulary (screens, nav bars, alerts, operations, checklist) and its decoder.
    .target(name: "FlowModel", dependencies: ["FlowYAML", "FlowDiagnostics"]),
    // Static rules over a decoded flow: references, reachability, UIKit constraints.
    .target(name: "FlowChecker", dependencies: ["FlowModel", "FlowDiagnostics"]),
    // The headless navigation controller that executes a flow.
    .target(name: "FlowRuntime", dependencies: ["FlowModel", "FlowDiagnostics"]),
    // Runs checklist items against the runtime.
    .target(
      name: "FlowChecklist", dependencies: ["FlowModel", "FlowRuntime", "FlowDiagnostics"]),
    // The library users import: loads, checks, runs and verifies flows.
    .target(
      name: "FlowSpec",
      dependencies: [
        "FlowDiagnostics", "FlowYAML", "FlowModel", "FlowChecker", "FlowRuntime", "FlowChecklist",
      ]
    ),
    // The command line: argument parsing, commands, printers.
    .target(name: "FlowCLI", dependencies: ["FlowSpec"]),
    .executableTarget(name: "flowc", dependencies: ["FlowCLI"]),
    // Benchmarks that print their figures (see BENCHMARKS.md); run them in release.
    .executableTarget(name: "flowc-bench", dependencies: ["FlowSpec", "CLibYAML"]),

    // Helpers shared by the test targets.
    .target(
      name: "FlowTestSupport", dependencies: ["FlowSpec", "FlowCLI"],
      path: "Tests/FlowTestSupport"),
    .testTarget(name: "FlowYAMLTests", dependencies: ["FlowYAML", "FlowTestSupport"]),
    .testTarget(name: "FlowSpecTests", dependencies: ["FlowSpec", "FlowTestSupport"]),
    .testTarget(name: "FlowCLITests", dependencies: ["FlowCLI", "flowc", "FlowTestSupport"]),
  ]
)
