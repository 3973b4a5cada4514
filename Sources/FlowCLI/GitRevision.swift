import FlowFileSystem
import FlowSpec

/// The flows of a git revision, read with `git show`: what `flowc diff --git REF` compares
/// the work tree with. A child flow is read at the same revision; git itself refuses a path
/// outside the repository.
struct GitRevision {
  /// The revision as given (`HEAD~1`, a branch, a commit).
  let revision: String

  /// The revision `revision` of the repository holding `path`; a usage error outside a
  /// repository, without git, or for a revision that names no commit.
  init(_ revision: String, near path: String) throws(UsageError) {
    let folder = FileSystem.isDirectory(path) ? path : Self.folder(of: path)
    let top = try Self.git(["-C", folder, "rev-parse", "--show-toplevel"])
    guard top.status == 0 else {
      throw UsageError(
        message:
          "'\(folder)' is not inside a git repository, so --git has nothing to compare with: \(top.errorText)"
      )
    }
    let root = String(decoding: top.output, as: UTF8.self).trimmingTrailingNewline()
    let commit = try Self.git([
      "-C", folder, "rev-parse", "--verify", "--quiet", revision + "^{commit}",
    ])
    guard commit.status == 0 else {
      throw UsageError(message: "git knows no revision '\(revision)' in '\(root)'")
    }
    self.revision = revision
  }

  /// The bytes of the file at `path` (absolute or relative to the current folder) in the
  /// revision; `nil` when the revision has no such file. Read from the file's folder, so
  /// that git resolves it as the work tree does, symbolic links included.
  func read(_ path: String) -> [UInt8]? {
    let (folder, name) = Self.split(path)
    guard FileSystem.isDirectory(folder),
      let shown = try? Self.git(["-C", folder, "show", revision + ":./" + name]), shown.status == 0
    else { return nil }
    return shown.output
  }

  /// Child flows read from the revision, each up to the size limit.
  var files: FlowFiles {
    let revision = self
    return FlowFiles(confinement: .readerOnly) { path, limit in
      guard let bytes = revision.read(path) else {
        return .failure(
          FileError(path: path, reason: "no such file at revision '\(revision.revision)'"))
      }
      guard bytes.count <= limit else {
        return .failure(
          FileError(
            path: path, reason: "it is \(bytes.count) bytes, more than the limit of \(limit)"))
      }
      return .success(bytes)
    }
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

  private static func folder(of path: String) -> String { split(path).folder }

  /// The folder (`.` for none) and the name of a path.
  private static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = slash == path.startIndex ? "/" : String(path[..<slash])
    return (folder, String(path[path.index(after: slash)...]))
  }
}

extension String {
  fileprivate func trimmingTrailingNewline() -> String {
    var text = self
    while text.last == "\n" || text.last == "\r" { text.removeLast() }
    return text
  }
}
