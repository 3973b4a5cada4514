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
  /// The path of the file, as it was given.
  public var path: String
  /// What went wrong, to follow the path: `is a directory`, `No such file or directory`.
  public var reason: String

  /// The error of the file at `path`, for `reason`.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The path, then the reason: `flows/login.yaml: No such file or directory`.
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

  /// The identity of an open file.
  package static func identity(ofOpen descriptor: Int32) -> FileIdentity? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
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

  /// The process's umask, read once (setting it back at once): the bits a new file's mode
  /// loses.
  private static let processUmask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()

  /// Writes a file atomically: writes a temporary file beside it, gives it the original's
  /// permissions (or `mode` for a new file, less the umask), then renames it over the
  /// original.
  ///
  /// For files flowc owns (generated Swift). A user's own file goes through `rewrite`, which
  /// also keeps its links and owner.
  package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o666)
    throws(FileError)
  {
    var info = stat()
    // A new file's mode (read and write for all by default), less what the user's umask takes
    // away, as `open` would give it.
    let permissions = stat(path, &info) == 0 ? info.st_mode & 0o7777 : mode & ~processUmask
    switch replace(path, with: bytes, permissions: permissions, owner: nil, original: nil) {
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
  /// - With `expected` (the bytes flowc read), an edit saved meanwhile is never lost: the file
  ///   is compared with them right before the new file takes its name and checked right
  ///   after, and an editor's save that came in between, whether it wrote into the file or
  ///   renamed a new one over it, is put back and the rewrite refused. On Linux a read lease
  ///   also catches a program that opened the file to write just before the rename and writes
  ///   just after; a program that holds the file open for writing throughout (up to two
  ///   seconds) gets the file refused instead.
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
    let original = try OriginalFile(target, expected: expected, reportedAs: path)
    defer { original.close() }
    if info.st_nlink > 1 {
      return try rewriteInPlace(
        original, bytes, because: "it has \(info.st_nlink) hard links", reportedAs: path)
    }
    switch replace(
      target, with: bytes, permissions: permissions, owner: (info.st_uid, info.st_gid),
      original: original)
    {
    case .replaced:
      return .replaced
    case .changed:
      throw changedMeanwhile(path)
    case .cannotKeepOwner:
      return try rewriteInPlace(
        original, bytes, because: "a new file could not keep its owner and group",
        reportedAs: path)
    case .cannotCreateTemporary(let reason):
      return try rewriteInPlace(
        original, bytes, because: "no temporary file could be made beside it (\(reason))",
        reportedAs: path)
    case .failed(let reason):
      throw FileError(path: path, reason: reason)
    }
  }

  /// Writes into the user's file itself, once nothing has changed it.
  private static func rewriteInPlace(
    _ original: OriginalFile, _ bytes: [UInt8], because reason: String, reportedAs path: String
  ) throws(FileError) -> RewriteMethod {
    // Our own writer would wait for the lease to be given up: give it up first.
    original.releaseLease()
    guard original.isUnchanged(at: original.path) else { throw changedMeanwhile(path) }
    try writeInPlace(original.path, bytes, reportedAs: path)
    return .inPlace(because: reason)
  }

  /// The user's file as flowc read it, held open while it is rewritten: what the file at its
  /// name is compared with right before the new file takes the name, and right after.
  ///
  /// On Linux it also holds a read lease (`F_SETLEASE`): a program that opens the file to
  /// write while flowc rewrites it breaks the lease, which flowc sees, and waits in `open`
  /// until the lease is given up, by which time its edit is what the file is put back to.
  private final class OriginalFile {
    let path: String
    let descriptor: Int32
    let identity: FileIdentity?
    let expected: [UInt8]?
    private var leased: Bool

    /// Opens the file; waits up to two seconds for a program writing it to close it.
    init(_ path: String, expected: [UInt8]?, reportedAs shown: String) throws(FileError) {
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileError(path: shown, reason: errorText()) }
      var attempts = 0
      var lease = takeLease(descriptor)
      while lease == .openForWriting, attempts < 200 {
        usleep(10_000)
        attempts += 1
        lease = takeLease(descriptor)
      }
      guard lease != .openForWriting else {
        closeDescriptor(descriptor)
        throw FileError(
          path: shown,
          reason: "another program holds it open for writing; it was not rewritten — save and "
            + "close it there, then run flowc again")
      }
      self.path = path
      self.descriptor = descriptor
      self.identity = FileSystem.identity(ofOpen: descriptor)
      self.expected = expected
      self.leased = lease == .held
    }

    /// Whether the file is still as flowc read it: the one named `name` (when given), with
    /// the expected bytes, and opened by no program to write since flowc opened it.
    func isUnchanged(at name: String?) -> Bool {
      if let name, FileSystem.identity(of: name) != identity { return false }
      if leased, leaseBroken(descriptor) { return false }
      return expected.map { contents(of: descriptor) == $0 } ?? true
    }

    /// Lets programs waiting to write the file go on.
    func releaseLease() {
      if leased { giveUpLease(descriptor) }
      leased = false
    }

    func close() {
      releaseLease()
      closeDescriptor(descriptor)
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
    original: OriginalFile?
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
    defer { close(descriptor) }
    func abandon(_ result: Replacement) -> Replacement {
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
    guard let original else {
      return rename(named!, path) == 0 ? .replaced : abandon(.failed(errorText()))
    }
    return commit(named!, over: path, newFile: descriptor, original: original)
  }

  /// Puts the complete new file `named` at `path` unless the user's file changed, and makes
  /// sure that what it displaced is the user's file as flowc read it.
  ///
  /// Where the system can exchange two names atomically, the displaced file keeps a name
  /// until it is checked: an editor's save that renamed a new file in, or wrote into the old
  /// one, at the last moment is found and put back, and flowc's bytes are dropped. Elsewhere
  /// the new file is renamed over, and an edit that reached the old file meanwhile is copied
  /// back.
  private static func commit(
    _ named: String, over path: String, newFile: Int32, original: OriginalFile
  ) -> Replacement {
    guard original.isUnchanged(at: path) else {
      unlink(named)
      return .changed
    }
    if exchange(named, path) {
      if original.isUnchanged(at: named) {
        unlink(named)
        return .replaced
      }
      // The user's save goes back to its name. Should yet another save have replaced ours
      // in between, the swap brought back an older save: swap once more, to the newest.
      _ = exchange(named, path)
      if identity(of: named) != identity(ofOpen: newFile) { _ = exchange(named, path) }
      unlink(named)
      return .changed
    }
    if rename(named, path) != 0 {
      let reason = errorText()
      unlink(named)
      return .failed(reason)
    }
    guard original.isUnchanged(at: nil) else {
      // An edit reached the old file between the comparison and the rename: it goes back,
      // with the user's bytes, and nothing of flowc's is kept.
      var info = stat()
      _ = fstat(original.descriptor, &info)
      _ = replace(
        path, with: contents(of: original.descriptor), permissions: info.st_mode & 0o7777,
        owner: (info.st_uid, info.st_gid), original: nil)
      return .changed
    }
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

  /// `close(2)`, named apart from the types' own `close`.
  private static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// What taking a read lease on an open file gave.
  private enum LeaseStart: Equatable {
    case held
    /// Another program has the file open for writing.
    case openForWriting
    /// The system or file system has no leases, or this process may not take one.
    case unavailable
  }

  #if os(Linux)
    /// `F_SETLEASE` and `F_GETLEASE`, which Glibc defines only for `_GNU_SOURCE`.
    private static let setLease: Int32 = 1024
    private static let getLease: Int32 = 1025

    private static func takeLease(_ descriptor: Int32) -> LeaseStart {
      ignoreLeaseBreakSignal
      if fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 { return .held }
      return errno == EAGAIN ? .openForWriting : .unavailable
    }

    /// Whether a program opened the file to write since the lease was taken.
    private static func leaseBroken(_ descriptor: Int32) -> Bool {
      fcntl(descriptor, getLease) != Int32(F_RDLCK)
    }

    private static func giveUpLease(_ descriptor: Int32) {
      _ = fcntl(descriptor, setLease, Int32(F_UNLCK))
    }

    /// A broken lease is signalled with `SIGIO`, which would end the process: flowc reads
    /// the lease instead, so the signal is ignored unless someone handles it.
    private static let ignoreLeaseBreakSignal: Void = {
      let previous = signal(SIGIO, SIG_IGN)
      // A handler someone installed (not the default, which is `nil`) stays.
      if previous != nil { _ = signal(SIGIO, previous) }
    }()

    private typealias RenameAt2 =
      @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
      ) -> Int32

    /// `renameat2(2)`, which Glibc declares only for `_GNU_SOURCE`: found at run time, `nil`
    /// on a C library without it.
    private static let renameAt2: RenameAt2? = dlsym(
      UnsafeMutableRawPointer(bitPattern: 0), "renameat2"
    ).map { unsafeBitCast($0, to: RenameAt2.self) }

    /// Swaps what two paths name, atomically (`RENAME_EXCHANGE`); `false` where the system
    /// or file system cannot.
    private static func exchange(_ first: String, _ second: String) -> Bool {
      renameAt2?(AT_FDCWD, first, AT_FDCWD, second, 1 << 1) == 0
    }
  #else
    /// Darwin has no leases: an edit written into the old file after flowc's last look is
    /// not seen.
    private static func takeLease(_ descriptor: Int32) -> LeaseStart { .unavailable }
    private static func leaseBroken(_ descriptor: Int32) -> Bool { false }
    private static func giveUpLease(_ descriptor: Int32) {}

    /// Swaps what two paths name, atomically (`RENAME_SWAP`); `false` where the file system
    /// cannot.
    private static func exchange(_ first: String, _ second: String) -> Bool {
      renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
    }
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
