import FlowFileSystem

/// Where a flow's child files are read from: the disk, or texts embedded in generated tests.
///
/// A flow is data from a pull request, so what its `use:` may read is confined: on disk, a
/// child flow must resolve, symbolic links followed, to a regular file inside the project
/// of the flow being loaded (the nearest folder above it with a `Package.swift`, or its own
/// folder), and it is read only up to the size limit.
public struct FlowFiles: Sendable {
  /// Reads a file's bytes by path, refusing files over `limit` bytes.
  public var read: @Sendable (_ path: String, _ limit: Int) -> Result<[UInt8], FileError>
  /// Where child flows must be; see `Confinement`.
  public var confinement: Confinement
  /// The names of the flow files (`.yaml`, `.yml`) in a folder, to suggest one for a path
  /// that names none; none when the reader cannot list.
  public var flowFileNames: @Sendable (_ folder: String) -> [String] = { _ in [] }

  /// What a child flow's path may resolve to.
  public enum Confinement: Sendable, Equatable {
    /// Whatever the reader has (texts embedded in a generated test: only those).
    case readerOnly
    /// Inside the project of the top-level flow, found when it is loaded.
    case projectOfTopLevelFlow
    /// Inside this folder (symlinks resolved).
    case folder(String)
  }

  /// Files read with `read`, child flows confined as `confinement` says.
  public init(
    confinement: Confinement = .readerOnly,
    read: @escaping @Sendable (String, Int) -> Result<[UInt8], FileError>
  ) {
    self.read = read
    self.confinement = confinement
  }

  /// The files on disk, confined to the project of the flow loaded.
  public static let disk: FlowFiles = {
    var files = FlowFiles(confinement: .projectOfTopLevelFlow) { path, limit in
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
    files.flowFileNames = { folder in
      ((try? FileSystem.contents(ofDirectory: folder.isEmpty ? "." : folder)) ?? [])
        .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }
    return files
  }()

  /// These files, with the project of `topLevelFlow` as the folder children must be in,
  /// when they are confined to it.
  func confined(forTopLevelFlow topLevelFlow: String) -> FlowFiles {
    guard confinement == .projectOfTopLevelFlow else { return self }
    var files = self
    files.confinement = .folder(FileSystem.projectRoot(ofFlow: topLevelFlow))
    return files
  }

  /// The path to read for a child flow, or why it may not be read. The path's text is
  /// checked here (relative, a `.yaml` or `.yml` file); on disk, where it leads too.
  func admit(_ path: String, named written: String) -> Result<String, FileError> {
    guard !written.hasPrefix("/"), !written.hasPrefix("~") else {
      return .failure(
        FileError(
          path: written,
          reason: "a child flow's path must be relative to the folder of the flow that uses it"))
    }
    // A NUL would end the path where the system reads it, after the checks read it whole.
    guard !written.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return .failure(
        FileError(path: written, reason: "a child flow's path may not hold control characters"))
    }
    guard written.hasSuffix(".yaml") || written.hasSuffix(".yml") else {
      return .failure(
        FileError(path: written, reason: "a child flow must be a '.yaml' or '.yml' file"))
    }
    guard case .folder(let root) = confinement else { return .success(path) }
    let real: String
    switch FileSystem.realPath(path) {
    case .failure(let error): return .failure(error)
    case .success(let resolved): real = resolved
    }
    let folder = FileSystem.absolutePath(root)
    guard real.hasPrefix(folder == "/" ? "/" : folder + "/") else {
      return .failure(
        FileError(
          path: written,
          reason:
            "it is outside the project ('\(folder)'): a child flow must be inside the folder that holds the project's Package.swift, or the checked flow's folder"
        ))
    }
    return .success(real)
  }

  /// Texts by path, as a generated test file embeds them; other paths are not found.
  public static func embedded(_ texts: [String: String]) -> FlowFiles {
    var files = FlowFiles { path, _ in
      texts[path].map { .success(Array($0.utf8)) }
        ?? .failure(FileError(path: path, reason: "no such file or directory"))
    }
    files.flowFileNames = { folder in
      texts.keys.compactMap { path in
        let (parent, name) = split(path)
        return parent == folder ? name : nil
      }.sorted()
    }
    return files
  }

  /// The folder and the name of a path.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return ("", path) }
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }

  /// For a child flow's path that names no file, the written path with its file name
  /// replaced by the closest flow file of that folder, if one is close.
  func suggestion(forMissing resolved: String, written: String) -> String? {
    let (folder, name) = Self.split(resolved)
    guard let closest = Suggestion.closest(to: name, among: flowFileNames(folder)) else {
      return nil
    }
    let (writtenFolder, _) = Self.split(written)
    return writtenFolder.isEmpty ? closest : writtenFolder + "/" + closest
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
