// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "flowspec",
    targets: [
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "FlowDiagnostics"),
        .target(name: "FlowYAML", dependencies: ["CLibYAML", "FlowDiagnostics"]),
        .target(name: "FlowModel", dependencies: ["FlowYAML", "FlowDiagnostics"]),
        .target(name: "FlowChecker", dependencies: ["FlowModel", "FlowDiagnostics"]),
        .target(name: "FlowSpec", dependencies: ["FlowDiagnostics", "FlowYAML", "FlowModel", "FlowChecker"]),
        .testTarget(name: "FlowYAMLTests", dependencies: ["FlowYAML"]),
    ]
)
