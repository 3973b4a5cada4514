/// The words the decoder accepts, place by place: the keys of each kind of mapping in a
/// flow file, the operation keywords with the modifiers each takes, and the operations
/// written as a bare word. The decoder reads these very lists, so what is built from them
/// (the JSON Schema of `flowc schema`) says what the decoder accepts, and nothing else.
public enum FlowVocabulary {
  /// A kind of mapping in a flow file whose keys are fixed.
  public enum Place: String, CaseIterable, Sendable {
    /// The file's top level, a screen, its `navBar`, a bar button, an alert, an alert action,
    /// a request, a tab, a deep link of `links:`, a property of `properties:`, and
    /// `verify:`.
    case flowFile, screen, navigationBar, barButton, alert, alertAction, request, tab, link,
      property, verification
  }

  /// The keys a mapping of this place may hold, in the order the documentation gives them.
  public static func keys(of place: Place) -> [String] {
    let keys: [StaticString] =
      switch place {
      case .flowFile: FlowDecoder.topLevelKeys
      case .screen: ModelDecoder.screenKeys
      case .navigationBar: ModelDecoder.navigationBarKeys
      case .barButton: ModelDecoder.barButtonKeys
      case .alert: ModelDecoder.alertKeys
      case .alertAction: ModelDecoder.alertActionKeys
      case .request: ModelDecoder.requestKeys
      case .tab: ModelDecoder.tabKeys
      case .link: ModelDecoder.linkKeys
      case .property: ModelDecoder.propertyKeys
      case .verification: ModelDecoder.verificationKeys
      }
    return keys.map { "\($0)" }
  }

  /// Every operation keyword (`push`, `set`, `if`, …) with the modifiers it takes
  /// (`animated`, `with`, …), in the decoder's order.
  public static var operations: [(keyword: String, modifiers: [String])] {
    OperationKeyword.allCases.map { ($0.rawValue, $0.modifiers.map { "\($0)" }) }
  }

  /// The operations that may be written as a bare word: `pop`, `popToRoot`, `dismiss`.
  public static var bareOperations: [String] {
    OperationKeyword.bareWords.map(\.rawValue)
  }
}
