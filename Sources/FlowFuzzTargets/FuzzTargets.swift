import FlowFileSystem
import FlowGenerator
public import FlowSpec

/// What one fuzz input is fed to; `FLOWC_FUZZ_TARGET` chooses (default `check`).
///
/// The targets are plain code, apart from libFuzzer's entry point (`flowc-fuzz`), so the
/// tests replay every input a fuzzer found (Tests/FlowFuzzTargetsTests/Fixtures/fuzz/<target>/)
/// through exactly what the fuzzer ran.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// The whole of `flowc check`: parse, decode, check, run the marked checklist items.
  case check
  /// The input as a checklist block under a valid flow: the block parser and the runner.
  case checklist
  /// The mark rewriter: its output differs from its input only in marks, and is final.
  case marks
  /// The interpreter on the example flows, sent the events the input's bytes pick.
  case events
  /// The generators on a flow `check` accepts: the Swift they write holds input text only
  /// in comments and literals that end where they should, and embeds the flow exactly.
  case generate
}

/// The flow a checklist input is placed under.
let checklistHeader = """
  flow: Fuzz
  state: { isLogin: false, count: 0 }
  start: { setRoot: Home }
  screens:
    Home:
      navBar: { title: Home, right: { image: plus, action: add } }
      on:
        add: { push: Detail, with: { id: 1 } }
        ask: { present: Sure }
    Detail:
      params: { id: Int }
      on: { back: pop }
  alerts:
    Sure: { title: Sure?, actions: [{ title: Yes, do: { set: { isLogin: true } } }, { title: No, style: cancel }] }
  spec: |

  """

/// The programs of the flows in a folder (`.yaml` files, not below it), which the `events`
/// target runs; flows with errors are left out.
public func fuzzPrograms(inFolder folder: String) -> [NavigationProgram] {
  guard let names = try? FileSystem.contents(ofDirectory: folder) else { return [] }
  return names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap { name in
    (try? FlowDocument.load(path: folder + "/" + name).validTree).map {
      NavigationProgram(tree: $0)
    }
  }
}

/// How far one input went into its target: an input a target turns away before its checks
/// (a flow with errors for `generate`, no mark to rewrite for `marks`) tests nothing of them.
public enum FuzzReach: Sendable, Equatable {
  /// The target's invariants were checked on the input.
  case checked
  /// The target stopped before its invariants, for this reason.
  case turnedAway(String)
}

/// Runs one input; a broken invariant stops the process, which libFuzzer reports.
@discardableResult
public func fuzz(_ bytes: [UInt8], target: FuzzTarget, programs: [NavigationProgram]) -> FuzzReach {
  switch target {
  case .check:
    _ = FlowDocument(bytes: bytes, path: "fuzz.yaml").runningChecklist().diagnostics.count
    return .checked
  case .checklist:
    _ =
      FlowDocument(source: checklistSource(bytes), path: "fuzz.yaml").runningChecklist()
      .diagnostics.count
    return .checked
  case .marks:
    return checkMarks(checklistSource(bytes))
  case .events:
    guard !programs.isEmpty, let first = bytes.first else { return .turnedAway("no program") }
    let program = programs[Int(first) % programs.count]
    guard var navigator = try? Navigator(program: program) else {
      return .turnedAway("the flow does not start")
    }
    var sent = 0
    for byte in bytes.dropFirst() {
      let events = navigator.availableEvents
      guard !events.isEmpty else { break }
      _ = try? navigator.send(events[Int(byte) % events.count])
      sent += 1
      _ = navigator.stack.count + (navigator.presented == nil ? 0 : 1)
    }
    // The whole log once, at the end: read after every event it would cost the square.
    _ = navigator.observationForFuzzing
    return sent > 0 ? .checked : .turnedAway("no event sent")
  case .generate:
    return checkGenerated(bytes)
  }
}

/// The input's lines indented under `spec: |`, as a checklist block. Bytes that are not
/// UTF-8 are repaired first, so the block parser, not the encoding check, reads every input.
func checklistSource(_ bytes: [UInt8]) -> String {
  var source = Array(checklistHeader.utf8)
  source.reserveCapacity(source.count + bytes.count + bytes.count / 4 + 3)
  source += "  ".utf8
  for byte in bytes {
    source.append(byte)
    if byte == UInt8(ascii: "\n") { source += "  ".utf8 }
  }
  source.append(UInt8(ascii: "\n"))
  // A line feed ends any malformed sequence, so repairing here repairs what each line had.
  return String(decoding: source, as: UTF8.self)
}

/// A text's lines as flowc numbers them: cut at every line feed byte. (Splitting the String
/// on "\n" would not cut "\r\n", one Character to Swift, and would number lines after it
/// one short.)
func lines(_ text: String) -> [String] {
  text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
}

/// The rewriter changes only marks, and what it writes needs no further change.
func checkMarks(_ source: String) -> FuzzReach {
  let document = FlowDocument(source: source, path: "fuzz.yaml").runningChecklist()
  let changes = MarkRewriter.changes(for: document.checklistResults)
  guard !changes.isEmpty else { return .turnedAway("no mark to rewrite") }
  guard let rewritten = try? MarkRewriter.apply(changes, to: document.text) else {
    return .turnedAway("the rewriter refused the marks")
  }
  let before = lines(source)
  let after = lines(String(decoding: rewritten, as: UTF8.self))
  precondition(before.count == after.count, "the rewriter added or removed lines")
  let changedLines = Set(changes.map(\.range.start.line))
  for (index, (old, new)) in zip(before, after).enumerated() where old != new {
    precondition(changedLines.contains(index + 1), "line \(index + 1) changed without a mark")
    let strip = { (line: String) in
      line[...].replacingMarks()
    }
    precondition(strip(old) == strip(new), "line \(index + 1) changed beyond its mark")
  }
  let again = FlowDocument(bytes: rewritten, path: "fuzz.yaml").runningChecklist()
  precondition(
    MarkRewriter.changes(for: again.checklistResults).isEmpty, "the rewritten marks are not final")
  return .checked
}

extension Substring {
  /// The line with its first mark (`[ ]`, `[x]`, `[✅]`, …) taken out.
  fileprivate func replacingMarks() -> String {
    guard let open = firstIndex(of: "["), let close = self[open...].firstIndex(of: "]") else {
      return String(self)
    }
    return String(self[..<open]) + String(self[index(after: close)...])
  }
}

extension Navigator {
  /// Reads every part of what the navigator shows, as a test would.
  fileprivate var observationForFuzzing: Int {
    stack.count + (presented == nil ? 0 : 1) + log.count + pendingRequests.count
  }
}

/// The checklist tests and the routes generated from a flow `check` accepts keep input text
/// inside their comments and literals: as many `@Test`s as items and properties (and the
/// exploration's), the flow embedded byte for byte, no line terminator or control character
/// raw.
func checkGenerated(_ bytes: [UInt8]) -> FuzzReach {
  // A file name with line terminators in it, as a hostile pull request may add.
  let document = FlowDocument(
    bytes: bytes, path: "/fuzz/fu\u{2028}zz\r\n*/.yaml", files: .embedded([:]))
  guard let flow = document.validFlow else { return .turnedAway("the flow has errors") }
  let tests = ChecklistTestGenerator.render(
    flow, source: document.text,
    options: .init(
      filePath: document.path, typeName: "FuzzChecklist", driver: SwiftTypeReference("Driver")))
  let shape = GeneratedSwiftShape(tests)
  precondition(shape.problems.isEmpty, "generated tests: \(shape.problems)")
  let items = flow.checklist?.entries.count ?? 0
  let properties = ChecklistTestGenerator.propertyNames(of: flow, builtIns: true).count
  precondition(
    shape.testAttributes == items + properties + 1,
    "generated tests: \(shape.testAttributes) @Test for \(items) items and \(properties) properties"
  )
  precondition(
    shape.rawStrings == [String(decoding: bytes, as: UTF8.self)],
    "generated tests: the embedded flow differs from the file")
  let routes = GeneratedSwiftShape(RouteGenerator.render(flow, fileName: document.path))
  precondition(routes.problems.isEmpty, "generated routes: \(routes.problems)")
  precondition(routes.testAttributes == 0, "generated routes: a @Test")
  return .checked
}
