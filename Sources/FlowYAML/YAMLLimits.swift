/// Hard limits that keep a hostile or broken file from crashing, hanging or exhausting memory.
///
/// The defaults are generous enough for a 100,000-screen flow (about 40 MB); each can be
/// raised from the command line.
public struct YAMLLimits: Sendable, Hashable {
  /// Deepest nesting of mappings and sequences.
  public var maxDepth: Int
  /// Most nodes that aliases may copy in, in total (stops "billion laughs" files).
  public var maxAliasExpansion: Int
  /// Longest scalar, in bytes.
  public var maxScalarLength: Int
  /// Largest file, in bytes.
  public var maxFileSize: Int

  /// Limits of the given values, each defaulting to the one `default` has.
  public init(
    maxDepth: Int = 256, maxAliasExpansion: Int = 2_000_000,
    maxScalarLength: Int = 1 << 20, maxFileSize: Int = 64 << 20
  ) {
    self.maxDepth = maxDepth
    self.maxAliasExpansion = maxAliasExpansion
    self.maxScalarLength = maxScalarLength
    self.maxFileSize = maxFileSize
  }

  /// The limits used when none are given.
  public static let `default` = YAMLLimits()

  /// The highest each limit may be raised to, where the code stays safe: decoding, checking
  /// and running recurse once per level of nesting (on threads with a 512 MiB stack, which a
  /// debug build fills at about 40,000 levels), positions inside are 32-bit, and an alias
  /// expansion's nodes are held in memory.
  public static let maximum = YAMLLimits(
    maxDepth: 10_000, maxAliasExpansion: 20_000_000, maxScalarLength: Int(Int32.max),
    maxFileSize: Int(Int32.max))
}
