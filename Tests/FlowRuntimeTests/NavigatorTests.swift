import FlowSpec
import FlowTestSupport
import Testing

/// The first article's flow, loaded once for every test.
private let articleFlow: Flow = {
  let document = try! FlowDocument.load(path: TestFlows.fixture("navigation-service.yaml"))
  return document.validFlow!
}()

/// The article's `makeSUT(isLogin:isFirstLogin:)`.
private func makeNavigator(isLogin: Bool = true, isFirstLogin: Bool = false) throws -> Navigator {
  try Navigator(
    flow: articleFlow, given: ["isLogin": .bool(isLogin), "isFirstLogin": .bool(isFirstLogin)])
}

@Suite("Runtime: the first article's tests, against the interpreter")
struct ArticleNavigatorTests {
  @Test("on init, a user not logged in gets login as root, not animated")
  func initNotLoggedIn() throws {
    let navigator = try makeNavigator(isLogin: false, isFirstLogin: true)
    #expect(navigator.stack == ["Login"])
    #expect(navigator.lastAnimated == false)
    #expect(
      navigator.log == [NavigationLogEntry(call: .setRoot, targets: ["Login"], animated: false)])
  }

  @Test("on init, a logged-in user gets infos as root, not animated")
  func initLoggedIn() throws {
    let navigator = try makeNavigator(isLogin: true, isFirstLogin: true)
    #expect(navigator.stack == ["Infos"])
    #expect(navigator.lastAnimated == false)
  }

  @Test("a first login pushes onboarding, animated")
  func firstLogin() throws {
    var navigator = try makeNavigator(isLogin: false, isFirstLogin: true)
    try navigator.send("login")
    #expect(navigator.stack == ["Login", "Onboarding"])
    #expect(navigator.lastAnimated == true)
  }

  @Test("validating onboarding sets infos as root, animated")
  func validateOnboarding() throws {
    var navigator = try makeNavigator(isLogin: false, isFirstLogin: true)
    try navigator.send(["login", "validateOnboarding"])
    #expect(navigator.stack == ["Infos"])
    #expect(navigator.lastAnimated == true)
  }

  @Test("infos has a title and a red plain logout button with its SF Symbol")
  func infosNavigationBar() throws {
    let bar = try #require(try makeNavigator().navigationBar)
    #expect(bar.title == "Infos")
    #expect(
      bar.right
        == ResolvedBarButton(
          image: "arrowshape.turn.up.left.circle", title: nil, style: .plain, tint: "red",
          action: "presentLogout"))
    #expect(bar.showsBackButton == false)
  }

  @Test(
    "the logout button presents an action sheet with a title, no message, cancel and destructive actions"
  )
  func logoutSheet() throws {
    var navigator = try makeNavigator()
    try navigator.send(.tap(.right))
    #expect(navigator.presented?.description == "alert LogoutSheet")
    #expect(navigator.lastAnimated == true)
    let alert = try #require(navigator.alert)
    #expect(alert.style == .actionSheet)
    #expect(alert.title == "Want to logout?")
    #expect(alert.message == nil)
    #expect(
      alert.actions == [
        .init(title: "Cancel", style: .cancel), .init(title: "Logout", style: .destructive),
      ])
  }

  @Test("confirming logout dismisses the sheet and sets login as root without animation")
  func confirmLogout() throws {
    var navigator = try makeNavigator()
    try navigator.send([.tap(.right), .alertAction("Logout")])
    #expect(navigator.presented == nil)
    #expect(navigator.stack == ["Login"])
    #expect(navigator.lastAnimated == false)
  }

  @Test("logging in after a logout sets infos as root, with no onboarding")
  func loginAfterLogout() throws {
    var navigator = try makeNavigator(isLogin: false, isFirstLogin: true)
    try navigator.send([
      "login", "validateOnboarding", "presentLogout", .alertAction("Logout"), "login",
    ])
    #expect(navigator.stack == ["Infos"])
    #expect(navigator.lastAnimated == true)
    #expect(navigator.value(of: "isFirstLogin") == .bool(false))
  }

  @Test("info details has a back button and a blue plus button; its argument is kept")
  func infoDetails() throws {
    var navigator = try makeNavigator()
    try navigator.send(.named("selectInfo", arguments: ["info": .string("A title")]))
    #expect(navigator.stack == ["Infos", "InfoDetails"])
    #expect(navigator.screens.last?.arguments == ["info": .string("A title")])
    let bar = try #require(navigator.navigationBar)
    #expect(bar.title == "Info Details")
    #expect(bar.showsBackButton)
    #expect(bar.right?.image == "plus")
    #expect(bar.right?.tint == "blue")
  }

  @Test("new info has a title and a back button")
  func newInfo() throws {
    var navigator = try makeNavigator()
    try navigator.send([.named("selectInfo", arguments: ["info": .string("x")]), .tap(.right)])
    #expect(navigator.top == "NewInfo")
    #expect(navigator.navigationBar?.title == "New Info")
    #expect(navigator.navigationBar?.showsBackButton == true)
  }

  @Test("create pops to root, animated, calling popToRoot once")
  func createPopsToRoot() throws {
    var navigator = try makeNavigator()
    try navigator.send([
      .named("selectInfo", arguments: ["info": .string("x")]), "createInfo", "create",
    ])
    #expect(navigator.stack == ["Infos"])
    #expect(navigator.lastAnimated == true)
    #expect(navigator.callCount(.popToRoot) == 1)
  }
}

@Suite("Runtime: UIKit's edges")
struct NavigatorEdgeTests {
  private let flow: Flow

  init() throws {
    flow = try TestFlows.flow(
      """
      flow: Edges
      start: { setRoot: Home }
      screens:
        Home:
          navBar: { title: Home }
          on:
            pop: pop
            popToRoot: popToRoot
            dismiss: dismiss
            open: { push: Locked }
            ask: { present: Question }
            sheet: { present: Modal, style: fullScreen }
        Locked:
          navBar: { title: Locked, backButton: hidden }
          on:
            ask: { present: Question }
        Modal:
          navBar: { title: Modal }
          on:
            ask: { present: Question }
            close: dismiss
      alerts:
        Question:
          title: Sure?
          actions:
            - { title: No, style: cancel }
            - { title: Restart, do: { setRoot: Locked, animated: false } }
      """)
  }

  @Test("pop at the root changes nothing and says so in the log")
  func popAtRoot() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send("pop")
    #expect(navigator.stack == ["Home"])
    #expect(navigator.callCount(.pop) == 1)
    #expect(navigator.log.last?.outcome == .noChange("the stack holds only its root"))
    try navigator.send("popToRoot")
    #expect(navigator.log.last?.outcome == .noChange("already at the root"))
  }

  @Test("dismiss with nothing presented changes nothing and says so")
  func dismissNothing() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send("dismiss")
    #expect(navigator.presented == nil)
    #expect(navigator.log.last?.outcome == .noChange("nothing is presented"))
  }

  @Test(
    "a presented screen presents its own alert, as UIKit presents over the presented controller; nothing goes over an alert"
  )
  func presentOverPresentation() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send(["sheet", "ask"])
    #expect(navigator.presented?.description == "alert Question")
    #expect(
      navigator.presentations.map(\.description) == ["fullScreen Modal", "alert Question"])
    #expect(navigator.callCount(.present) == 2)
    try navigator.send(.alertAction("No"))
    #expect(navigator.presented == .screen(ScreenInstance(name: "Modal"), .fullScreen, stack: nil))
    var nagging = try Navigator(
      flow: try TestFlows.flow(
        TestFlows.header
          + "on: { nag: { present: Question } }\nscreens:\n  Home: {}\nalerts:\n  Question: { actions: [{ title: OK }] }\n"
      ))
    try nagging.send(["nag", "nag"])
    #expect(nagging.presentations.map(\.description) == ["alert Question"])
    #expect(nagging.log.last?.outcome == .refused("'Question' is already presented"))
  }

  @Test("a presented screen handles events and shows its own bar, without a back button")
  func presentedScreen() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send("sheet")
    #expect(navigator.navigationBar?.title == "Modal")
    #expect(navigator.navigationBar?.showsBackButton == false)
    #expect(throws: NavigationError.self) { try navigator.send(.tap(.back)) }
    try navigator.send("close")
    #expect(navigator.presented == nil)
  }

  @Test("back with a hidden back button is refused")
  func hiddenBackButton() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send("open")
    #expect(navigator.navigationBar?.showsBackButton == false)
    let error = #expect(throws: NavigationError.self) { try navigator.send(.tap(.back)) }
    #expect(
      error?.message
        == "the back button of 'Locked' is hidden ('backButton: hidden'), so the user cannot go back"
    )
    #expect(navigator.stack == ["Home", "Locked"])
  }

  @Test("back at the root is refused; back elsewhere pops, animated")
  func back() throws {
    var navigator = try Navigator(flow: flow)
    let error = #expect(throws: NavigationError.self) { try navigator.send(.tap(.back)) }
    #expect(error?.id == "run.no-back-button")
    #expect(error?.message == "'Home' is the root, so there is no back button")
    var article = try makeNavigator()
    try article.send([.named("selectInfo", arguments: ["info": .string("x")]), .tap(.back)])
    #expect(article.stack == ["Infos"])
    #expect(article.lastAnimated == true)
    #expect(article.callCount(.pop) == 1)
  }

  @Test("an event the top screen does not handle names the screen and what it handles")
  func unhandledEvent() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send("open")
    let error = #expect(throws: NavigationError.self) { try navigator.send("pop") }
    #expect(error?.message == "screen 'Locked' does not handle 'pop'; it handles 'ask'")
  }

  @Test("while an alert is up, screens get no events and the alert lists its actions")
  func alertBlocksEvents() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send("ask")
    let error = #expect(throws: NavigationError.self) { try navigator.send("open") }
    #expect(
      error?.message
        == "alert 'Question' is presented and covers the screens, so 'open' cannot reach one; tap one of its actions: 'No' or 'Restart'"
    )
    #expect(throws: NavigationError.self) { try navigator.send(.alertAction("Maybe")) }
    #expect(navigator.availableEvents == [.alertAction("No"), .alertAction("Restart")])
  }

  @Test("setRoot inside an alert action runs after the alert is dismissed")
  func setRootInAlertAction() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send(["open", "ask", .alertAction("Restart")])
    #expect(navigator.presented == nil)
    #expect(navigator.stack == ["Locked"])
    #expect(navigator.lastAnimated == false)
    #expect(
      navigator.log.map(\.description).suffix(2) == [
        "alertAction(Question, Restart)", "setRoot(Locked, animated: false)",
      ])
  }

  @Test("a cancel action just dismisses the alert")
  func cancelAction() throws {
    var navigator = try Navigator(flow: flow)
    try navigator.send(["ask", .alertAction("No")])
    #expect(navigator.presented == nil)
    #expect(navigator.stack == ["Home"])
  }

  @Test("an unknown state or a wrong type in 'given' is refused")
  func givenErrors() throws {
    let flow = try TestFlows.flow(
      "flow: A\nstate: { isLogin: false }\nstart: { setRoot: Home }\nscreens:\n  Home: {}\n")
    let error = #expect(throws: NavigationError.self) {
      try Navigator(flow: flow, given: ["isLogn": .bool(true)])
    }
    #expect(error?.message == "flow 'A' has no state 'isLogn'; it has 'isLogin'")
    #expect(error?.id == "run.unknown-state")
    #expect(throws: NavigationError.self) {
      try Navigator(flow: flow, given: ["isLogin": .string("yes")])
    }
  }

  @Test("an event argument a handler needs must be sent")
  func missingEventArgument() throws {
    var navigator = try makeNavigator()
    let error = #expect(throws: NavigationError.self) { try navigator.send("selectInfo") }
    #expect(
      error?.message
        == "event 'selectInfo' needs the argument 'info', as in '{ selectInfo: { info: … } }'")
  }

  @Test("navigators are values: a copy branches a scenario")
  func valueSemantics() throws {
    let start = try makeNavigator()
    var branch = start
    try branch.send(.tap(.right))
    #expect(start.presented == nil)
    #expect(branch.presented?.description == "alert LogoutSheet")
  }
}
