/// The JSON Schema (draft 2020-12) of the flow format, for editors with a YAML language
/// server: completion, hover text and inline errors while a flow is written.
///
/// Every mapping with fixed keys is built from `FlowVocabulary`, the lists the decoder
/// reads, so the schema names exactly the keys the decoder accepts; each key's description
/// comes from `docs/FLOW-FORMAT.md`. `flowc schema` prints it; `schema/flow.schema.json` is
/// that output, kept equal to it by a test.
public enum FlowSchema {
  /// The schema's address: where `schema/flow.schema.json` is published in the repository.
  public static let identifier = "https://flowspec.dev/schema/flow.schema.json"

  /// The schema as a JSON value, in a fixed order.
  // Better whole: it is the schema itself, one definition after another as the format documents
  // them, read like the JSON it prints.
  public static var json: JSONValue {
    var definitions: [(String, JSONValue)] = [
      ("text", text("A text; it may hold values, `{name}`, read when it is shown or made.")),
      ("name", .object([("type", .string("string"))])),
      (
        "value",
        .object([
          (
            "description",
            .string(
              "A value: a flag, a whole number, text, `$name`, a record of those (`{ title: Buy milk, isCompleted: false }`), or a list."
            )
          ),
          (
            "type",
            .array(["string", "integer", "boolean", "array", "object"].map(JSONValue.string))
          ),
        ])
      ),
      (
        "assignments",
        .object([
          ("description", .string("Names with values: `{ name: value }`.")),
          ("type", .string("object")), ("additionalProperties", reference("value")),
        ])
      ),
      (
        "parameters",
        .object([
          (
            "description",
            .string("Typed parameters: `{ id: Int }`; String, Int, Bool, or an optional of them.")
          ),
          ("type", .string("object")),
          (
            "additionalProperties",
            .object([("enum", .array(parameterTypes.map(JSONValue.string)))])
          ),
        ])
      ),
      (
        "route",
        .object([
          (
            "description",
            .string(
              "A screen, by name, or with values as a one-key mapping: `{ ProductDetail: { id: 42 } }`."
            )
          ),
          (
            "anyOf",
            .array([
              reference("name"),
              .object([
                ("type", .string("object")), ("minProperties", .number(1)),
                ("maxProperties", .number(1)), ("additionalProperties", reference("assignments")),
              ]),
            ])
          ),
        ])
      ),
      (
        "condition",
        .object([
          (
            "description",
            .string(
              "A flag (`isLogin`), its negation (`\"!isLogin\"` or `not isLogin`), or state values that must all be equal (`{ role: admin }`)."
            )
          ),
          (
            "anyOf",
            .array([
              reference("name"),
              .object([("type", .string("object")), ("additionalProperties", reference("value"))]),
            ])
          ),
        ])
      ),
      ("operation", operation),
      (
        "handlers",
        map(of: reference("operation"), "Events by name, each with the operation it runs.")
      ),
    ]
    for place in FlowVocabulary.Place.allCases where place != .flowFile {
      definitions.append((place.rawValue, mapping(place)))
    }
    definitions.append(("navigationBarOrHidden", navigationBarOrHidden))
    definitions.append(("linkValue", linkValue))
    var root = mappingFields(.flowFile)
    root.insert(("$schema", .string("https://json-schema.org/draft/2020-12/schema")), at: 0)
    root.insert(("$id", .string(identifier)), at: 1)
    root.insert(("title", .string("flowspec flow")), at: 2)
    root.insert(
      (
        "description",
        .string(
          "A navigation flow: screens, their navigation bars, alerts, what events do, and the checklist that proves it (docs/FLOW-FORMAT.md)."
        )
      ), at: 3)
    root.append(("required", .array([.string("flow"), .string("screens")])))
    root.append(("$defs", .object(definitions)))
    return .object(root)
  }

  /// Keys a description has not been written for; empty, as a test keeps it.
  public static var undescribedKeys: [String] {
    var missing: [String] = []
    for place in FlowVocabulary.Place.allCases {
      for key in FlowVocabulary.keys(of: place) where keySchemas[place]?[key] == nil {
        missing.append("\(place.rawValue).\(key)")
      }
    }
    for (keyword, modifiers) in FlowVocabulary.operations {
      if operationValues[keyword] == nil { missing.append("operation.\(keyword)") }
      for modifier in modifiers where modifierSchema(modifier, of: keyword) == nil {
        missing.append("operation.\(keyword).\(modifier)")
      }
    }
    return missing
  }

  // MARK: Places

  /// The schema of each key, by place; its description first.
  private static let keySchemas: [FlowVocabulary.Place: [String: JSONValue]] = [
    .flowFile: [
      "flow": described(reference("name"), "The flow's name; it names the generated test suite."),
      "use": described(
        map(of: reference("name"), nil),
        "Child flows in other files, by the name this flow starts them with: `{ Child: children/child.yaml }` (relative to this file)."
      ),
      "state": described(
        map(of: reference("value"), nil),
        "Named values with their defaults: `isLogin: false`, `count: 0`, `title: Home`, `favourites: []`."
      ),
      "start": described(
        reference("operation"),
        "The operation the navigation service runs when it is created (not needed with `tabs`)."),
      "tabs": described(
        map(of: reference("tab"), nil),
        "The tab bar's tabs, each with a navigation stack of its own; the first is selected."),
      "links": described(
        map(of: reference("linkValue"), nil),
        "Deep links: URL patterns (`monapp://product/{id}`) and the routes they set, at once and without animation."
      ),
      "on": described(
        reference("handlers"),
        "Events the flow handles whatever screen is on top, and while an alert is presented."),
      "requests": described(
        map(of: reference("request"), nil),
        "Asynchronous work a checklist step completes or fails: `{ complete: load, with: { … } }`."
      ),
      "screens": described(map(of: reference("screen"), nil), "Each screen by name."),
      "alerts": described(
        map(of: reference("alert"), nil), "Each alert or action sheet by name."),
      "properties": described(
        map(of: reference("property"), nil),
        "Statements about every state the flow can reach, by name, which `flowc verify` proves: `never`, `always`, `reachable`, or `after` an event `then` a condition."
      ),
      "verify": described(
        reference("verification"),
        "What `flowc verify` assumes and how far it looks: built-in properties switched `off`, `final` and `repeatable` screens, and the bounds of the search."
      ),
      "spec": described(
        .object([("type", .array([.string("string"), .string("object")]))]),
        "The checklist, as a literal block (`spec: |`): `========= SECTION` lines, `[ ]`/`[✅]` items, and under each its `given`, `when` and `expect` steps."
      ),
    ],
    .screen: [
      "navBar": described(
        reference("navigationBarOrHidden"),
        "The screen's navigation bar: `hidden`, or its title, buttons and back button."),
      "on": described(reference("handlers"), "Events the screen handles."),
      "onEnter": described(reference("operation"), "Runs each time the screen is shown."),
      "onAppear": described(
        reference("operation"), "Runs each time the screen becomes the visible one."),
      "params": described(
        reference("parameters"), "The screen's typed parameters, as a route enum case carries."),
    ],
    .navigationBar: [
      "hidden": described(boolean, "Whether the bar is hidden (`navBar: hidden` says the same)."),
      "title": described(reference("text"), "The bar's title."),
      "left": described(reference("barButton"), "The left bar button item."),
      "right": described(reference("barButton"), "The right bar button item."),
      "backButton": described(
        enumeration(Visibility.allCases.map(\.rawValue)),
        "Whether the back button shows above the root: `visible` (default) or `hidden`."),
      "leftItemsSupplementBackButton": described(
        boolean, "Keep the back button beside a left item (otherwise the left item replaces it)."),
    ],
    .barButton: [
      "image": described(reference("name"), "An SF Symbol name: `plus`, `gearshape`."),
      "title": described(reference("text"), "A text title, instead of an image."),
      "style": described(
        enumeration(BarButtonStyle.allCases.map(\.rawValue)), "`plain` (default) or `done`."),
      "tint": described(
        reference("name"), "A UIKit colour name (`red`, `systemBlue`, `label`) or `#RRGGBB`."),
      "action": described(reference("name"), "The event a tap sends to the screen."),
    ],
    .alert: [
      "style": described(
        enumeration(AlertStyle.allCases.map(\.rawValue)), "`alert` (default) or `actionSheet`."),
      "title": described(reference("text"), "The alert's title."),
      "message": described(reference("text"), "The alert's message."),
      "actions": described(
        .object([
          ("type", .string("array")), ("minItems", .number(1)),
          (
            "items",
            .object([("anyOf", .array([reference("text"), reference("alertAction")]))])
          ),
        ]),
        "The actions, in order; at most one `cancel`, titles distinct. A title alone (`OK`) is an action of the default style that only dismisses the alert."
      ),
    ],
    .alertAction: [
      "title": described(reference("text"), "The action's title."),
      "style": described(
        enumeration(AlertActionStyle.allCases.map(\.rawValue)),
        "`default` (default), `cancel` or `destructive`."),
      "do": described(
        reference("operation"), "What the action does once the alert is dismissed."),
    ],
    .request: [
      "params": described(reference("parameters"), "The values the request is started with."),
      "onSuccess": described(
        reference("operation"), "What a completion does; it reads the step's values."),
      "onFailure": described(reference("operation"), "What a failure does."),
    ],
    .tab: [
      "title": described(reference("text"), "The tab bar item's title (the tab's name otherwise)."),
      "image": described(reference("name"), "The tab bar item's SF Symbol."),
      "root": described(reference("route"), "The root screen of the tab's stack."),
    ],
    .property: [
      "never": described(condition, "A condition no reachable state may match."),
      "always": described(condition, "A condition every reachable state must match."),
      "reachable": described(
        condition, "A condition some state must match that every reachable state can reach."),
      "after": described(
        .object([("type", .array([.string("string"), .string("object")]))]),
        "An event, written as a checklist's `when` writes one; a link's URL may be a pattern."),
      "then": described(
        condition, "The condition the state must match wherever the `after` event is accepted."),
    ],
    .verification: [
      "off": described(
        oneOrList(enumeration(BuiltInProperty.allCases.map(\.rawValue))),
        "Built-in properties switched off: one id, or a list."),
      "final": described(
        oneOrList(reference("name")),
        "Screens with no way out on purpose: no `no-trap` failure on them."),
      "repeatable": described(
        oneOrList(reference("name")),
        "Screens an event may push on themselves: no `no-double-push` failure on them."),
      "depth": described(
        positiveInteger, "The most events in a path (default \(SearchBounds.standard.depth))."),
      "states": described(
        positiveInteger,
        "The most distinct states visited (default \(SearchBounds.standard.states))."),
      "lists": described(
        wholeNumber,
        "The longest list (pending requests and running child flows included) a state may hold and be searched from (default \(SearchBounds.standard.listLength))."
      ),
      "ints": described(
        wholeNumber,
        "The largest Int, by magnitude, a state may hold and be searched from (default \(SearchBounds.standard.intMagnitude))."
      ),
      "stack": described(
        positiveInteger,
        "The highest stack a state may have and be searched from (default \(SearchBounds.standard.stackHeight))."
      ),
      "texts": described(
        wholeNumber,
        "How many characters longer than the longest the flow starts with, writes or sends a text may grow and its state still be searched from (default \(SearchBounds.standard.textLength))."
      ),
    ],
    .link: [
      "tab": described(reference("name"), "The tab the link lands in."),
      "routes": described(routes, "The routes set above the root of the tab's stack."),
      "oneByOne": described(
        boolean,
        "Push the routes one by one on the stack as it is, instead of setting them above its root at once."
      ),
      "animated": described(
        boolean, "The navigation's `animated` flag: false at once, true one by one, unless given."),
    ],
  ]

  /// Places whose mapping may be empty or left null (`Receipt: {}` or `Receipt:`).
  private static let nullable: Set<FlowVocabulary.Place> = [.screen, .request]

  /// Keys a mapping of a place must hold.
  private static let required: [FlowVocabulary.Place: [String]] = [
    .alertAction: ["title"], .tab: ["root"], .alert: ["actions"], .link: ["routes"],
  ]

  private static func mapping(_ place: FlowVocabulary.Place) -> JSONValue {
    var fields = mappingFields(place)
    if let keys = required[place] {
      fields.append(("required", .array(keys.map(JSONValue.string))))
    }
    return .object(fields)
  }

  private static func mappingFields(_ place: FlowVocabulary.Place) -> [(String, JSONValue)] {
    let schemas = keySchemas[place] ?? [:]
    let properties = FlowVocabulary.keys(of: place).map { key in
      (key, schemas[key] ?? .object([]))
    }
    let type: JSONValue =
      nullable.contains(place) ? .array([.string("object"), .string("null")]) : .string("object")
    return [
      ("type", type), ("properties", .object(properties)), ("additionalProperties", .bool(false)),
    ]
  }

  private static var navigationBarOrHidden: JSONValue {
    .object([
      (
        "anyOf",
        .array([
          .object([("const", .string("hidden"))]),
          reference(FlowVocabulary.Place.navigationBar.rawValue),
        ])
      )
    ])
  }

  private static var linkValue: JSONValue {
    .object([
      (
        "description",
        .string("The routes the link sets, or `{ tab: …, routes: […] }` to land in a tab.")
      ),
      ("anyOf", .array([routes, reference(FlowVocabulary.Place.link.rawValue)])),
    ])
  }

  // MARK: Operations

  /// An operation: a bare word, a list run in order, or a mapping of one keyword and its
  /// modifiers.
  private static var operation: JSONValue {
    var forms: [JSONValue] = [
      described(
        enumeration(FlowVocabulary.bareOperations), "A navigation call written as a bare word."),
      described(
        .object([("type", .string("array")), ("items", reference("operation"))]),
        "Operations run in order."),
    ]
    for (keyword, modifiers) in FlowVocabulary.operations {
      var properties: [(String, JSONValue)] = [(keyword, operationValues[keyword] ?? .object([]))]
      for modifier in modifiers {
        properties.append((modifier, modifierSchema(modifier, of: keyword) ?? .object([])))
      }
      forms.append(
        .object([
          ("type", .string("object")), ("required", .array([.string(keyword)])),
          ("properties", .object(properties)), ("additionalProperties", .bool(false)),
        ]))
    }
    return .object([
      (
        "description",
        .string(
          "What the navigation service does: `{ push: Screen }`, `pop`, `{ if: flag, then: …, else: … }`, or a list of these."
        )
      ),
      ("anyOf", .array(forms)),
    ])
  }

  /// The value each operation keyword takes, with its description.
  private static let operationValues: [String: JSONValue] = [
    "setRoot": described(
      reference("route"),
      "`setViewControllers([screen], animated:)`: the stack becomes this screen; not animated unless told."
    ),
    "push": described(
      reference("route"), "`pushViewController(_:animated:)`; animated unless told otherwise."),
    "reset": described(
      routes,
      "`router.reset(to:)`, `path = routes`: everything above the root replaced at once, not animated."
    ),
    "select": described(reference("name"), "Selects a tab, keeping its stack."),
    "pop": described(boolean, "`popViewController(animated:)`; `pop` alone says the same."),
    "popToRoot": described(
      boolean, "`popToRootViewController(animated:)`; `popToRoot` alone says the same."),
    "present": described(
      reference("route"), "`present(_:animated:)` of an alert or a screen; animated by default."),
    "dismiss": described(boolean, "`dismiss(animated:)`; `dismiss` alone says the same."),
    "set": described(reference("assignments"), "Writes state values."),
    "add": described(
      reference("assignments"), "Adds to Int state values (a negative number subtracts)."),
    "append": described(
      reference("assignments"), "Appends to list state values (a list appends each item)."),
    "remove": described(
      reference("assignments"),
      "Removes every equal item from list state values; a record removes every record holding its fields."
    ),
    "update": described(
      .object([
        ("type", .string("object")),
        (
          "additionalProperties",
          .object([
            ("type", .string("object")),
            (
              "properties",
              .object([("where", reference("assignments")), ("set", reference("assignments"))])
            ),
            ("required", .array([.string("set")])),
            ("additionalProperties", .bool(false)),
          ])
        ),
      ]),
      "Sets fields of the records of list states, or of a record state's record, that hold the `where` fields: `{ tasks: { where: { title: $title }, set: { isCompleted: true } } }`."
    ),
    "request": described(reference("name"), "Starts a request, pending until a step resolves it."),
    "start": described(
      reference("name"), "Starts a child flow named in `use:`, on this stack or presented."),
    "finish": described(
      reference("name"), "A child flow's event to its parent: the parent handles it."),
    "if": described(reference("condition"), "Branches on state."),
  ]

  /// The schema of a modifier of an operation keyword, with its description.
  private static func modifierSchema(_ modifier: String, of keyword: String) -> JSONValue? {
    switch modifier {
    case "animated": described(boolean, "Whether the call animates; UIKit's default otherwise.")
    case "with":
      described(
        reference("assignments"),
        keyword == "start"
          ? "The child flow's state values."
          : keyword == "finish"
            ? "Values the parent's handler reads." : "Values for the parameters.")
    case "style":
      described(
        enumeration(ModalStyle.allCases.map(\.rawValue)),
        "How a screen is presented: `sheet` or `fullScreen`.")
    case "stack":
      described(
        boolean,
        keyword == "start"
          ? "For a presented child flow: false presents its root as a single screen, with no stack of its own."
          : "Present the screen in a navigation controller of its own.")
    case "presented":
      described(
        enumeration(ModalStyle.allCases.map(\.rawValue)),
        "Present the child flow on a stack of its own: `sheet` or `fullScreen`.")
    case "then": described(reference("operation"), "What runs when the condition holds.")
    case "else": described(reference("operation"), "What runs when it does not.")
    default: nil
    }
  }

  // MARK: Helpers

  private static let parameterTypes: [String] = {
    let bases = [ValueType.string, .int, .bool].map(\.rawValue)
    return bases + bases.map { $0 + "?" }
  }()

  private static var routes: JSONValue {
    .object([("type", .string("array")), ("items", reference("route"))])
  }

  private static var boolean: JSONValue { .object([("type", .string("boolean"))]) }

  private static var positiveInteger: JSONValue {
    .object([("type", .string("integer")), ("minimum", .number(1))])
  }

  private static var wholeNumber: JSONValue {
    .object([("type", .string("integer")), ("minimum", .number(0))])
  }

  /// A property's condition: a mapping of `expect` keys, or a list of them.
  private static var condition: JSONValue {
    .object([
      (
        "anyOf",
        .array([
          .object([("type", .string("object"))]),
          .object([("type", .string("array")), ("items", .object([("type", .string("object"))]))]),
        ])
      )
    ])
  }

  private static func text(_ description: String) -> JSONValue {
    .object([
      ("description", .string(description)),
      ("type", .array(["string", "number", "boolean"].map(JSONValue.string))),
    ])
  }

  private static func reference(_ name: String) -> JSONValue {
    .object([("$ref", .string("#/$defs/" + name))])
  }

  /// One value of `item`, or a list of them: what a key taking one name or several accepts.
  private static func oneOrList(_ item: JSONValue) -> JSONValue {
    .object([
      ("anyOf", .array([item, .object([("type", .string("array")), ("items", item)])]))
    ])
  }

  private static func enumeration(_ values: [String]) -> JSONValue {
    .object([("enum", .array(values.map(JSONValue.string)))])
  }

  private static func map(of value: JSONValue, _ description: String?) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("type", .string("object")), ("additionalProperties", value),
    ]
    if let description { fields.insert(("description", .string(description)), at: 0) }
    return .object(fields)
  }

  /// The schema with its description first (an object), or wrapped in `allOf` (a `$ref`,
  /// beside which older validators ignore other keys).
  private static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
    guard case .object(var fields) = schema else { return schema }
    fields.removeAll { $0.0 == "description" }
    fields.insert(("description", .string(description)), at: 0)
    return .object(fields)
  }
}
