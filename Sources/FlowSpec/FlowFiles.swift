/// Where a flow's child files are read from: the disk, or texts embedded in generated tests.
public struct FlowFiles: Sendable {
  /// Reads a file's bytes by path, refusing files over `limit` bytes.
  public var read: @Sendable (_ path: String, _ limit: Int) -> Result<[UInt8], FileError>

  public init(read: @escaping @Sendable (String, Int) -> Result<[UInt8], FileError>) {
    self.read = read
  }

  /// The files on disk.
  public static let disk = FlowFiles { path, limit in
    do throws(FileError) {
      let (bytes, size) = try FileSystem.read(path, limit: limit)
      guard size <= limit else {
        return .failure(
          FileError(path: path, reason: "it is \(size) bytes, more than the limit of \(limit)"))
      }
      return .success(bytes)
    } catch {
      return .failure(error)
    }
  }

  /// Texts by path, as a generated test file embeds them; other paths are not found.
  public static func embedded(_ texts: [String: String]) -> FlowFiles {
    FlowFiles { path, _ in
      texts[path].map { .success(Array($0.utf8)) }
        ?? .failure(FileError(path: path, reason: "no such file or directory"))
    }
  }

  /// `child` relative to the folder of `parent` (or as is, when absolute), with `.` and
  /// `..` segments resolved in the text.
  public static func resolve(_ child: String, from parent: String) -> String {
    let base: String
    if child.hasPrefix("/") {
      base = child
    } else if let slash = parent.lastIndex(of: "/") {
      base = String(parent[...slash]) + child
    } else {
      base = child
    }
    var parts: [Substring] = []
    for part in base.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    return base.hasPrefix("/") ? "/" + joined : joined
  }
}
