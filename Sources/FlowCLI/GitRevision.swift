import FlowFileSystem
import FlowSpec

/// The flows of a git revision: what `flowc diff --git REF` compares the work tree with.
///
/// A file is read from the commit REF names, resolved once, by its path in the repository
/// (`git cat-file`, so no character of a name is read as a pattern); a child flow at the same
/// commit. A path that leads outside the repository, or to a symbolic link, is refused, as
/// the work tree's loader refuses a child flow outside the project.
struct GitRevision {
  /// The revision as given (`HEAD~1`, a branch, a commit).
  let revision: String
  /// The commit it names, as git resolved it when the comparison began.
  private let commit: String
  /// The repository's top folder, as git prints it.
  private let root: String

  /// The revision `revision` of the repository holding `path`; a usage error outside a
  /// repository, without git, or for a revision that names no commit.
  init(_ revision: String, near path: String) throws(UsageError) {
    guard let (root, _) = try Self.place(of: FileSystem.isDirectory(path) ? path + "/." : path)
    else {
      throw UsageError(
        message: "'\(path)' is not inside a git repository, so --git has nothing to compare with")
    }
    let resolved = try Self.git([
      "-C", root, "rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}",
    ])
    guard resolved.status == 0 else {
      throw UsageError(message: "git knows no revision '\(revision)' in '\(root)'")
    }
    self.revision = revision
    self.root = root
    commit = Self.text(resolved.output)
  }

  /// The bytes of the file at `path` (absolute, or relative to the current folder) in the
  /// commit; why not when it cannot be read there.
  func read(_ path: String) -> Result<[UInt8], FileError> {
    let place: (root: String, path: String)?
    do { place = try Self.place(of: path) } catch {
      return .failure(FileError(path: path, reason: error.message))
    }
    guard let place, place.root == root else {
      return .failure(FileError(path: path, reason: "it is outside the repository at '\(root)'"))
    }
    let entry = try? Self.git([
      "-C", root, "--literal-pathspecs", "ls-tree", commit, "--", place.path,
    ])
    let fields = entry.map { Self.text($0.output) }?.split(separator: " ") ?? []
    guard fields.count >= 2 else {
      return .failure(FileError(path: path, reason: "no such file at revision '\(revision)'"))
    }
    guard fields[0] != "120000" else {
      return .failure(
        FileError(path: path, reason: "it is a symbolic link at revision '\(revision)'"))
    }
    guard fields[1] == "blob",
      let shown = try? Self.git(["-C", root, "cat-file", "blob", commit + ":" + place.path]),
      shown.status == 0
    else {
      return .failure(FileError(path: path, reason: "it is not a file at revision '\(revision)'"))
    }
    return .success(shown.output)
  }

  /// The flow files (`.yaml`, `.yml`) the commit has under `folder`, as paths like those the
  /// work tree's are given (`folder/name.yaml`).
  func flowFiles(under folder: String) -> [String] {
    guard let (root, prefix) = try? Self.place(of: folder + "/."), root == self.root,
      let listed = try? Self.git([
        "-C", root, "--literal-pathspecs", "ls-tree", "-r", "--name-only", commit, "--",
        prefix.isEmpty ? "." : prefix,
      ]),
      listed.status == 0
    else { return [] }
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    return Self.text(listed.output).split(separator: "\n").map(String.init)
      .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
      .map { base + "/" + $0.dropFirst(prefix.isEmpty ? 0 : prefix.count + 1) }
  }

  /// Child flows read from the commit, each up to the size limit.
  var files: FlowFiles {
    let revision = self
    return FlowFiles(confinement: .readerOnly) { path, limit in
      revision.read(path).flatMap { bytes in
        bytes.count <= limit
          ? .success(bytes)
          : .failure(
            FileError(
              path: path, reason: "it is \(bytes.count) bytes, more than the limit of \(limit)"))
      }
    }
  }

  /// The repository holding `path` and the path inside it, found from the nearest folder of
  /// it that exists (a folder the work tree no longer has is still in the commit); `nil`
  /// outside a repository.
  private static func place(of path: String) throws(UsageError) -> (root: String, path: String)? {
    var folder = path
    var rest: [String] = []
    while true {
      guard let slash = folder.lastIndex(of: "/") else {
        rest.insert(folder, at: 0)
        folder = "."
        break
      }
      rest.insert(String(folder[folder.index(after: slash)...]), at: 0)
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
      if FileSystem.isDirectory(folder) { break }
    }
    let found = try git(["-C", folder, "rev-parse", "--show-toplevel", "--show-prefix"])
    guard found.status == 0 else { return nil }
    let lines = text(found.output).split(separator: "\n", omittingEmptySubsequences: false)
    guard let top = lines.first else { return nil }
    let prefix = lines.count > 1 ? String(lines[1]) : ""
    let inside = (prefix + rest.filter { $0 != "." && !$0.isEmpty }.joined(separator: "/"))
    guard !inside.split(separator: "/").contains("..") else { return nil }
    return (String(top), inside.hasSuffix("/") ? String(inside.dropLast()) : inside)
  }

  private static func git(_ arguments: [String]) throws(UsageError) -> ExternalCommand.Result {
    let result: ExternalCommand.Result
    do {
      result = try ExternalCommand.run(["git"] + arguments)
    } catch {
      throw UsageError(message: error.message)
    }
    if result.status == 127 { throw UsageError(message: "--git needs git, which is not installed") }
    return result
  }

  /// Git's output as text, without the line break it ends with.
  private static func text(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    while text.last == "\n" || text.last == "\r" { text.removeLast() }
    return text
  }
}
