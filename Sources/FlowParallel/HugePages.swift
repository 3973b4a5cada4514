/// Backs large arrays with the kernel's 2 MB pages where it offers them (Linux, with
/// transparent huge pages in `madvise` mode, its common default).
///
/// A 100,000-screen flow fills a few hundred megabytes of node arrays once; with 4 KB
/// pages that is about 100,000 page faults, a fifth of the whole check's time. A hint only:
/// nothing changes in what the arrays hold, and where it is not offered nothing happens.
enum HugePages {
  /// Memory smaller than this is left alone. A huge page is resident whole once one byte of
  /// it is touched, so an array's partly filled last page costs up to 2 MB: from 32 MB on
  /// that is at most a sixteenth more, and the faults saved pay for it. Below, it does not
  /// pay: at 10,000 screens (arrays of 5 to 22 MB) the advice saved no CPU time and cost
  /// 2 MB of a 62 MB peak.
  static let minimumBytes = 32 << 20
  private static let pageSize = 2 << 20

  /// Advises the 2 MB-aligned part of a buffer, initialized or not.
  static func advise<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
    advise(UnsafeMutableRawBufferPointer(buffer))
  }

  /// Advises the 2 MB-aligned part of raw memory: the `ArrayAdvice` a large file's parse
  /// passes to the YAML layer.
  @Sendable static func advise(_ memory: UnsafeMutableRawBufferPointer) {
    guard memory.count >= minimumBytes, let base = memory.baseAddress else { return }
    let mask = UInt(pageSize - 1)
    let start = (UInt(bitPattern: base) + mask) & ~mask
    let end = (UInt(bitPattern: base) + UInt(memory.count)) & ~mask
    guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
    SystemCalls.adviseHugePages(address, length: Int(end - start))
  }
}
