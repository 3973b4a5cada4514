import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// A flow whose two items pass but are marked to do, so `--update` always changes it.
private let stale = """
  flow: Stale
  start: { setRoot: Home }
  screens:
    Home: { on: { go: { push: Next } } }
    Next: {}
  spec: |
    ===== STALE
    [ ] Starts at home
        expect { top: Home }
    [ ] Goes next
        when go
        expect { top: Next }

  """

private let updated = stale.replacingOccurrences(of: "[ ]", with: "[✅]")

/// `flowc spec --update` rewrites a user's file: it must respect links, modes and owners,
/// and never leave a half-written file.
@Suite("flowc spec --update respects the file it rewrites")
struct FileRewriteTests {
  @Test("a symbolic link is written through: the target gets the marks, the link stays a link")
  func symbolicLink() throws {
    let folder = try TemporaryFolder()
    let target = try folder.write("real/flow.yaml", stale)
    let link = folder.path + "/flow.yaml"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/flow.yaml")
    let result = flowc(["spec", link, "--update"])
    #expect(result.status == 0, "\(result)")
    #expect(try folder.read("real/flow.yaml") == updated)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/flow.yaml",
      "the link is still a link")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path + "/real") == ["flow.yaml"])
    _ = target
  }

  @Test("a read-only file is refused with the reason, exit 1, and left as it was")
  func readOnly() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", stale)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let result = flowc(["spec", path, "--update"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "flowc: error: \(path): is read-only (mode 0444); it was not rewritten — make it writable (chmod u+w) to let flowc update it\n"
    )
    #expect(try folder.read("flow.yaml") == stale)
    #expect(try permissions(path) == 0o444)
  }

  @Test("a file with hard links is written in place: every link sees the marks, and flowc says so")
  func hardLinks() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", stale)
    let other = folder.path + "/other.yaml"
    try FileManager.default.linkItem(atPath: path, toPath: other)
    let result = flowc(["spec", path, "--update"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("wrote \(path) in place, not atomically: it has 2 hard links\n"))
    #expect(try folder.read("other.yaml") == updated)
    #expect(try folder.read("flow.yaml") == updated)
  }

  @Test("mode, owner and group are kept when the file is replaced", .enabled(if: runsAsRoot))
  func ownerKept() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", stale)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o640, .ownerAccountID: 1234, .groupOwnerAccountID: 4321],
      ofItemAtPath: path)
    let result = flowc(["spec", path, "--update"])
    #expect(result.status == 0, "\(result)")
    #expect(!result.output.contains("in place"), "replaced atomically")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.ownerAccountID] as? Int == 1234)
    #expect(attributes[.groupOwnerAccountID] as? Int == 4321)
    #expect(attributes[.posixPermissions] as? Int == 0o640)
    #expect(try folder.read("flow.yaml") == updated)
  }

  @Test(
    "a user who may write the file but cannot give a new one its owner writes it in place",
    .enabled(if: runsAsRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func ownerNotKeepable() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", stale)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o666, .ownerAccountID: 1234, .groupOwnerAccountID: 1234],
      ofItemAtPath: path)
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      ["--reuid=65534", "--regid=65534", "--clear-groups", flowcPath, "spec", path, "--update"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output.contains(
        "wrote \(path) in place, not atomically: a new file could not keep its owner and group"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.ownerAccountID] as? Int == 1234)
    #expect(try folder.read("flow.yaml") == updated)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["flow.yaml"])
  }

  @Test("a temporary file a killed run left is removed by the next run")
  func staleTemporaryRemoved() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("flow.yaml", stale)
    // A process id no process has: above Linux's and Darwin's largest.
    try folder.write(".flow.yaml.flowc-99999999", "half a file")
    try folder.write(".other.yaml.flowc-99999999", "another file's, kept")
    #expect(flowc(["spec", path, "--update"]).status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        == [".other.yaml.flowc-99999999", "flow.yaml"])
  }

  /// Kills `spec --update` at random moments on a large flow, many times: each time the file
  /// is the old one or the new one, byte for byte. A run killed in the microseconds between
  /// naming its finished temporary file and renaming it over the flow leaves that file, and
  /// the next run removes it; so at most one is ever there, and none at the end.
  @Test("killed at any moment, --update leaves the old file or the new one, never a mix")
  func killedAtRandomMoments() throws {
    let folder = try TemporaryFolder()
    let original = Data(largeStaleFlow().utf8)
    let path = folder.path + "/large.yaml"
    try original.write(to: URL(fileURLWithPath: path))
    let finished = try runProcess(URL(fileURLWithPath: flowcPath), ["spec", path, "--update"])
    #expect(finished.status == 0, "\(finished)")
    let rewritten = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(rewritten != original)

    var fullRun = Double.infinity
    for _ in 0..<3 {
      try original.write(to: URL(fileURLWithPath: path))
      let start = Date()
      _ = try runProcess(URL(fileURLWithPath: flowcPath), ["spec", path, "--update"])
      fullRun = min(fullRun, Date().timeIntervalSince(start))
    }
    var generator = SystemRandomNumberGenerator()
    var outcomes = (old: 0, new: 0, leftovers: 0)
    for run in 0..<killRuns {
      try original.write(to: URL(fileURLWithPath: path))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: flowcPath)
      process.arguments = ["spec", path, "--update"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      // Half the kills anywhere in the run, half near its end, where the file is written.
      let delay =
        run.isMultiple(of: 2)
        ? Double.random(in: 0...fullRun, using: &generator)
        : Double.random(in: (fullRun * 0.6)...(fullRun * 1.2), using: &generator)
      try process.run()
      Thread.sleep(forTimeInterval: delay)
      killWithoutWarning(process.processIdentifier)
      process.waitUntilExit()
      let now = try Data(contentsOf: URL(fileURLWithPath: path))
      if now == original {
        outcomes.old += 1
      } else if now == rewritten {
        outcomes.new += 1
      } else {
        Issue.record("run \(run): killed after \(delay) s, the file is neither old nor new")
        return
      }
      let others = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0 != "large.yaml" }
      #expect(others.count <= 1, "run \(run): \(others)")
      outcomes.leftovers += others.count
    }
    #expect(outcomes.old > 0 && outcomes.new > 0, "the kills span the write: \(outcomes)")
    try original.write(to: URL(fileURLWithPath: path))
    _ = try runProcess(URL(fileURLWithPath: flowcPath), ["spec", path, "--update"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["large.yaml"])
  }
}

/// How many times the kill test kills `flowc`.
private let killRuns = 1000

private var flowcPath: String { productsDirectory.appendingPathComponent("flowc").path }

private func permissions(_ path: String) throws -> Int? {
  try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
}

/// A flow of about 270 KB whose 40 items all pass and are all marked to do: comments make
/// it large, so writing it takes a while, while running it stays quick.
private func largeStaleFlow() -> String {
  var lines = ["flow: Large", "start: { setRoot: S0 }"]
  for line in 0..<3000 {
    lines.append("# padding \(line): the checklist below is rewritten while flowc may be killed")
  }
  lines.append("screens:")
  for screen in 0..<40 {
    lines.append("  S\(screen): { on: { next: { push: S\(screen + 1) } } }")
  }
  lines += ["  S40: {}", "spec: |", "  ===== LARGE"]
  for item in 0..<40 {
    lines += ["  [ ] Item \(item) goes next", "      when next", "      expect { top: S1 }"]
  }
  return lines.joined(separator: "\n") + "\n"
}

@Suite("Files flowc writes of its own")
struct WrittenFileTests {
  @Test("a report, a graph or generated tests written over the flow being read is refused")
  func neverOverTheFlow() throws {
    let folder = try TemporaryFolder()
    let flow =
      "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home: {}\nspec: |\n  [ ] one\n      expect { top: Home }\n"
    let path = try folder.write("a.yaml", flow)
    for arguments in [
      ["spec", path, "--report", "junit", "--output", folder.path + "/./a.yaml"],
      ["graph", path, "--output", path],
      ["gen", path, "--output-file", path],
    ] {
      let result = flowc(arguments)
      #expect(result.status == 2, "\(arguments): \(result)")
      // A graph is refused a .yaml output before that.
      #expect(
        result.errors.contains("being read; writing there would replace it")
          || arguments[0] == "graph", "\(result)")
      #expect(try folder.read("a.yaml") == flow)
    }
  }

  @Test("nor over a child flow or a sibling, which are read too")
  func neverOverAChild() throws {
    let folder = try TemporaryFolder()
    let child = "flow: K\nstart: { push: KA }\nscreens:\n  KA: {}\n"
    try folder.write("k.yaml", child)
    let parent = try folder.write(
      "p.yaml",
      "flow: P\nuse: { K: k.yaml }\nstart: { setRoot: A }\nscreens:\n  A: { on: { go: { start: K } } }\nspec: |\n  [ ] a\n      expect { top: A }\n"
    )
    let sibling = try folder.write("s.yaml", "flow: S\nstart: { setRoot: A }\nscreens:\n  A: {}\n")
    for (arguments, file) in [
      (["spec", parent, "--report", "junit", "--output", folder.path + "/k.yaml"], "k.yaml"),
      (["gen", parent, "--output-file", folder.path + "/k.yaml"], "k.yaml"),
      (["gen", parent, "--sibling", sibling, "--output-file", sibling], "s.yaml"),
    ] {
      let result = flowc(arguments)
      #expect(result.status == 2, "\(arguments): \(result)")
      #expect(try folder.read(file).hasPrefix("flow: "), "\(arguments)")
    }
  }

  @Test("a new file takes the user's umask, as one the shell makes would")
  func umask() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "a.yaml", "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home: {}\n")
    let flowc = productsDirectory.appendingPathComponent("flowc").path
    let result = try runProcess(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c",
        "umask 077 && \"$0\" graph \"$1\" --output \"$2\"/a.dot && umask 002 && \"$0\" graph \"$1\" --output \"$2\"/b.dot",
        flowc, path, folder.path,
      ])
    #expect(result.status == 0, "\(result)")
    func mode(_ name: String) throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: folder.path + "/" + name)[.posixPermissions]
        as? Int
    }
    #expect(try mode("a.dot") == 0o600)
    #expect(try mode("b.dot") == 0o664, "as 'touch' makes it")
  }
}

@Suite("flowc spec --update never loses an edit saved while it runs")
struct ConcurrentEditTests {
  @Test("an edit appended while --update runs is in the file afterwards, 1,000 rounds out of 1,000")
  func appendWhileUpdating() throws {
    try raceEditor(rounds: 1000) { path, edit in
      if let handle = FileHandle(forWritingAtPath: path) {
        handle.seekToEndOfFile()
        handle.write(Data(edit.utf8))
        handle.closeFile()
      }
    }
  }

  @Test("a save renaming a new file over the flow while --update runs is kept, 1,000 of 1,000")
  func renameOverWhileUpdating() throws {
    try raceEditor(rounds: 1000) { path, edit in
      let saved = path + ".editor-save"
      try? (stale + edit).write(toFile: saved, atomically: false, encoding: .utf8)
      _ = rename(saved, path)
    }
  }

  @Test("a save writing the whole flow into it while --update runs is kept, 1,000 of 1,000")
  func overwriteInPlaceWhileUpdating() throws {
    try raceEditor(rounds: 1000) { path, edit in
      // As editors that save in place do: truncate, then write everything.
      if let handle = FileHandle(forWritingAtPath: path) {
        handle.truncateFile(atOffset: 0)
        handle.write(Data((stale + edit).utf8))
        handle.closeFile()
      }
    }
  }

  #if os(Linux)
    @Test("a flow another program holds open for writing is refused after a short wait")
    func heldOpenForWriting() throws {
      let folder = try TemporaryFolder()
      let path = try folder.write("flow.yaml", stale)
      let writer = try #require(FileHandle(forWritingAtPath: path))
      defer { writer.closeFile() }
      let result = flowc(["spec", path, "--update"])
      #expect(result.status != 0)
      #expect(result.errors.contains("another program holds it open for writing"), "\(result)")
      #expect(try folder.read("flow.yaml") == stale, "nothing was written")
    }
  #endif

  /// Runs `flowc spec --update` on a stale flow while `save` adds `edit` to it at some
  /// moment of the run: before it reads, while it writes, or after; the edit must be in the
  /// file afterwards, and a refused update must have written nothing.
  private func raceEditor(
    rounds: Int, save: @escaping @Sendable (_ path: String, _ edit: String) -> Void
  ) throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/flow.yaml"
    // How long a run takes from launch to exit, so the saves can be spread over all of it.
    var durations: [Double] = []
    for _ in 0..<5 {
      try stale.write(toFile: path, atomically: true, encoding: .utf8)
      let started = Date()
      _ = flowc(["spec", path, "--update"])
      durations.append(Date().timeIntervalSince(started))
    }
    let runMicroseconds = durations.sorted()[2] * 1_000_000
    var refused = 0
    var otherRefusals = 0
    var updatedRounds = 0
    for round in 0..<rounds {
      try stale.write(toFile: path, atomically: true, encoding: .utf8)
      let edit = "# edit \(round)\n"
      let delay = UInt32(runMicroseconds * Double(round % 25) / 24)
      let editor = Thread {
        usleep(delay)
        save(path, edit)
      }
      editor.start()
      let result = flowc(["spec", path, "--update"])
      while !editor.isFinished { usleep(50) }
      let final = try String(contentsOfFile: path, encoding: .utf8)
      #expect(final.hasSuffix(edit), "round \(round): the edit was lost (\(result))")
      if result.status == 0 {
        updatedRounds += 1
      } else {
        // Refused because the file changed, or because flowc read it half-saved.
        #expect(final == stale + edit, "round \(round): a refused update writes nothing")
        if result.errors.contains("changed while flowc was running") { refused += 1 }
        otherRefusals += 1
      }
      if final.hasSuffix(edit) == false { break }
    }
    #expect(updatedRounds + otherRefusals == rounds)
    #expect(refused > 0, "some saves came while flowc was writing (\(updatedRounds) updated)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["flow.yaml"],
      "no temporary file is left behind")
  }
}
