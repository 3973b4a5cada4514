public import FlowDiagnostics

/// A flow's checklist: the TDD specification, in sections of nested items.
///
/// A child item continues its parent's scenario: it starts from the state its ancestors'
/// steps left.
public struct Checklist: Sendable {
  /// How the checklist was written in the file.
  public enum Form: String, Sendable, Hashable {
    /// `spec: |` followed by the checklist's plain text, with indented step lines.
    case block
    /// `spec:` as a YAML mapping of quoted item keys.
    case mapping
  }

  /// Whether the checklist was written as a `spec: |` block or as a mapping.
  public var form: Form
  /// The checklist's sections in file order; items under no title form an untitled first one.
  public var sections: [ChecklistSection]
  /// The `spec` key.
  public var range: SourceRange
  /// The source lines the checklist takes, from its key to its last line: a problem on
  /// these lines belongs to the checklist, not to the flow it specifies.
  public var lines: ClosedRange<Int>

  /// A checklist of `sections` whose `spec` key is at `range`; `lines` defaults to the key's line.
  public init(
    form: Form, sections: [ChecklistSection], range: SourceRange, lines: ClosedRange<Int>? = nil
  ) {
    self.form = form
    self.sections = sections
    self.range = range
    self.lines = lines ?? range.start.line...range.start.line
  }

  /// Every item of every section, parents before their children, with ids in that order.
  public var entries: [ChecklistEntry] {
    var entries: [ChecklistEntry] = []
    for (sectionIndex, section) in sections.enumerated() {
      var ancestors: [ChecklistItem] = []
      var ancestorIDs: [Int] = []
      func visit(_ item: ChecklistItem) {
        let id = entries.count
        entries.append(
          ChecklistEntry(
            id: id, sectionIndex: sectionIndex, section: section.title?.value,
            item: item, ancestors: ancestors, parentID: ancestorIDs.last))
        ancestors.append(item)
        ancestorIDs.append(id)
        for child in item.children { visit(child) }
        ancestors.removeLast()
        ancestorIDs.removeLast()
      }
      for item in section.items { visit(item) }
    }
    return entries
  }
}

/// A titled group of items (`========= LOGIN`).
public struct ChecklistSection: Sendable {
  /// The section's title; `nil` for items that come before any section title.
  public var title: Located<String>?
  /// The section's top-level items, in order; their children hang below them.
  public var items: [ChecklistItem]

  /// A section titled `title` (or untitled) holding `items`.
  public init(title: Located<String>?, items: [ChecklistItem]) {
    self.title = title
    self.items = items
  }
}

/// One requirement: its text, its mark, the steps that bind it, and its children.
public struct ChecklistItem: Sendable {
  /// The text after the mark, without trailing spaces.
  public var text: Located<String>
  /// The item's `[ ]` or `[✅]` mark, saying whether it is claimed done.
  public var mark: ChecklistMark
  /// The item's own steps, in order.
  public var steps: [Step]
  /// The items nested under this one, which continue its scenario from where its steps left.
  public var children: [ChecklistItem]
  /// The source lines from the item's line to its last step's, for quoting.
  public var lines: ClosedRange<Int>
  /// Whether steps written for the item were misplaced (at its indent) or could not be
  /// read, and reported so: its being unbound is then that error's consequence, not a
  /// warning of its own.
  public var hasMisplacedSteps = false

  /// An item with its text, mark, own steps and children, taking source lines `lines`.
  public init(
    text: Located<String>, mark: ChecklistMark, steps: [Step], children: [ChecklistItem],
    lines: ClosedRange<Int>
  ) {
    self.text = text
    self.mark = mark
    self.steps = steps
    self.children = children
    self.lines = lines
  }

  /// Whether the item has steps; an unbound item is generated as a disabled test.
  public var isBound: Bool { !steps.isEmpty }
}

/// An item's `[ ]` or `[✅]` mark, located exactly so it can be rewritten in place.
public struct ChecklistMark: Sendable, Hashable {
  /// Whether the mark says done (`[x]`, `[✅]`, `[✔]`...) rather than to do (`[ ]`, `[]`).
  public var isDone: Bool
  /// The bracketed mark, brackets included.
  public var range: SourceRange
  /// The mark as typed, such as `[x]`.
  public var text: String

  /// A mark typed as `text` at `range`, done or not.
  public init(isDone: Bool, range: SourceRange, text: String) {
    self.isDone = isDone
    self.range = range
    self.text = text
  }
}

/// An item with what identifies it among all items: its id, section and ancestors.
public struct ChecklistEntry: Sendable {
  /// The item's index among all items in document order; generated tests use it.
  public var id: Int
  /// The index in `Checklist.sections` of the section holding the item.
  public var sectionIndex: Int
  /// That section's title; `nil` for items before any section title.
  public var section: String?
  /// The checklist item this entry identifies.
  public var item: ChecklistItem
  /// From the scenario's root item down to the parent.
  public var ancestors: [ChecklistItem]
  /// The parent's id; `nil` for an item at the top of its section. An item's identity is
  /// its path: the same text under two parents names two items.
  public var parentID: Int?

  /// The item's texts from the scenario's root down to it, as its path.
  public var path: [String] { ancestors.map(\.text.value) + [item.text.value] }
}
