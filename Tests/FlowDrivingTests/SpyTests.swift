import FlowSpec
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

struct ProductView {
  let id: Int
  let note: String?
}
final class SettingsViewController: UIViewController {}

enum TestRoute: FlowRoute {
  case item(Int)
  case about
  var screen: String { if case .item = self { "Item" } else { "About" } }
  var screenValues: [(name: String, value: any Sendable)] {
    if case .item(let n) = self { [("n", n)] } else { [] }
  }
  init?(screen: String, values: [String: any Sendable]) {
    switch screen {
    case "Item":
      guard let n = values["n"] as? Int else { return nil }
      self = .item(n)
    case "About": self = .about
    default: return nil
    }
  }
}

@Suite("Spies: the library stands in for the app's navigation objects")
@MainActor
struct SpyTests {
  @Test("the navigation controller spy keeps a stack as UIKit does and names calls with its words")
  func stackAndCalls() {
    let spy = FlowNavigationControllerSpy()
    spy.setViewControllers([SettingsViewController()], animated: false)
    spy.pushViewController(
      UIHostingController(rootView: ProductView(id: 4, note: nil)), animated: true)
    #expect(spy.popToRootViewController(animated: true)?.count == 1)
    #expect(spy.popViewController(animated: false) == nil)
    spy.present(UIHostingController(rootView: ProductView(id: 5, note: "x")), animated: true)
    let observation = spy.observation()
    #expect(observation.stack?.map(\.description) == ["Settings"])
    #expect(observation.presentations?.map(\.description) == ["Product(id: 5, note: \"x\")"])
    #expect(
      observation.calls?.map(\.description) == [
        "setViewControllers(Settings, animated: false)",
        "pushViewController(Product(id: 4), animated: true)",
        "popToRootViewController(Product(id: 4), animated: true)",
        "popViewController(animated: false)",
        "present(Product(id: 5, note: \"x\"), animated: true)",
      ])
    #expect(spy.isAnimate == true)
  }

  @Test("a bar button tap runs the app's own action; back pops as UIKit's button does")
  func barButtonsAndBack() async throws {
    let spy = FlowNavigationControllerSpy()
    let root = SettingsViewController()
    var tapped = 0
    root.navigationItem.rightBarButtonItem = UIBarButtonItem(
      image: UIImage(systemName: "plus"),
      primaryAction: UIAction(identifier: .init("add")) { _ in tapped += 1 })
    root.navigationItem.rightBarButtonItem?.tintColor = .systemRed
    spy.setViewControllers([root], animated: false)
    #expect(try await spy.perform(.tap(.right)))
    #expect(try await spy.perform("add"))
    #expect(tapped == 2)
    #expect(try await spy.perform("other") == false)
    await #expect(throws: DriverError.self) { try await spy.perform(.tap(.left)) }
    await #expect(throws: DriverError.self) { try await spy.perform(.tap(.back)) }
    let bar = try #require(spy.observation().navigationBar)
    #expect(
      bar.right
        == ResolvedBarButton(image: "plus", title: nil, style: .plain, tint: "red", action: "add"))
    #expect(!bar.showsBackButton)
    spy.pushViewController(SettingsViewController(), animated: true)
    #expect(spy.observation().navigationBar?.showsBackButton == true)
    #expect(try await spy.perform(.tap(.back)))
    #expect(spy.viewControllers.count == 1)
    #expect(spy.calls.last?.description == "popViewController(Settings, animated: true)")
  }

  @Test("an alert action dismisses the alert, with no call of the app's, then runs its handler")
  func alertActions() async throws {
    let spy = FlowNavigationControllerSpy()
    spy.setViewControllers([SettingsViewController()], animated: false)
    let alert = UIAlertController(title: "Sure?", message: nil, preferredStyle: .actionSheet)
    var ran = false
    alert.addAction(UIAlertAction(title: "Yes", style: .destructive) { _ in ran = true })
    spy.present(alert, animated: true)
    let shown = spy.observation().namingAlerts(after: [
      PresentedAlert(name: "Other", style: .alert, title: "Sure?", message: nil, actions: []),
      PresentedAlert(
        name: "Confirm", style: .actionSheet, title: nil, message: nil,
        actions: [.init(title: "Yes", style: .destructive)]),
    ])
    #expect(shown.presentations?.map(\.name) == ["Confirm"])
    await #expect(throws: DriverError.self) { try await spy.perform(.alertAction("No")) }
    #expect(try await spy.perform(.alertAction("Yes")))
    #expect(ran)
    #expect(spy.presented == nil)
    #expect(spy.calls.map(\.call) == [.setRoot, .present])
  }

  @Test(
    "screens are named by type: a hosted view without View, a controller without ViewController")
  func naming() {
    #expect(
      FlowScreenNaming.byType(UIHostingController(rootView: ProductView(id: 1, note: "n")))
        == ScreenInstance(name: "Product", arguments: ["id": .int(1), "note": .string("n")]))
    #expect(FlowScreenNaming.byType(SettingsViewController()) == ScreenInstance(name: "Settings"))
    let spy = FlowNavigationControllerSpy()
    spy.naming.screen = { ScreenInstance(name: $0.title ?? "untitled") }
    spy.setViewControllers([SettingsViewController()], animated: false)
    #expect(spy.observation().stack == [ScreenInstance(name: "untitled")])
  }

  @Test("the path spy changes its path as a router's does; a reset does not animate")
  func pathSpy() async throws {
    let spy = FlowPathSpy<TestRoute>(root: "Root")
    spy.push(.item(1))
    spy.push(.item(2))
    spy.pop()
    spy.path = [.item(7), .about]
    let observation = spy.observation()
    #expect(observation.stack?.map(\.description) == ["Root", "Item(n: 7)", "About"])
    #expect(observation.lastAnimated == false)
    #expect(observation.calls?.map(\.call) == [.push, .push, .pop, .reset])
    #expect(try await spy.perform(.tap(.back)))
    #expect(spy.path == [.item(7)])
    #expect(try await spy.perform(.tap(.right)) == false)
  }

  @Test("the tabbed spy keeps a path per tab and records the app's selection changes")
  func tabbedSpy() async throws {
    let spy = FlowTabbedPathSpy<TestRoute>(tabs: [("A", "RootA"), ("B", "RootB")])
    final class Selection { var tab = "A" }
    let selection = Selection()
    spy.readSelection { selection.tab }
    spy.path(for: "A").push(.about)
    spy.eventDidFinish()
    selection.tab = "B"
    spy.eventDidFinish()
    spy.path(for: "B").push(.item(3))
    let observation = spy.observation()
    #expect(observation.tabs?.selected == "B")
    #expect(observation.tabs?.stacks["A"]?.map(\.name) == ["RootA", "About"])
    #expect(observation.stack?.map(\.name) == ["RootB", "Item"])
    #expect(
      observation.calls?.map(\.description) == ["push(About)", "select(B)", "push(Item(n: 3))"])
  }
}
