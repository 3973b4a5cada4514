/// Small pieces of English shared by every report.
public enum Wording {
  /// `1 state`, `2 states`; `plural` where adding an "s" is wrong (`properties`).
  public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
  }
}
