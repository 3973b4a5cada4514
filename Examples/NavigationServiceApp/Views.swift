// The article's SwiftUI views, as far as navigation sees them: each is hosted in a
// `UIHostingController`, and the service names none of them by text. Their bodies are the
// app's and not needed here.

public struct LoginView { public init() {} }
public struct OnboardingView { public init() {} }
public struct InfosView { public init() {} }
public struct InfoDetailsView {
  public let info: String
  public init(info: String) { self.info = info }
}
public struct NewInfoView { public init() {} }
