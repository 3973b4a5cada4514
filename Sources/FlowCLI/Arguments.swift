import FlowDiagnostics

/// An option a command accepts.
struct OptionSpec {
  /// The long name, without `--`.
  var name: String
  /// The value's placeholder in help (`FORMAT`), or `nil` for a flag.
  var valueName: String?
  var help: String
  /// Whether the option may be given more than once.
  var repeatable = false
}

/// What a command accepts and says about itself in `--help`.
struct CommandSpec {
  var name: String
  /// One line for the command table.
  var abstract: String
  /// The usage line after `flowc`.
  var usage: String
  var discussion: String = ""
  var options: [OptionSpec]
  /// The positional arguments' help lines: (name, help).
  var arguments: [(String, String)] = []
  var examples: [String] = []

  /// The `--help` text.
  var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: flowc \(usage)\n"
    if !discussion.isEmpty { text += "\n" + discussion + "\n" }
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in arguments { text += Self.row(name, help) }
    }
    text += "\nOPTIONS:\n"
    for option in options {
      let left = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
      text += Self.row(left, option.help)
    }
    text += Self.row("-h, --help", "Show this help.")
    if !examples.isEmpty {
      text += "\nEXAMPLES:\n" + examples.map { "  \($0)\n" }.joined()
    }
    return text
  }

  private static func row(_ left: String, _ right: String) -> String {
    let padded =
      left.count < 28
      ? left + String(repeating: " ", count: 28 - left.count)
      : left + "\n" + String(repeating: " ", count: 30)
    return "  " + padded + right + "\n"
  }
}

/// A command line split into options and positional arguments.
struct ParsedArguments {
  var flags: Set<String> = []
  var values: [String: [String]] = [:]
  var positionals: [String] = []
  var wantsHelp = false

  func has(_ flag: String) -> Bool { flags.contains(flag) }
  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }

  /// Parses `--name value`, `--name=value`, flags, `--` and positionals against a spec.
  init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        wantsHelp = true
        continue
      }
      guard argument.hasPrefix("--") else {
        throw UsageError(message: "unknown option '\(argument)'")
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        // `--states` for `--max-states`: an option whose last word is the one given.
        let suggestion =
          Suggestion.closest(to: name, among: spec.options.map(\.name) + ["help"])
          ?? spec.options.map(\.name).first { $0.hasSuffix("-" + name) }
        throw UsageError(
          message: "unknown option '--\(name)'"
            + (suggestion.map { "; did you mean '--\($0)'?" } ?? ""))
      }
      if option.valueName == nil {
        guard inlineValue == nil else { throw UsageError(message: "'--\(name)' takes no value") }
        flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else {
          throw UsageError(message: "'--\(name)' needs a value (\(option.valueName!))")
        }
        value = arguments[index]
        index += 1
      }
      if !option.repeatable, values[name] != nil {
        throw UsageError(message: "'--\(name)' is given twice")
      }
      values[name, default: []].append(value)
    }
  }

  /// The value of an option that must be one of some words.
  func choice(_ name: String, among options: [String], default defaultValue: String)
    throws(UsageError) -> String
  {
    guard let value = value(name) else { return defaultValue }
    guard options.contains(value) else {
      throw UsageError(
        message: "'--\(name)' must be \(DiagnosticMessage.list(options)), not '\(value)'")
    }
    return value
  }

  /// The value of an option that must be a positive whole number.
  func positiveInteger(_ name: String) throws(UsageError) -> Int? {
    try wholeNumber(name, least: 1, "a positive whole number")
  }

  /// An option's value as a whole number of 0 or more, if given.
  func count(_ name: String) throws(UsageError) -> Int? {
    try wholeNumber(name, least: 0, "a whole number (0 or more)")
  }

  /// Whether `text` spells a whole number (a sign, then digits) that an Int cannot hold.
  static func isWholeNumberBeyondInt(_ text: String) -> Bool {
    let digits = text.hasPrefix("+") || text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    return Int(text) == nil && !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
  }

  /// An option's value as a whole number of `least` or more, if given; `kind` names what it
  /// must be. A number too large for an Int is told as such, not as no number.
  private func wholeNumber(_ name: String, least: Int, _ kind: String) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text) else {
      if Self.isWholeNumberBeyondInt(text), !text.hasPrefix("-") {
        throw UsageError(message: "'--\(name)' is too large: at most \(Int.max), not '\(text)'")
      }
      throw UsageError(message: "'--\(name)' must be \(kind), not '\(text)'")
    }
    guard number >= least else {
      throw UsageError(message: "'--\(name)' must be \(kind), not '\(text)'")
    }
    return number
  }
}
