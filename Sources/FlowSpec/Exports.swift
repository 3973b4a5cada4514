// What `import FlowSpec` gives a team: the flow model, the checker, the navigator that runs
// a flow, the checklist runner, the property verifier and the driver API for their own navigation code, and
// located diagnostics. The stages behind them stay out of sight: the YAML layer (but for
// its limits, which `FlowDocument` takes), the large-file machinery, the Swift generator.
@_exported import FlowChecker
@_exported import FlowChecklist
@_exported import FlowCoverage
@_exported import FlowDiagnostics
@_exported import FlowDriving
@_exported import FlowModel
@_exported import FlowRuntime
@_exported import FlowVerification

@_exported import struct FlowFileSystem.FileError
@_exported import struct FlowYAML.YAMLLimits
