import FlowDiagnostics

/// The YAML front end's diagnostics.
extension DiagnosticMessage {
  static func yamlSyntax(_ problem: String) -> Self {
    Self("yaml.syntax", .error, problem)
  }
  static func tabIndentation() -> Self {
    Self(
      "yaml.tab-indentation", .error, "tab character in indentation; YAML indents with spaces only")
  }
  static func blockScalarDedent(headerLine: Int, indentation: Int) -> Self {
    Self(
      "yaml.block-dedent", .error,
      "this line is indented less than the first line of the '|' block from line \(headerLine) (\(indentation) spaces), so the block ended before it: indent it \(indentation) spaces, as every line of the block, or indent the block's first line as this one"
    )
  }
  static func unquotedChecklistItem() -> Self {
    Self(
      "yaml.unquoted-checklist-item", .error,
      "a checklist item like '[ ] text:' must be quoted, as in '\"[ ] text\":', because YAML reads '[' as the start of a list; or write the checklist as a literal block ('spec: |')"
    )
  }
  static func invalidEncoding(_ problem: String) -> Self {
    Self("yaml.encoding", .error, "\(problem); flow files must be UTF-8")
  }
  static func foreignEncoding(_ encoding: String) -> Self {
    Self(
      "yaml.encoding", .error,
      "the file is \(encoding) text; flow files must be UTF-8: convert it, for example with 'iconv -f \(encoding.prefix(6)) -t UTF-8 FILE > FILE.utf8', then replace the file"
    )
  }
  static func duplicateKey(_ key: String) -> Self {
    Self("yaml.duplicate-key", .error, "duplicate key '\(key)' in this mapping")
  }
  static func undefinedAlias(_ name: String) -> Self {
    Self(
      "yaml.undefined-alias", .error,
      "alias '*\(name)' names no anchor; define '&\(name)' before using it")
  }
  static func recursiveAlias(_ name: String) -> Self {
    Self(
      "yaml.recursive-alias", .error,
      "alias '*\(name)' is inside its own anchor '&\(name)', which would make an endless structure")
  }
  static func secondDocument() -> Self {
    Self(
      "yaml.multiple-documents", .error,
      "a flow file holds one YAML document; remove this '---' and what follows, or move it to its own file"
    )
  }
  static func tooDeep(_ limit: Int) -> Self {
    Self(
      "yaml.limit.depth", .error,
      "nesting deeper than \(limit) levels; flatten the file or raise the limit with --max-depth")
  }
  static func tooManyAliasExpansions(_ limit: Int) -> Self {
    Self(
      "yaml.limit.aliases", .error,
      "aliases expand to more than \(limit) nodes; this looks like an alias bomb (raise the limit with --max-alias-expansion if it is not)"
    )
  }
  static func scalarTooLong(_ length: Int, _ limit: Int) -> Self {
    Self(
      "yaml.limit.scalar", .error,
      "a value of \(length) bytes is longer than the limit of \(limit) bytes (raise it with --max-scalar-length)"
    )
  }
  /// Also reported by `FlowDocument.load`, which does not read a file over the limit.
  package static func fileTooLarge(_ size: Int, _ limit: Int) -> Self {
    Self(
      "yaml.limit.file-size", .error,
      "the file is \(size) bytes, more than the limit of \(limit) bytes (raise it with --max-file-size)"
    )
  }
  static func complexKey() -> Self {
    Self("yaml.complex-key", .error, "a mapping key must be a plain value, not a list or a mapping")
  }
  static func badMerge() -> Self {
    Self("yaml.merge", .error, "'<<' merges a mapping or a list of mappings into this one")
  }
  static func unsupportedTag(_ tag: String) -> Self {
    Self("yaml.tag", .warning, "tag '\(tag)' is ignored; flowspec reads the value as written")
  }
}
