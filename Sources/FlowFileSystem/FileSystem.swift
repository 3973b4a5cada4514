#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// This file is FlowFileSystem's one place for C library calls (POSIX files), on Glibc, Musl and
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

/// What a file is, whatever path names it: its device and inode.
package struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
}

/// Small POSIX file operations: reading with a size limit, listing folders, writing
/// atomically (a temporary file in the same folder, then `rename`), and rewriting a user's
/// file without losing its links, owner or mode.
package enum FileSystem {
  /// Whether a path is a directory.
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// The identity of what a path names (links followed), or `nil` when nothing is there.
  package static func identity(of path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Whether something exists at a path.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The file's bytes, refusing to read more than `limit` bytes.
  ///
  /// A file over the limit comes back as its size only (`bytes` empty), so the caller can
  /// report it without reading it.
  package static func read(_ path: String, limit: Int = .max) throws(FileError) -> (
    bytes: [UInt8], size: Int
  ) {
    // The system would read a path only up to a NUL: what it names is not this path.
    guard !path.utf8.contains(0) else {
      throw FileError(path: path, reason: "the path holds a NUL character")
    }
    // Opened without blocking, so a FIFO named like a flow cannot wait forever for a
    // writer; anything but a regular file is refused before a byte is read.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileError(path: path, reason: errorText()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, reason: errorText()) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FileError(path: path, reason: "is a directory")
    default:
      throw FileError(path: path, reason: "is not a regular file (a FIFO, a device or a socket)")
    }
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
  package static func contents(ofDirectory path: String) throws(FileError) -> [String] {
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

  /// Writes a file atomically: writes a temporary file beside it, gives it the original's
  /// permissions (or `mode` for a new file), then renames it over the original.
  ///
  /// For files flowc owns (generated Swift). A user's own file goes through `rewrite`, which
  /// also keeps its links and owner.
  package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644)
    throws(FileError)
  {
    var info = stat()
    let permissions = stat(path, &info) == 0 ? info.st_mode & 0o7777 : mode
    switch replace(path, with: bytes, permissions: permissions, owner: nil, unchanged: { true }) {
    case .replaced: return
    case .failed(let reason): throw FileError(path: path, reason: reason)
    case .cannotKeepOwner, .cannotCreateTemporary(_), .changed:
      throw FileError(path: path, reason: "cannot create a temporary file beside it")
    }
  }

  /// Rewrites a user's existing file with new bytes, keeping everything about the file but its
  /// contents.
  ///
  /// - A symbolic link is followed: its target gets the new bytes, the link stays a link.
  /// - A file nobody may write (no `w` in its mode, like `chmod 444`) or that this process
  ///   may not write is refused with the reason; it is left exactly as it was.
  /// - Normally the bytes go to a temporary file in the same folder, with the original's mode,
  ///   owner and group, which is then renamed over the original: a reader, or a `kill -9`,
  ///   sees the old file or the new one, never a mix.
  /// - A file with several hard links, or whose owner or group this process cannot give to a
  ///   new file, or in a folder where no temporary file can be made, is written in place
  ///   instead, as editors do: links, owner and group stay, but the write is not atomic.
  ///
  /// - Returns: how the file was written.
  @discardableResult
  package static func rewrite(
    _ path: String, with bytes: [UInt8], replacing expected: [UInt8]? = nil
  ) throws(FileError) -> RewriteMethod {
    guard let target = resolvedPath(path) else {
      throw FileError(path: path, reason: errorText())
    }
    var info = stat()
    guard stat(target, &info) == 0 else { throw FileError(path: path, reason: errorText()) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw FileError(path: path, reason: "not a regular file; it was not rewritten")
    }
    let permissions = info.st_mode & 0o7777
    if permissions & 0o222 == 0 {
      throw FileError(
        path: path,
        reason: "is read-only (mode \(octal(permissions))); it was not rewritten — make it "
          + "writable (chmod u+w) to let flowc update it")
    }
    if access(target, W_OK) != 0 {
      throw FileError(path: path, reason: "\(errorText()); it was not rewritten")
    }
    removeStaleTemporaries(of: target)
    // The file as it is now, held open: compared with `expected` right before the rename,
    // and read again right after it, so an edit saved meanwhile is never lost.
    let original = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard original >= 0 else { throw FileError(path: path, reason: errorText()) }
    defer { close(original) }
    let unchanged = { () -> Bool in expected.map { contents(of: original) == $0 } ?? true }
    if info.st_nlink > 1 {
      guard unchanged() else { throw changedMeanwhile(path) }
      try writeInPlace(target, bytes, reportedAs: path)
      return .inPlace(because: "it has \(info.st_nlink) hard links")
    }
    switch replace(
      target, with: bytes, permissions: permissions, owner: (info.st_uid, info.st_gid),
      unchanged: unchanged)
    {
    case .replaced:
      guard unchanged() else {
        // An edit reached the old file between the comparison and the rename: it goes
        // back, with the user's bytes, and nothing of flowc's is kept.
        let edited = contents(of: original)
        _ = replace(
          target, with: edited, permissions: permissions, owner: (info.st_uid, info.st_gid),
          unchanged: { true })
        throw changedMeanwhile(path)
      }
      return .replaced
    case .changed:
      throw changedMeanwhile(path)
    case .cannotKeepOwner:
      guard unchanged() else { throw changedMeanwhile(path) }
      try writeInPlace(target, bytes, reportedAs: path)
      return .inPlace(because: "a new file could not keep its owner and group")
    case .cannotCreateTemporary(let reason):
      guard unchanged() else { throw changedMeanwhile(path) }
      try writeInPlace(target, bytes, reportedAs: path)
      return .inPlace(because: "no temporary file could be made beside it (\(reason))")
    case .failed(let reason):
      throw FileError(path: path, reason: reason)
    }
  }

  /// How `rewrite` wrote a file.
  package enum RewriteMethod: Equatable, Sendable {
    /// Atomically: a complete new file renamed over the old one.
    case replaced
    /// Into the file itself, keeping its links and owner; not atomic.
    case inPlace(because: String)
  }

  /// What `replace` did.
  private enum Replacement {
    case replaced
    case cannotKeepOwner
    case cannotCreateTemporary(String)
    case failed(String)
    /// The file was no longer what the caller read: nothing was renamed.
    case changed
  }

  private static func changedMeanwhile(_ path: String) -> FileError {
    FileError(
      path: path, reason: "it changed while flowc was running; nothing was written, run it again")
  }

  /// All the bytes of an open file, read from its start.
  private static func contents(of descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      offset += off_t(count)
    }
  }

  /// The temporary files of this process are named `.NAME.flowc-PID…`, so a later run can
  /// remove those a killed process left.
  private static func temporaryPrefix(of name: String) -> String { ".\(name).flowc-" }

  /// Writes `bytes` to a new file in `path`'s folder and renames it over `path`.
  ///
  /// On Linux the new file has no name until it is complete (`O_TMPFILE`), so a process
  /// killed while writing leaves nothing behind; elsewhere, or where the file system has no
  /// unnamed files, it is a `mkstemp` file, and a later run removes it.
  private static func replace(
    _ path: String, with bytes: [UInt8], permissions: mode_t, owner: (uid_t, gid_t)?,
    unchanged: () -> Bool
  ) -> Replacement {
    let (directory, name) = split(path)
    let temporary = "\(directory)/\(temporaryPrefix(of: name))\(getpid())"
    var named: String?
    var descriptor = openUnnamedFile(in: directory)
    if descriptor < 0 {
      var template = Array("\(temporary)-XXXXXX".utf8CString)
      descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else { return .cannotCreateTemporary(errorText()) }
      named = String(
        decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    func abandon(_ result: Replacement) -> Replacement {
      close(descriptor)
      if let named { unlink(named) }
      return result
    }
    if let (uid, gid) = owner {
      var created = stat()
      guard fstat(descriptor, &created) == 0 else { return abandon(.failed(errorText())) }
      if created.st_uid != uid || created.st_gid != gid, fchown(descriptor, uid, gid) != 0 {
        return abandon(.cannotKeepOwner)
      }
    }
    if fchmod(descriptor, permissions) != 0 { return abandon(.failed(errorText())) }
    if let failure = writeAll(bytes, to: descriptor) { return abandon(.failed(failure)) }
    if fsync(descriptor) != 0 { return abandon(.failed(errorText())) }
    if named == nil {
      unlink(temporary)
      guard linkUnnamedFile(descriptor, to: temporary) else {
        return abandon(.failed("cannot name the new file: \(errorText())"))
      }
      named = temporary
    }
    guard unchanged() else { return abandon(.changed) }
    if rename(named!, path) != 0 { return abandon(.failed(errorText())) }
    close(descriptor)
    return .replaced
  }

  /// Writes `bytes` into the file itself and cuts it to their length.
  private static func writeInPlace(_ path: String, _ bytes: [UInt8], reportedAs shown: String)
    throws(FileError)
  {
    let descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else { throw FileError(path: shown, reason: errorText()) }
    defer { close(descriptor) }
    if let failure = writeAll(bytes, to: descriptor) {
      throw FileError(path: shown, reason: failure)
    }
    if ftruncate(descriptor, off_t(bytes.count)) != 0 || fsync(descriptor) != 0 {
      throw FileError(path: shown, reason: errorText())
    }
  }

  /// Writes every byte, retrying interrupted writes; the reason on failure.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return errorText()
      }
      offset += written
    }
    return nil
  }

  /// Removes the temporary files that killed flowc processes left beside `path`.
  private static func removeStaleTemporaries(of path: String) {
    let (directory, name) = split(path)
    let prefix = temporaryPrefix(of: name)
    guard let names = try? contents(ofDirectory: directory) else { return }
    for entry in names where entry.hasPrefix(prefix) {
      let digits = entry.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
      guard let pid = pid_t(digits), pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { unlink("\(directory)/\(entry)") }
    }
  }

  /// A path's folder and name.
  private static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }

  /// The symlink-free path of an existing file, or nil with `errno` set.
  private static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  #if os(Linux)
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc defines as a macro Swift does not
    /// import.
    private static let unnamedFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    /// An unnamed file in `directory`, or -1 where the file system has none.
    private static func openUnnamedFile(in directory: String) -> Int32 {
      open(directory, O_WRONLY | unnamedFileFlag | O_CLOEXEC, 0o600)
    }

    /// Gives an unnamed file a name.
    private static func linkUnnamedFile(_ descriptor: Int32, to path: String) -> Bool {
      linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    }
  #else
    /// Darwin has no unnamed files: `replace` falls back to `mkstemp`.
    private static func openUnnamedFile(in directory: String) -> Int32 { -1 }

    private static func linkUnnamedFile(_ descriptor: Int32, to path: String) -> Bool { false }
  #endif

  /// The absolute, symlink-free form of an existing path, or the path itself if it has none.
  package static func absolutePath(_ path: String) -> String {
    resolvedPath(path) ?? path
  }

  /// The symlink-free path of an existing file, or why there is none.
  package static func realPath(_ path: String) -> Result<String, FileError> {
    resolvedPath(path).map { .success($0) } ?? .failure(FileError(path: path, reason: errorText()))
  }

  /// The project a flow file belongs to: the nearest folder above it (symlinks resolved)
  /// that holds a `Package.swift`, or the flow's own folder when none does.
  package static func projectRoot(ofFlow path: String) -> String {
    let file = absolutePath(path)
    let own = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
    var folder = own
    while !folder.isEmpty {
      if exists(folder + "/Package.swift") { return folder }
      guard let slash = folder.lastIndex(of: "/") else { break }
      folder = String(folder[..<slash])
    }
    return own.isEmpty ? "/" : own
  }

  /// The absolute, symlink-free form of a path that may not exist yet: its nearest existing
  /// folder resolved, the rest appended.
  package static func absolutePath(ofPossiblyMissing path: String) -> String {
    if let resolved = resolvedPath(path) { return resolved }
    var missing: [Substring] = []
    var existing = path.hasPrefix("/") ? path : "./" + path
    while let slash = existing.lastIndex(of: "/") {
      missing.insert(existing[existing.index(after: slash)...], at: 0)
      existing = String(existing[..<slash])
      if let resolved = resolvedPath(existing.isEmpty ? "/" : existing) {
        let parts = missing.filter { !$0.isEmpty && $0 != "." }
        return (resolved == "/" ? "" : resolved) + "/" + parts.joined(separator: "/")
      }
    }
    return path
  }

  /// The path of `target` written relative to `folder`, both absolute and symlink-free
  /// (`/work/flowspec` from `/work/apps/MyApp` is `../../flowspec`).
  package static func relativePath(to target: String, from folder: String) -> String {
    let to = target.split(separator: "/")
    let from = folder.split(separator: "/")
    var common = 0
    while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
    let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
    return parts.isEmpty ? "." : parts.joined(separator: "/")
  }

  /// Creates a directory and its missing parents; returns those it created, parents first.
  /// Something other than a folder in the way is an error.
  @discardableResult
  package static func createDirectory(_ path: String) throws(FileError) -> [String] {
    var current = path.hasPrefix("/") ? "" : "."
    var created: [String] = []
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o755) == 0 {
        created.append(current)
      } else if errno != EEXIST {
        throw FileError(path: path, reason: errorText())
      } else if !isDirectory(current) {
        throw FileError(path: path, reason: "'\(current)' is a file, not a folder")
      }
    }
    return created
  }

  /// Removes a file; quietly does nothing when it is not there.
  package static func removeFile(_ path: String) {
    unlink(path)
  }

  /// Removes a folder if it is empty; quietly leaves it otherwise.
  package static func removeEmptyDirectory(_ path: String) {
    rmdir(path)
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

// MARK: Watching

/// What identifies a file's version: its modification time, size and inode. Two equal
/// stamps mean the file was not written in between (as far as the file system can tell).
package struct FileStamp: Hashable, Sendable {
  package var seconds: Int
  package var nanoseconds: Int
  package var size: Int
  package var inode: UInt64
}

extension FileSystem {
  /// The stamp of a file or folder; `nil` when nothing is there.
  package static func stamp(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return FileStamp(
      seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec), size: Int(info.st_size),
      inode: UInt64(info.st_ino))
  }
}

/// Wakes a watcher when something changes in a set of folders: inotify on Linux; on other
/// systems it only waits, and the watcher's polling finds the change.
package final class FolderEvents {
  #if os(Linux)
    private let descriptor: Int32
  #endif

  /// Starts listening to the folders (not their subfolders: give those too).
  package init(folders: [String]) {
    #if os(Linux)
      descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      let mask = UInt32(
        IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE_SELF
          | IN_ATTRIB)
      for folder in folders where descriptor >= 0 {
        _ = inotify_add_watch(descriptor, folder, mask)
      }
    #endif
  }

  deinit {
    #if os(Linux)
      if descriptor >= 0 { close(descriptor) }
    #endif
  }

  /// Waits up to `seconds`; returns early, `true`, when an event came (the events are
  /// drained).
  package func wait(seconds: Double) -> Bool {
    let milliseconds = Int32(max(0, seconds * 1000))
    #if os(Linux)
      if descriptor >= 0 {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        return true
      }
    #endif
    _ = poll(nil, 0, milliseconds)
    return false
  }
}
