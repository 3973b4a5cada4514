// What of UIKit the spy reads and does that UIKit keeps out of its public API, with both
// branches: UIKit's own types where UIKit exists, the stand-ins (UIKitStandIns) elsewhere.
#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

@MainActor
enum UIKitAccess {
  /// The SF Symbol an image shows, if it is one.
  static func symbolName(of image: UIImage?) -> String? {
    guard let image else { return nil }
    #if canImport(UIKit)
      // UIKit names a symbol image in its description: "… symbol(system: plus) …".
      let text = image.description
      guard let start = text.range(of: "symbol(system: ") else { return nil }
      return String(text[start.upperBound...].prefix { $0 != ")" })
    #else
      return image.symbolName
    #endif
  }

  /// A color's name as flows write tints: `red` for `.red` and `.systemRed`.
  static func colorName(of color: UIColor?) -> String? {
    guard let color else { return nil }
    #if canImport(UIKit)
      let named: [(UIColor, String)] = [
        (.systemRed, "red"), (.red, "red"), (.systemBlue, "blue"), (.blue, "blue"),
        (.systemGreen, "green"), (.green, "green"), (.systemOrange, "orange"),
        (.orange, "orange"), (.black, "black"), (.white, "white"), (.gray, "gray"),
        (.label, "label"),
      ]
      return named.first { $0.0 == color }?.1 ?? color.description
    #else
      return color.name
    #endif
  }

  /// The name of what a bar button does: its primary action's identifier, or the selector
  /// of its target–action pair.
  static func actionName(of item: UIBarButtonItem) -> String? {
    if let identifier = item.primaryAction?.identifier.rawValue, !identifier.isEmpty {
      return identifier
    }
    #if canImport(UIKit)
      return item.action.map { NSStringFromSelector($0).replacingOccurrences(of: ":", with: "") }
    #else
      return nil
    #endif
  }

  /// What UIKit does when the user taps a bar button: runs its primary action, or sends its
  /// action to its target.
  static func tap(_ item: UIBarButtonItem) {
    #if canImport(UIKit)
      if let action = item.primaryAction {
        action.performWithSender(item, target: nil)
      } else if let selector = item.action {
        UIApplication.shared.sendAction(selector, to: item.target, from: item, for: nil)
      }
    #else
      if let action = item.primaryAction { action.handler(action) }
    #endif
  }

  /// Runs what tapping an alert's action runs.
  static func runHandler(of action: UIAlertAction) {
    #if canImport(UIKit)
      typealias Handler = @convention(block) (UIAlertAction) -> Void
      if let block = action.value(forKey: "handler") {
        unsafeBitCast(block as AnyObject, to: Handler.self)(action)
      }
    #else
      action.handler?(action)
    #endif
  }
}
