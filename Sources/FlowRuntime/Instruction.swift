internal import FlowModel

/// An operation compiled for execution: every screen, alert, tab and state name is an index.
indirect enum Instruction: Sendable {
  case setRoot(Target, animated: Bool)
  case push(Target, animated: Bool)
  case reset([Target], animated: Bool)
  case select(Int)
  case pop(animated: Bool)
  case popToRoot(animated: Bool)
  case presentAlert(Int, animated: Bool)
  case presentScreen(Target, ModalStyle, hasNavigation: Bool, animated: Bool)
  case dismiss(animated: Bool)
  case set([StateWrite])
  case add([StateWrite])
  case append([StateWrite])
  case remove([StateWrite])
  /// Writes fields into the records of a list state that hold the matched fields.
  case update([RecordWrite])
  /// Starts the request at this index with one operand per parameter.
  case request(Int, [Operand])
  /// Starts the child flow at this index: its state reset, then these values written;
  /// presented with a stack of its own in this style, or on the current stack.
  case startFlow(Int, [StateWrite], ModalStyle?, animated: Bool, hasNavigation: Bool)
  /// Tells the parent flow the event (by name), with these values.
  case finish(String, [(String, Operand)])
  case branch(Predicate, then: Instruction, otherwise: Instruction?)
  case sequence([Instruction])
  /// Notes that the coverage target with this id was reached, when the navigator records
  /// coverage; does nothing otherwise.
  case probe(Int)
  /// Notes the coverage target with this id (as `probe` does), then runs the instruction: a
  /// handler, or an arm of an `if:`, with its target, without a sequence to walk.
  case probed(Int, Instruction)
  /// A reference the checker would have reported; running it is an error.
  case fail(String)
}

/// A screen to show, with one operand per parameter, in the screen's parameter order.
struct Target: Sendable {
  var screen: Int
  var arguments: [Operand]
  /// The name of a screen the flow does not declare (`screen` is then -1); the checker
  /// reports it, and showing it fails.
  var unknownScreen: String? = nil
}

/// `state[index] = operand`.
struct StateWrite: Sendable {
  var index: Int
  var value: Operand
}

/// One list's `update`: the state's index, the fields a record must hold, those to write.
struct RecordWrite: Sendable {
  var index: Int
  var match: [String: Operand]
  var changes: [String: Operand]
}

/// Where a value comes from when an instruction runs. Indirect: an instruction's operands
/// are read out of their arrays on every event, and a boxed one is copied with one retain.
indirect enum Operand: Sendable {
  case literal(Value)
  /// `$name`: the event's argument of that name, else the context screen's parameter at
  /// `parameter`, else the state at `state`.
  case reference(String, parameter: Int?, state: Int?)
  /// A screen parameter no `with:` gives.
  case missing(parameter: String, screen: String)
  /// An optional parameter no `with:` gives: it has no value.
  case absent
  /// Text with values in it (`"Error {code}"`), each name read as a reference is.
  case text(TextTemplate, [String: Operand])
  /// A record whose fields read values: `{ title: $title, isCompleted: false }`.
  case record([String: Operand])
}

/// A compiled condition.
indirect enum Predicate: Sendable {
  case flag(Int)
  case not(Predicate)
  case equals(Int, Operand)
  case all([Predicate])
  case unknown(String)
}
