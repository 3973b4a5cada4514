import FlowSpec
import FlowTestSupport
import Foundation
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

/// A service as an app declares it, with a completion handler.
@MainActor
protocol ItemsLoading {
  func load(completion: @escaping (Result<[String], any Error>) -> Void)
}

/// The test's service spy: each load starts on the library's request spy.
@MainActor
final class ItemsServiceSpy: ItemsLoading {
  let requests: FlowRequestSpy
  init(requests: FlowRequestSpy) { self.requests = requests }

  func load(completion: @escaping (Result<[String], any Error>) -> Void) {
    requests.start("load") { outcome in
      completion(
        try outcome.result(
          success: { try $0.strings("items") },
          failure: { NSError(domain: "load", code: try $0.int("code")) }))
    }
  }
}

/// A view model that loads on init and pushes the details once items came.
@MainActor
final class LoaderApp {
  enum Bug: String { case none, noLoadOnInit, loadsTwice }

  let navigation: UINavigationController
  let service: any ItemsLoading
  private(set) var items: [String] = []

  init(navigation: UINavigationController, service: any ItemsLoading, bug: Bug) {
    self.navigation = navigation
    self.service = service
    navigation.setViewControllers([HomeViewController()], animated: false)
    if bug != .noLoadOnInit { load() }
    if bug == .loadsTwice { load() }
  }

  func load() {
    service.load { [weak self] result in
      guard let self, case .success(let items) = result else { return }
      self.items = items
      self.navigation.pushViewController(DetailViewController(), animated: true)
    }
  }
}

@MainActor
struct LoaderDriver: FlowAppDriver {
  let spy = FlowNavigationControllerSpy()
  let requests: FlowRequestSpy? = FlowRequestSpy()
  let events: LoaderApp

  init(start: ScenarioStart) {
    let bug = LoaderApp.Bug(rawValue: start.string("bug")) ?? .none
    events = LoaderApp(
      navigation: spy, service: ItemsServiceSpy(requests: requests!), bug: bug)
  }

  var state: [String: Value] { FlowValue.values(["items": events.items]) }

  func receive(_ event: NavigationEvent, visibleScreen: String?) async throws -> Bool { false }
}

/// The same app bound without a request spy.
@MainActor
struct LoaderDriverWithoutRequests: FlowAppDriver {
  let spy = FlowNavigationControllerSpy()
  let events: LoaderApp

  init(start: ScenarioStart) {
    let service = ItemsServiceSpy(requests: FlowRequestSpy())
    events = LoaderApp(navigation: spy, service: service, bug: .none)
  }

  func receive(_ event: NavigationEvent, visibleScreen: String?) async throws -> Bool { false }
}

private let loaderFlow = """
  flow: Loader
  state: { bug: none, items: [] }
  requests:
    load:
      onSuccess:
        - set: { items: $items }
        - push: Detail
  start:
    - setRoot: Home
    - request: load
  screens:
    Home: {}
    Detail: {}
  spec: |
    [ ] loading shows the items
        when { complete: load, with: { items: [a, b] } }
        expect { stack: [Home, Detail], state: { items: [a, b] }, pending: [] }
    [ ] a failed load stays home
        when { fail: load, with: { code: 500 } }
        expect { stack: [Home], state: { items: [] }, pending: [] }
    [ ] the app loads once on init
        given { bug: loadsTwice }
        expect { pending: [load] }
    [ ] the app loads on init
        given { bug: noLoadOnInit }
        when { complete: load, with: { items: [a] } }
        expect { stack: [Home, Detail] }
  """

@Suite("Requests: the app's service spy starts them on the library's, the steps resolve them")
@MainActor
struct RequestDriverTests {
  let runner = ChecklistRunner(flow: try! TestFlows.flow(loaderFlow))

  @Test("complete and fail reach the app's completion with the step's values; pending is seen")
  func agrees() async {
    for entry in runner.entries.prefix(2) {
      let result = await runner.run(entry, against: LoaderDriver.self)
      #expect(result.failures.map(\.message) == [], "\(entry.item.text.value)")
    }
  }

  @Test("an app that starts a request twice fails the item's pending expectation")
  func startsTwice() async {
    let result = await runner.run(runner.entries[2], against: LoaderDriver.self)
    #expect(
      result.failures.map(\.message) == [
        "the app disagrees: expected pending [load], found [load, load]"
      ])
  }

  @Test("an app that never starts the request fails the step, saying nothing is pending")
  func neverStarts() async {
    let result = await runner.run(runner.entries[3], against: LoaderDriver.self)
    #expect(
      result.failures.map(\.message).contains {
        $0.contains("the app has no pending request 'load' to complete (pending: none)")
      }, "\(result.failures.map(\.message))")
  }

  @Test("a driver without a request spy fails a complete step, saying how to give it one")
  func noRequestSpy() async {
    let result = await runner.run(runner.entries[0], against: LoaderDriverWithoutRequests.self)
    #expect(
      result.failures.map(\.message).contains { $0.contains("let requests = FlowRequestSpy()") },
      "\(result.failures.map(\.message))")
  }

  @Test("the exploration compares pending requests: a second load is a finding about them")
  func explorationSeesPending() async throws {
    let flow = loaderFlow.replacingOccurrences(of: "bug: none", with: "bug: loadsTwice")
    let buggy = ChecklistRunner(flow: try TestFlows.flow(flow))
    let finding = try #require(
      await buggy.explore(against: LoaderDriver.self, budget: .init(events: 20, seed: 1)))
    #expect(
      finding.differences.map(\.description) == [
        "pending requests: flow [load], app [load, load]"
      ])
    #expect(finding.events.isEmpty)
    let clean = await runner.explore(against: LoaderDriver.self, budget: .init(events: 50, seed: 1))
    #expect(clean == nil, "\(clean.map(\.description) ?? "")")
  }

  @Test("the library's spy resolves the index-th pending request of a name, in start order")
  func resolvesByIndex() throws {
    let spy = FlowRequestSpy()
    var resolved: [String] = []
    for id in ["a", "b"] {
      spy.start("fetch", ["id": .string(id)]) { _ in resolved.append(id) }
    }
    spy.start("other") { _ in resolved.append("other") }
    #expect(try spy.resolve(.complete("fetch", index: 1)))
    #expect(resolved == ["b"])
    #expect(spy.pending.map(\.description) == [#"fetch(id: "a")"#, "other"])
    #expect(throws: DriverError.self) { try spy.resolve(.fail("fetch", index: 1)) }
    #expect(try !spy.resolve(.named("go")))
  }
}
