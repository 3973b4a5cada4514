import FlowDiagnostics

/// The decoder's diagnostics: the shape of the file against the flow vocabulary.
extension DiagnosticMessage {
  static func decimalNumber(_ text: String) -> Self {
    Self(
      "model.decimal-number", .warning,
      "'\(text)' is read as text: flowspec's numbers are whole (Int); write a whole number, or quote it (\"\(text)\") to say it is text"
    )
  }
  static func unknownKey(_ key: String, in subject: String, suggestion: String?, allowed: [String])
    -> Self
  {
    let hint =
      if let suggestion { "did you mean '\(suggestion)'?" } else {
        "expected \(Self.list(allowed))"
      }
    return Self("model.unknown-key", .error, "unknown key '\(key)' in \(subject); \(hint)")
  }
  static func eventNamedLikeArm(_ name: String) -> Self {
    Self(
      "model.event-named-like-arm", .warning,
      "an event named '\(name)' is handled here; if this '\(name):' is an arm of the 'if' above, indent it as far as that 'if:'"
    )
  }
  static func wrongType(_ subject: String, expected: String, found: String, hint: String? = nil)
    -> Self
  {
    Self(
      "model.wrong-type", .error,
      "\(subject) must be \(expected), found \(found)" + (hint.map { " (\($0))" } ?? ""))
  }
  static func missingKey(_ key: String, in subject: String, hint: String) -> Self {
    Self("model.missing-key", .error, "\(subject) needs '\(key)': \(hint)")
  }
  static func invalidChoice(
    _ value: String, for subject: String, options: [String], suggestion: String?
  ) -> Self {
    let hint = suggestion.map { "did you mean '\($0)'?" } ?? "expected \(Self.list(options))"
    return Self("model.invalid-value", .error, "'\(value)' is not \(subject); \(hint)")
  }
  /// A number no Int holds: where a value goes (`subject` nil), it may have been meant as
  /// text; where a whole number goes, `subject` names what needs one.
  static func numberOutOfRange(_ value: String, in subject: String? = nil) -> Self {
    let range = "is beyond an Int's range (\(Int.min) to \(Int.max))"
    return Self(
      "model.number-range", .error,
      subject.map { "\($0) must be a whole number, and the number \(value) \(range)" }
        ?? "the number \(value) \(range); quote it if you mean text")
  }
  static func yaml11Boolean(_ value: String) -> Self {
    Self(
      "model.yaml11-boolean", .error,
      "'\(value)' is not a boolean in flowspec; write true or false (YAML 1.2 reads '\(value)' as text; quote it if you mean text)"
    )
  }
  static func quotedBoolean(_ value: String) -> Self {
    Self(
      "model.quoted-boolean", .error,
      "expected true or false, found the quoted text '\(value)'; remove the quotes")
  }
  static func emptyValue(_ subject: String) -> Self {
    Self("model.empty-value", .error, "\(subject) is empty")
  }
  static func emptyFile() -> Self {
    Self(
      "model.empty-file", .error,
      "the file holds no flow; start it with 'flow: Name', then 'start:' and 'screens:'")
  }
  static func noOperation(found keys: [String]) -> Self {
    let found = keys.isEmpty ? "an empty mapping" : "only \(Self.list(keys))"
    return Self(
      "model.no-operation", .error,
      "expected an operation (\(Self.list(OperationKeyword.allNames))), found \(found)")
  }
  static func severalOperations(_ first: String, _ second: String) -> Self {
    Self(
      "model.several-operations", .error,
      "one operation per mapping, found '\(first)' and '\(second)'; use a list to run several in order"
    )
  }
  static func notAnOperation(_ found: String) -> Self {
    Self(
      "model.not-an-operation", .error,
      "expected an operation such as '{ push: Screen }' or 'pop', found \(found)")
  }
  static func eventWithoutOperation(_ event: String) -> Self {
    Self(
      "model.not-an-operation", .error,
      "event '\(event)' does nothing; give it an operation, such as '{ push: Screen }' or 'pop'")
  }
  static func uselessFalse(_ keyword: String) -> Self {
    Self(
      "model.useless-false", .error,
      "'\(keyword): false' does nothing; remove the operation instead")
  }
  static func startModifierWithoutPresentation(_ key: String) -> Self {
    let why =
      key == "animated"
      ? "its start makes the navigation calls, each with its own 'animated'"
      : "it runs on this navigation stack; 'stack' says whether a presented child has one of its own"
    return Self(
      "model.start-modifier", .warning,
      "'\(key)' does nothing on a child flow started without 'presented:': \(why)")
  }
  static func emptyOperationList() -> Self {
    Self("model.empty-list", .warning, "an empty list of operations does nothing")
  }
  static func invalidReference(_ text: String) -> Self {
    Self(
      "model.invalid-reference", .error,
      "'\(text)' is not a reference; write '$' followed by a name, such as '$info'")
  }
  static func bothImageAndTitle() -> Self {
    Self(
      "model.image-and-title", .warning,
      "a bar button shows its 'image' and ignores its 'title'; keep one")
  }
}
