import FlowTestSupport
import Foundation
import Testing

/// The generated event surface: the app binds each event of the flow, or the build fails
/// saying which event and where the flow handles it.
@Suite("A flow's events are a typed protocol: a missing binding is a compile error")
struct EventBindingTests {
  static let flow = """
    flow: Shop
    start: { setRoot: Home }
    links:
      "shop://detail/{id}": { routes: [{ Detail: { id: $id } }] }
    screens:
      Home:
        navBar: { title: Home, right: { image: plus, action: add } }
        on:
          add: { push: New }
          show: { push: Detail, with: { id: $id } }
          rename: { set: { name: $newName } }
      Detail:
        params: { id: Int }
      New: {}
    state: { name: "" }
    spec: |
      [ ] shows
          when { show: { id: 1 } }
          expect { top: { Detail: { id: 1 } } }
    """

  static let app = """
    import FlowSpec
    import Foundation

    @MainActor final class App {
      func show(id: Int) {}
      func rename(newName: String) {}
      func open(url: URL) {}
    }

    @MainActor struct AppDriver: FlowAppDriver {
      let spy = FlowNavigationControllerSpy()
      let events = App()
      init(start: ScenarioStart) {}
    }

    extension App: ShopEvents {}
    """

  /// Generates the flow's tests for `driver` from a flowspec.json, and type-checks them with
  /// the app's code.
  private func typeCheck(app: String, driver: String) throws -> CLIResult {
    let folder = try TemporaryFolder()
    let flow = try folder.write("flows/app.yaml", Self.flow)
    let config = try folder.write(
      "Tests/AppTests/flowspec.json",
      #"{ "flows": ["../../flows"], "drivers": { "Shop": "\#(driver)" } }"#)
    let generated = folder.path + "/Tests/AppTests/Generated.swift"
    let gen = flowc(["gen", flow, "--output-file", generated, "--config", config])
    #expect(gen.status == 0, "\(gen)")
    let source = try String(contentsOfFile: generated, encoding: .utf8)
    #expect(source.contains("func show(id: Int) async throws  // show: app.yaml:10"), "\(source)")
    #expect(source.contains("func rename(newName: String) async throws"))
    #expect(source.contains("func add() async throws  // add: app.yaml:9, a bar button's action"))
    #expect(source.contains("func open(url: Foundation.URL) async throws"))
    let appFile = try folder.write("Tests/AppTests/App.swift", app)
    return try typeCheckSwift([generated, appFile])
  }

  @Test("an app that binds every event builds; a bar button's action needs no binding")
  func complete() throws {
    let result = try typeCheck(app: Self.app, driver: "AppDriver")
    #expect(result.status == 0, "\(result)")
  }

  @Test("an app whose types share the library's and Testing's names still builds")
  func collidingNames() throws {
    let colliding = """


      struct Value {}
      struct NavigationEvent {}
      final class BarButtonItem {}
      struct DriverError {}
      struct EventArguments {}
      struct Observation {}
      struct Screen {}
      struct Tab {}
      struct Alert {}
      struct Comment {}
      struct SourceLocation {}
      struct Issue {}
      struct URL {}

      """
    let app = Self.app.replacingOccurrences(of: "url: URL", with: "url: Foundation.URL")
    let result = try typeCheck(app: app + colliding, driver: "AppDriver")
    #expect(result.status == 0, "\(result)")
  }

  @Test("an event the app does not bind fails the build, naming it and the flow's line")
  func missingEvent() throws {
    let result = try typeCheck(
      app: Self.app.replacingOccurrences(of: "func show(id: Int) {}", with: ""),
      driver: "AppDriver")
    #expect(result.status != 0)
    #expect(
      (result.output + result.errors).contains("does not conform to protocol 'ShopEvents'"),
      "\(result)")
    #expect((result.output + result.errors).contains("show(id:)"), "\(result)")
    #expect((result.output + result.errors).contains("// show: app.yaml:10"), "\(result)")
  }

  @Test("a driver type that does not exist fails the build, naming flowspec.json")
  func missingDriverType() throws {
    let result = try typeCheck(app: Self.app, driver: "AppDrivr")
    #expect(result.status != 0)
    #expect(
      (result.output + result.errors).contains("cannot find 'AppDrivr' in scope"), "\(result)")
    #expect(
      (result.output + result.errors).contains(
        "flowspec.json names AppDrivr as the driver of flow 'Shop'"))
  }

  @Test("a driver whose events are not the flow's fails the build, naming the protocol")
  func eventsNotBound() throws {
    let result = try typeCheck(
      app: Self.app.replacingOccurrences(of: "extension App: ShopEvents {}", with: ""),
      driver: "AppDriver")
    #expect(result.status != 0)
    #expect((result.output + result.errors).contains("ShopEvents"), "\(result)")
  }
}
