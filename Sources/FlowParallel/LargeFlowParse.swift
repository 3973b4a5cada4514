public import FlowDiagnostics
public import FlowYAML

/// The parse of a flow file of a megabyte or more: in two halves on two cores where the
/// file allows (`SplitParse`), else in one piece with its arrays on huge pages.
///
/// Smaller files take the plain path, `YAMLParser.parse`, which this never replaces: the
/// diagnostics of both paths are the same for every file.
public enum LargeFlowParse {
  /// Files smaller than this take the plain path: the machinery here gains nothing on them.
  public static let minimumSize = 1 << 20

  /// The parse of `text`, or `nil` when it is smaller than `minimumSize` (or in a foreign
  /// encoding, which the plain path refuses) and should be parsed by `YAMLParser.parse`.
  public static func parse(_ text: SourceText, file: String, limits: YAMLLimits = .default)
    -> YAMLParseResult?
  {
    let bytes = text.bytes
    guard bytes.count >= minimumSize, UnicodeEncodingCheck.foreignEncoding(of: bytes) == nil
    else { return nil }
    return SplitParse.parse(text, file: file, limits: limits)
      ?? YAMLParser.parse(bytes, file: file, limits: limits, arrayAdvice: HugePages.advise)
  }
}
