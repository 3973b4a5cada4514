// The FlowSpec library is the one module users import: it re-exports every stage, so
// `import FlowSpec` gives the model, the runtime, the checker and the diagnostics.
@_exported import FlowChecker
@_exported import FlowChecklist
@_exported import FlowDiagnostics
@_exported import FlowGenerator
@_exported import FlowModel
@_exported import FlowRuntime
@_exported import FlowYAML
