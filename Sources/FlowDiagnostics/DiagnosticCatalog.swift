/// Every diagnostic id flowc reports, with its documented severity and what it means: the
/// rules of a SARIF report. docs/DIAGNOSTICS.md holds the same table for readers; a test
/// keeps the two equal, row for row.
public enum DiagnosticCatalog {
  /// One id: its severity as documented (`error`, `warning`, or how it shows), and what it
  /// reports.
  public struct Entry: Sendable, Hashable {
    /// The diagnostic id, such as `yaml.duplicate-key`.
    public var id: String
    /// The severity column of the document, such as `error`; empty for the failures of a
    /// step when an item runs, which the document lists without one.
    public var severity: String
    /// What the id reports, as the document words it (with Markdown `code`).
    public var help: String

    /// Creates an entry from one row of the document's table.
    public init(id: String, severity: String, help: String) {
      self.id = id
      self.severity = severity
      self.help = help
    }
  }

  /// The entries in the document's order.
  public static let entries: [Entry] = [
    Entry(
      id: "yaml.syntax", severity: "error",
      help:
        "libyaml could not read the file; the message keeps libyaml's words and explains the usual causes (a line indented unlike its siblings, an unclosed `{` or `[`, a `: ` in an unquoted value)"
    ),
    Entry(id: "yaml.tab-indentation", severity: "error", help: "a tab in indentation"),
    Entry(
      id: "yaml.block-dedent", severity: "error",
      help:
        "a line indented less than the first line of the literal or folded block above it, which ended the block there"
    ),
    Entry(
      id: "yaml.unquoted-checklist-item", severity: "error",
      help: "`[ ] text:` as a YAML key, which YAML reads as a list"),
    Entry(
      id: "yaml.encoding", severity: "error",
      help:
        "the file is not valid UTF-8, or is UTF-16 or UTF-32 (by byte-order mark or NUL pattern): one error at 1:1 says how to convert it, and the file is not read further"
    ),
    Entry(
      id: "yaml.duplicate-key", severity: "error",
      help: "a key appears twice in one mapping (with a note at the first)"),
    Entry(id: "yaml.undefined-alias", severity: "error", help: "`*name` with no `&name` before it"),
    Entry(id: "yaml.recursive-alias", severity: "error", help: "an alias inside its own anchor"),
    Entry(id: "yaml.multiple-documents", severity: "error", help: "a second `---` document"),
    Entry(id: "yaml.complex-key", severity: "error", help: "a list or mapping used as a key"),
    Entry(
      id: "yaml.merge", severity: "error",
      help: "`<<` given something other than a mapping or a list of mappings"),
    Entry(id: "yaml.tag", severity: "warning", help: "a tag other than `!!str`, ignored"),
    Entry(
      id: "yaml.limit.depth", severity: "error",
      help: "nesting deeper than `--max-depth` (default 256)"),
    Entry(
      id: "yaml.limit.aliases", severity: "error",
      help: "aliases copying in more than `--max-alias-expansion` nodes (default 2,000,000)"),
    Entry(
      id: "yaml.limit.scalar", severity: "error",
      help: "a value longer than `--max-scalar-length` (default 1 MiB)"),
    Entry(
      id: "yaml.limit.file-size", severity: "error",
      help: "a file larger than `--max-file-size` (default 64 MiB)"),
    Entry(id: "model.empty-file", severity: "error", help: "the file holds no flow"),
    Entry(
      id: "model.unknown-key", severity: "error",
      help: "a key the vocabulary does not have, with \"did you mean\" and a fix-it"),
    Entry(
      id: "model.decimal-number", severity: "warning",
      help:
        "an unquoted number with a fraction or an exponent (`1.5`), read as text: flowspec's numbers are whole"
    ),
    Entry(
      id: "model.event-named-like-arm", severity: "warning",
      help:
        "a handler for an event named `then` or `else`: most often an arm of the `if:` above written one level too far left"
    ),
    Entry(
      id: "model.missing-key", severity: "error",
      help: "a required key is missing, with what it is for"),
    Entry(
      id: "model.wrong-type", severity: "error", help: "a mapping where text is expected, and so on"
    ),
    Entry(
      id: "model.invalid-value", severity: "error",
      help: "a value outside an enumeration (`style: bold`), with \"did you mean\""),
    Entry(
      id: "model.number-range", severity: "error",
      help:
        "an unquoted whole number beyond an Int's range (-9223372036854775808 to 9223372036854775807) where a value goes (quote it if you mean text) or where a whole number goes (a `verify:` bound, a call count, an `index`)"
    ),
    Entry(
      id: "model.yaml11-boolean", severity: "error",
      help: "`yes`, `no`, `on`, `off` where a flag is expected"),
    Entry(
      id: "model.quoted-boolean", severity: "error", help: "`\"true\"` where a flag is expected"),
    Entry(id: "model.empty-value", severity: "error", help: "an empty name or title"),
    Entry(id: "model.no-operation", severity: "error", help: "a mapping with no operation in it"),
    Entry(
      id: "model.not-an-operation", severity: "error", help: "text where an operation is expected"),
    Entry(
      id: "model.several-operations", severity: "error",
      help: "two operations in one mapping (use a list)"),
    Entry(id: "model.useless-false", severity: "error", help: "`pop: false` and the like"),
    Entry(id: "model.invalid-reference", severity: "error", help: "`$` not followed by a name"),
    Entry(id: "model.empty-list", severity: "warning", help: "an empty list of operations"),
    Entry(
      id: "model.start-modifier", severity: "warning",
      help:
        "`animated` or `stack` on a `start:` of a child flow without `presented:`: the child runs on the current stack, and its own operations make the calls"
    ),
    Entry(
      id: "model.image-and-title", severity: "warning",
      help: "a bar button with both (UIKit shows the image)"),
    Entry(
      id: "model.unreadable-file", severity: "error",
      help:
        "a flow file found in a folder cannot be read (a dangling link, no permission, not a regular file)"
    ),
    Entry(
      id: "model.missing-flow-file", severity: "error",
      help:
        "a file named in `use:` cannot be read, or may not be: an absolute path, not `.yaml`/`.yml`, outside the project, not a regular file (at the path that names it)"
    ),
    Entry(
      id: "model.flow-depth", severity: "error",
      help: "a chain of `use:` more than 64 flows long (at the path that goes too deep)"),
    Entry(
      id: "model.flow-cycle", severity: "error", help: "flow files that use each other in a cycle"),
    Entry(
      id: "model.child-flow-errors", severity: "error",
      help:
        "a child flow this flow uses has errors: `flowc lsp` shows them at its `use:` line too, the first one's message, each error as related information"
    ),
    Entry(
      id: "model.link-pattern", severity: "error",
      help:
        "a deep link's URL pattern that cannot be read (no scheme, a variable that is not a whole segment, …)"
    ),
    Entry(
      id: "check.unknown-screen", severity: "error",
      help:
        "`push`, `setRoot`, `reset`, a tab root, a link's route or an expectation names no screen (or names an alert)"
    ),
    Entry(
      id: "check.unknown-presentable", severity: "error", help: "`present` names no alert or screen"
    ),
    Entry(
      id: "check.unknown-state", severity: "error",
      help: "`set`, `if`, `given` or an expectation names no state"),
    Entry(
      id: "check.unknown-param", severity: "error",
      help: "`with` or a route names a parameter the screen does not have"),
    Entry(
      id: "check.missing-argument", severity: "error",
      help: "a screen's (non-optional) parameter is not given"),
    Entry(
      id: "check.unknown-reference", severity: "error",
      help:
        "`$name` outside an event handler names no parameter or state, or stands where nothing can be read (a tab's root)"
    ),
    Entry(
      id: "check.argument-type-conflict", severity: "error",
      help:
        "handlers of one event pass the same argument on as two types (an Int parameter and a String state); the app sends it as the first"
    ),
    Entry(
      id: "check.unread-argument", severity: "warning",
      help:
        "a step gives an event or a request's outcome a value that none of its handlers reads (`$name` or `{name}`), most often a misspelt name, with \"did you mean\""
    ),
    Entry(
      id: "check.event-argument-type", severity: "error",
      help:
        "a step gives an event (or a request's `complete`/`fail`, or a child's `finish:` its parent's handler) a value of another type than the parameter or state it is passed on to, or than the items of a list it is appended to, or (for an argument nothing passes on) than the state a condition compares it with"
    ),
    Entry(
      id: "check.no-tabs", severity: "error",
      help:
        "`select`, a `tab` step or expectation, or a link's `tab` names a tab in a flow without tabs"
    ),
    Entry(
      id: "check.unknown-tab", severity: "error",
      help: "… names a tab the flow does not declare, with \"did you mean\""),
    Entry(id: "check.tab-root", severity: "warning", help: "two tabs with the same root screen"),
    Entry(
      id: "check.link-variable", severity: "error",
      help: "a link's route reads `$name` that is not a variable of its pattern"),
    Entry(
      id: "check.unused-link-variable", severity: "warning",
      help: "a pattern variable no route reads"),
    Entry(
      id: "check.link-never-matches", severity: "error",
      help: "a pattern variable read as an `Int` and as a `Bool` at once"),
    Entry(
      id: "check.link-host", severity: "warning",
      help:
        "a link's host an app's URL never holds as written: not ASCII (IDNA-encoded), a character a host may not hold, a port that is no number"
    ),
    Entry(
      id: "check.given-child-state", severity: "error",
      help:
        "a checklist's `given` sets a child flow's state (`Child.name`), which the child sets when it starts"
    ),
    Entry(
      id: "check.link-typo", severity: "warning",
      help:
        "a checklist opens a URL no link matches, which one would but for one misspelt part (did you mean)"
    ),
    Entry(
      id: "check.shadowed-link", severity: "warning",
      help: "an earlier link matches every URL this one matches, so it is never used"),
    Entry(id: "check.unknown-flow", severity: "error", help: "`start` names no flow of `use:`"),
    Entry(
      id: "check.unheard-finish", severity: "error",
      help:
        "a child flow finishes with an event neither the screen that starts it nor the parent flow handles"
    ),
    Entry(
      id: "check.same-flow-name", severity: "error",
      help:
        "two child flows of a tree have the same `flow:` name, by which a checklist names their screens, state and requests"
    ),
    Entry(
      id: "check.unused-flow", severity: "warning",
      help: "a flow named in `use:` that nothing starts"),
    Entry(
      id: "check.unknown-record-field", severity: "warning",
      help:
        "`append`, `remove` or `update` names a field that no record in the list's default has (with did-you-mean)"
    ),
    Entry(
      id: "check.missing-record-field", severity: "error",
      help:
        "a record written to, compared with or expected of a record state leaves out a field of its default (it replaces the state whole: use `update` to change some fields)"
    ),
    Entry(
      id: "check.empty-record-pattern", severity: "error",
      help: "`remove` with an empty record, which would match every record of the list"),
    Entry(
      id: "check.push-without-stack", severity: "warning",
      help:
        "a `push` from a screen only ever presented without `stack: true`, or in the start of a child flow presented with `stack: false`, which does nothing"
    ),
    Entry(
      id: "check.unknown-request", severity: "error",
      help: "`request`, a `complete`/`fail` step or a `pending` expectation names no request"),
    Entry(id: "check.unstarted-request", severity: "warning", help: "a request nothing starts"),
    Entry(
      id: "check.unknown-text-value", severity: "error",
      help:
        "`{name}` in a title, an alert's text or a stored text reads nothing where it is shown or made"
    ),
    Entry(
      id: "check.literal-dollar", severity: "warning",
      help:
        "`$name` or `{ name }` (with spaces) inside text, which is kept as written (`{name}` inserts the value), or a checklist value written as `$name`, which is that text"
    ),
    Entry(
      id: "check.type-mismatch", severity: "error",
      help:
        "a value of the wrong type for a state, a parameter, an item of a list whose default holds items of one type, or a field of a list's records, or `add` on a state that is not an `Int` (`append`, `remove` on one that is not a list)"
    ),
    Entry(
      id: "check.condition-type", severity: "error",
      help: "`if: name` on a state that is not a Bool"),
    Entry(
      id: "check.text-argument-typo", severity: "warning",
      help:
        "a `{name}` in a text shown by an event reads only an argument no handler reads and no step sends, and a state or parameter is spelled almost so"
    ),
    Entry(
      id: "check.missing-event-argument", severity: "error",
      help:
        "a step sends an event without an argument every handler of it reads (`$id` outside an `if:`'s arms, or compared by its condition), which the run refuses, or completes or fails a request without a value its outcome reads whatever the state"
    ),
    Entry(
      id: "check.bar-button-argument", severity: "error",
      help:
        "a bar button's event reads an argument outside an `if:`: a tap sends none, so every tap is refused"
    ),
    Entry(
      id: "check.self-comparison", severity: "warning",
      help:
        "`if: { pin: $pin }` in a handler, `pin` being state, and a bar button sends the event, or a step sends it without `pin` and every handler of it compares so: the state is compared with itself"
    ),
    Entry(id: "check.name-clash", severity: "error", help: "a screen and an alert share a name"),
    Entry(
      id: "check.style-on-alert", severity: "error",
      help: "`style:` on the presentation of an alert"),
    Entry(
      id: "check.arguments-to-alert", severity: "error",
      help: "`with:` on the presentation of an alert"),
    Entry(
      id: "check.reserved-event", severity: "error",
      help: "an event named `tap` or `alert` (`open` and `tab` stay free)"),
    Entry(
      id: "check.unhandled-bar-action", severity: "error",
      help: "a bar button sends an event its screen does not handle"),
    Entry(
      id: "check.invalid-tint", severity: "error",
      help: "a tint that is neither a UIKit colour name nor `#RRGGBB`"),
    Entry(
      id: "check.two-cancel-actions", severity: "error",
      help: "an alert with two `cancel` actions (UIKit raises)"),
    Entry(id: "check.undismissable-alert", severity: "error", help: "an alert with no actions"),
    Entry(
      id: "check.outcome-as-event", severity: "warning",
      help:
        "an event named like a request's outcome (`load.success`): outcomes are declared under `requests:`"
    ),
    Entry(
      id: "check.duplicate-action", severity: "error",
      help: "two actions of one alert with the same title"),
    Entry(
      id: "check.symbol-name", severity: "warning",
      help: "an image that does not look like an SF Symbol name"),
    Entry(
      id: "check.unreachable-screen", severity: "warning",
      help:
        "nothing reachable from `start`, a tab or a deep link shows the screen (both branches of an `if` count)"
    ),
    Entry(id: "check.unpresented-alert", severity: "warning", help: "nothing presents the alert"),
    Entry(
      id: "check.unknown-property", severity: "error",
      help:
        "`expect: { holds: … }` names no property of the flow and no built-in one (with did-you-mean)"
    ),
    Entry(
      id: "check.duplicate-property", severity: "error",
      help: "two properties with the same name (with a note at the first)"),
    Entry(
      id: "check.unmatched-property-link", severity: "warning",
      help:
        "an `after: { open: URL }` property whose URL no link of the flow matches, or whose value the link that matches it cannot read (`abc` where a screen takes an Int): opening it changes nothing, so the property is never put to the test"
    ),
    Entry(
      id: "check.redundant-verify-setting", severity: "warning",
      help:
        "a `verify:` setting that changes nothing: a built-in property switched off twice, a screen listed twice in `final` or `repeatable`, or `final`/`repeatable` screens exempt from a built-in that is switched off"
    ),
    Entry(
      id: "check.builtin-property-name", severity: "error",
      help:
        "a property named like a built-in one (`no-trap`); switch the built-in off with `verify: { off: […] }` instead"
    ),
    Entry(
      id: "checklist.unbound", severity: "warning",
      help: "an item without steps; its test is generated disabled"),
    Entry(
      id: "checklist.done-but-failing", severity: "error",
      help:
        "an item marked done that fails when run, or has no steps (with a note at each failed expectation)"
    ),
    Entry(
      id: "checklist.duplicate-section", severity: "warning",
      help:
        "two sections with the same title, as when a pasted block repeats its section (merge them)"
    ),
    Entry(
      id: "checklist.duplicate-item", severity: "error",
      help:
        "two sibling items with the same text (an item's identity is its path, so the same text under two parents is fine)"
    ),
    Entry(
      id: "checklist.stray-space", severity: "warning",
      help:
        "an item indented one space more than the item above, so read as nested under it: the usual slip of a pasted checklist"
    ),
    Entry(
      id: "checklist.unknown-event", severity: "error",
      help: "a step sends an event no screen handles"),
    Entry(
      id: "checklist.unknown-action", severity: "error", help: "a step taps an action no alert has"),
    Entry(
      id: "checklist.unknown-param", severity: "error",
      help: "an expectation names a parameter no screen has"),
    Entry(
      id: "checklist.unknown-refusal", severity: "error",
      help: "`refused:` names no kind of refusal (with did-you-mean)"),
    Entry(
      id: "checklist.refused-without-event", severity: "error",
      help: "`refused` in an `expect` with no `when` step just before it"),
    Entry(
      id: "checklist.nested-given", severity: "error", help: "`given` below a scenario's first item"
    ),
    Entry(
      id: "checklist.several-events", severity: "error",
      help: "two events in one mapping (use a list)"),
    Entry(
      id: "checklist.unknown-line", severity: "error",
      help: "a line that is neither an item, a step, a section nor a comment"),
    Entry(
      id: "checklist.unknown-step", severity: "error",
      help: "a misspelled `given`, `when` or `expect`"),
    Entry(id: "checklist.unknown-mark", severity: "error", help: "a mark such as `[?]`"),
    Entry(
      id: "checklist.unknown-key", severity: "error",
      help: "in the mapping form, a key that is neither a step nor an item"),
    Entry(
      id: "checklist.indentation", severity: "error", help: "an item indented to no level above it"),
    Entry(
      id: "checklist.step-indentation", severity: "error",
      help: "a step not indented under its item"),
    Entry(id: "checklist.orphan-step", severity: "error", help: "a step before any item"),
    Entry(id: "checklist.empty-step", severity: "error", help: "a step keyword without a value"),
    Entry(id: "checklist.empty-item", severity: "error", help: "a mark without text"),
    Entry(id: "checklist.empty-section", severity: "error", help: "`=====` without a title"),
    Entry(
      id: "checklist.tab", severity: "error",
      help: "a tab in the checklist's indentation, or between a step's keyword and its value"),
    Entry(
      id: "checklist.section", severity: "error",
      help: "in the mapping form, a section that is not a mapping of items"),
    Entry(
      id: "checklist.shape", severity: "error",
      help: "`spec:` that is neither a literal block nor a mapping"),
    Entry(
      id: "checklist.dishonest-mark", severity: "error",
      help: "from `flowc spec --check`: a mark that disagrees with its item's result"),
    Entry(
      id: "checklist.unfinished-requests", severity: "error (a failure of the item, when run)",
      help: "an item that ends with requests pending and has no `pending` expectation"),
    Entry(
      id: "property.statement", severity: "error",
      help:
        "a property that states nothing, or two of `never`, `always`, `reachable` and `after` at once"
    ),
    Entry(
      id: "property.then", severity: "error",
      help: "`after` without `then`, or `then` without `after`"),
    Entry(
      id: "property.condition", severity: "error",
      help: "a condition that is neither a mapping of `expect` keys nor a list of them"),
    Entry(
      id: "verify.property", severity: "error",
      help:
        "from `flowc verify`: a property of the flow fails; with the shortest counterexample as a checklist item to paste"
    ),
    Entry(
      id: "verify.all-reachable", severity: "error (a warning when the search hit its bounds)",
      help:
        "from `flowc verify`: a declared screen, alert, tab or link no reachable state reaches (a guard that is never true, an event no value reaches); when the search hit a bound it may be reached beyond it, so it is a warning"
    ),
    Entry(
      id: "verify.no-trap", severity: "error",
      help:
        "from `flowc verify`: a reachable state where nothing the user can do changes anything, its screen not declared `final`"
    ),
    Entry(
      id: "verify.no-repeated-request", severity: "error",
      help:
        "from `flowc verify`: a request started again, with the same values, while it is pending"),
    Entry(
      id: "verify.no-double-push", severity: "error",
      help:
        "from `flowc verify`: an event sent twice in a row pushes the same screen twice (a double tap), the screen not declared `repeatable`"
    ),
    Entry(
      id: "verify.vacuous", severity: "warning",
      help:
        "from `flowc verify`: an `after` property whose event no reachable state accepts: it holds only because it is never put to the test"
    ),
    Entry(
      id: "verify.unproved", severity: "warning",
      help:
        "from `flowc verify`: a `reachable` property that does not fail only because the search hit its bounds: from some state, the states it holds in are not reached within them, only states the search did not go on from"
    ),
    Entry(
      id: "verify.unsent-event", severity: "warning",
      help:
        "from `flowc verify`: an event the search cannot send, since it takes a whole record (which has no fresh value) and no checklist step gives one; what follows it is not searched"
    ),
    Entry(
      id: "verify.bounded", severity: "note",
      help:
        "from `flowc verify` (in SARIF; text and JSON say it in their summary): the search hit a bound (`depth`, `states`, `lists`, `ints`, `stack`, `texts`), so what holds is proved within the bounds only"
    ),
    Entry(
      id: "verify.bounds-raised", severity: "note",
      help:
        "from `flowc verify` (in SARIF; text and JSON say it in their summary): the search raised a bound on lists, Ints or stacks above the one asked for, to the values the flow starts with, writes or sends"
    ),
    Entry(
      id: "verify.interrupted", severity: "note",
      help:
        "from `flowc verify` (in SARIF; text and JSON say it in their summary): the search was interrupted (Ctrl-C), so what holds is proved only over the states it came to"
    ),
    Entry(
      id: "verify.start", severity: "error",
      help: "from `flowc verify`: the flow cannot start, so nothing is verified"),
    Entry(
      id: "run.unknown-state", severity: "", help: "`given` (or `flowc run --given`) names no state"
    ),
    Entry(
      id: "run.unknown-screen", severity: "",
      help: "`given { stack: … }` names a screen the flow does not have"),
    Entry(
      id: "run.state-type", severity: "",
      help:
        "a value of the wrong type for a state or for an item of a list (as its default's items are), or `if` on a state that is not a Bool, or `add`/`append`/`remove` on a state of the wrong type"
    ),
    Entry(
      id: "run.flow-error", severity: "",
      help:
        "the flow has an error the checker reported (an unknown screen, …), reached when running"),
    Entry(
      id: "run.alert-covers", severity: "",
      help:
        "an alert is presented, so a screen's event, a bar button or the back button cannot be reached"
    ),
    Entry(id: "run.no-screen", severity: "", help: "no screen is shown to handle the event"),
    Entry(
      id: "run.unhandled-event", severity: "",
      help: "the visible screen (and the flow) does not handle the event"),
    Entry(id: "run.hidden-bar", severity: "", help: "a tap on a bar button of a hidden bar"),
    Entry(
      id: "run.no-bar-button", severity: "",
      help: "a tap on a bar button that is not there, or sends nothing"),
    Entry(
      id: "run.no-back-button", severity: "",
      help:
        "a tap on a back button that does not show (the root, a hidden bar or button, a left item replacing it, a modal without a stack)"
    ),
    Entry(id: "run.no-alert", severity: "", help: "an alert action tapped with no alert presented"),
    Entry(
      id: "run.unknown-action", severity: "",
      help: "an alert action the presented alert does not have"),
    Entry(id: "run.no-tabs", severity: "", help: "a tap on a tab in a flow without tabs"),
    Entry(id: "run.unknown-tab", severity: "", help: "a tap on a tab the flow does not have"),
    Entry(
      id: "run.tab-bar-covered", severity: "",
      help: "a tap on a tab while something is presented over the tab bar"),
    Entry(
      id: "run.argument-type", severity: "",
      help:
        "a value of the wrong type for a screen's or request's parameter, or a link's URL whose value does not read as its parameter's type"
    ),
    Entry(
      id: "run.unmatched-link", severity: "",
      help: "a URL that is not one, or that no link of the flow matches: it changes nothing"),
    Entry(
      id: "run.missing-argument", severity: "",
      help: "an event, outcome or screen lacks a value it needs"),
    Entry(
      id: "run.int-overflow", severity: "",
      help: "`add` takes a state beyond the largest or smallest Int"),
    Entry(
      id: "run.text-too-long", severity: "",
      help:
        "a text value made by inserting values (`\"{name}…\"`) is longer than 65,536 bytes: a text that inserts itself doubles with every event"
    ),
    Entry(
      id: "run.endless", severity: "",
      help:
        "screens' `onEnter` and `onAppear` and child flows' starts run inside one another more than 64 deep, taken for a flow that never ends: a screen that enters itself (`onEnter: { push: A }` on `A`), or a child that finishes into its own start"
    ),
    Entry(
      id: "run.finish-unstarted", severity: "",
      help: "a flow finishes that no other flow started (run on its own)"),
    Entry(
      id: "run.unhandled-finish", severity: "",
      help: "a child flow finishes with an event its parent does not handle"),
    Entry(
      id: "run.unknown-request", severity: "",
      help: "a step resolves a request the flow does not declare"),
    Entry(
      id: "run.not-pending", severity: "",
      help: "a step completes or fails a request that is not pending"),
    Entry(
      id: "run.pending-index", severity: "",
      help: "`index:` beyond the pending requests of that name"),
    Entry(
      id: "driver.start", severity: "", help: "the driver could not be made for the item's start"),
    Entry(id: "driver.send", severity: "", help: "the driver threw on a step's event"),
    Entry(
      id: "driver.unobserved", severity: "",
      help:
        "an expectation about a part the driver's observation leaves out, of a kind the driver did not declare `unobservable` (a declared kind is a known issue instead)"
    ),
  ]

  /// The entry of an id.
  public static func entry(_ id: String) -> Entry? {
    entries.first { $0.id == id }
  }
}
