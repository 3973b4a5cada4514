#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// This file is FlowSpec's one place for C library calls (POSIX files), on Glibc, Musl and
// Darwin alike.

/// `read(2)`, named apart from `FileSystem.read`.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

/// Why a file could not be read or written.
public struct FileError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}

/// Small POSIX file operations: reading with a size limit, listing folders, and writing
/// atomically (a temporary file in the same folder, then `rename`).
public enum FileSystem {
  /// Whether a path is a directory.
  public static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether something exists at a path.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The file's bytes, refusing to read more than `limit` bytes.
  ///
  /// A file over the limit comes back as its size only (`bytes` empty), so the caller can
  /// report it without reading it.
  public static func read(_ path: String, limit: Int = .max) throws(FileError) -> (
    bytes: [UInt8], size: Int
  ) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw FileError(path: path, reason: errorText()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, reason: errorText()) }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, reason: "is a directory") }
    let size = Int(info.st_size)
    if size > limit { return ([], size) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(path: path, reason: errorText())
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { return ([], bytes.count) }
    }
    return (bytes, bytes.count)
  }

  /// The names in a directory, sorted, without `.` and `..`.
  public static func contents(ofDirectory path: String) throws(FileError) -> [String] {
    guard let directory = opendir(path) else { throw FileError(path: path, reason: errorText()) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Replaces a file's contents atomically: writes a temporary file beside it, gives it the
  /// original's permissions (or `mode` for a new file), then renames it over the original.
  public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644)
    throws(FileError)
  {
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(directory.isEmpty ? "/" : directory)/.\(name).flowc-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw FileError(path: path, reason: "cannot create a temporary file: \(errorText())")
    }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var info = stat()
    let permissions = stat(path, &info) == 0 ? info.st_mode & 0o7777 : mode
    var failure: String?
    if fchmod(descriptor, permissions) != 0 { failure = errorText() }
    var offset = 0
    while failure == nil, offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = errorText()
      } else {
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = errorText() }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = errorText() }
    if let failure {
      unlink(temporary)
      throw FileError(path: path, reason: failure)
    }
  }

  /// The absolute, symlink-free form of an existing path, or the path itself if it has none.
  public static func absolutePath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Creates a directory and its missing parents.
  public static func createDirectory(_ path: String) throws(FileError) {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        throw FileError(path: path, reason: errorText())
      }
    }
  }

  private static func errorText() -> String {
    switch errno {
    case ENOENT: "no such file or directory"
    case EACCES: "permission denied"
    case EISDIR: "is a directory"
    case ENOTDIR: "not a directory"
    default: String(cString: strerror(errno))
    }
  }
}
