/// One difference in behaviour between two versions of a flow: a declaration added,
/// removed or renamed, or what one part of it does before and after.
public struct FlowChange: Sendable, Hashable {
  /// What happened to the subject.
  public enum Kind: String, Sendable, Hashable {
    /// It exists only in the new version.
    case added
    /// It exists only in the old version.
    case removed
    /// It exists in both under different names, alike otherwise.
    case renamed
    /// It exists in both and does something else.
    case changed
  }

  /// What happened.
  public var kind: Kind
  /// The declaration the change belongs to, as a reviewer groups them: `screen Infos`,
  /// `alert Logout`, `checklist`, `flow`.
  public var group: String
  /// What changed within it: `presentLogout`, `nav bar title`, `action Cancel`; the
  /// declaration itself when empty.
  public var subject: String
  /// What it did before (for `removed` and `changed`), or its old name (`renamed`).
  public var before: String?
  /// What it does now (for `added` and `changed`), or its new name (`renamed`).
  public var after: String?

  /// `screen Infos › presentLogout: present LogoutSheet → push Logout`.
  public var summary: String {
    (subject.isEmpty ? group : group + " › " + subject) + ": " + detail
  }

  /// The change in its group, without the group: `presentLogout: present LogoutSheet →
  /// push Logout`, or `added` for the declaration itself.
  public var line: String { subject.isEmpty ? detail : subject + ": " + detail }

  /// What happened: `added`, `removed (was push Home)`, `renamed A → B`, `A → B`.
  public var detail: String {
    switch kind {
    case .added: "added" + (after.map { " (\($0))" } ?? "")
    case .removed: "removed" + (before.map { " (was \($0))" } ?? "")
    case .renamed: "renamed \(before ?? "") → \(after ?? "")"
    case .changed: "\(before ?? "none") → \(after ?? "none")"
    }
  }
}
