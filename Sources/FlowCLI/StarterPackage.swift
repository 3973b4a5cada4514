import FlowFileSystem
import FlowGenerator
import FlowSpec

/// The files `flowc init` writes: a first flow whose three checklist items pass and cover
/// all of it, a test target the build plugin generates the items' tests into, and, for a new
/// package, its manifest.
struct StarterPackage {
  /// Where the flowspec package comes from.
  enum Dependency {
    /// A checkout on this machine.
    case path(String)
    /// A Git URL, at this version or later.
    case url(String, from: String)

    /// How the manifest names the package in `.product(name:package:)`: SwiftPM's identity,
    /// the last path component without `.git`.
    var identity: String {
      let location: String
      switch self {
      case .path(let path): location = path
      case .url(let url, _): location = url
      }
      let last = location.split(separator: "/").last.map(String.init) ?? location
      return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }

    /// A checkout's path written relative to the package at `folder`; a URL as it is.
    func relative(to folder: String) -> Dependency {
      guard case .path(let path) = self else { return self }
      return .path(FileSystem.relativePath(to: path, from: folder))
    }

    var manifestEntry: String {
      switch self {
      case .path(let path): ".package(path: \(StarterPackage.quoted(path)))"
      case .url(let url, let version):
        ".package(url: \(StarterPackage.quoted(url)), from: \(StarterPackage.quoted(version)))"
      }
    }
  }

  /// The package's name (a new package's), and the prefix of its test target's name.
  var name: String
  var dependency: Dependency
  /// The schema file for the flow's editor modeline, when there is one on this machine.
  var schemaPath: String?

  /// The test target's name: `AppFlowTests`.
  var testTarget: String { SwiftIdentifier.typeName(name) + "FlowTests" }

  /// Paths (relative to the package) and contents of the files every package gets.
  var files: [(path: String, contents: String)] {
    [
      ("flows/app.yaml", flow),
      ("Tests/\(testTarget)/flowspec.json", #"{ "flows": ["../../flows/app.yaml"] }"# + "\n"),
      ("Tests/\(testTarget)/\(testTarget).swift", testFile),
    ]
  }

  /// The whole manifest of a new package.
  var manifest: String {
    """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
      name: \(Self.quoted(name)),
      dependencies: [\(dependency.manifestEntry)],
      targets: [
    \(testTargetEntry.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
      ]
    )

    """
  }

  /// The test target's entry, for a manifest's `targets:`.
  var testTargetEntry: String {
    let package = Self.quoted(dependency.identity)
    return """
      // Every checklist item of the flows flowspec.json names becomes a Swift Testing case.
      .testTarget(
        name: \(Self.quoted(testTarget)),
        dependencies: [.product(name: "FlowSpec", package: \(package))],
        exclude: ["flowspec.json"],
        plugins: [.plugin(name: "FlowSpecPlugin", package: \(package))])
      """
  }

  private var flow: String {
    let modeline = schemaPath.map { "# yaml-language-server: $schema=\($0)\n" } ?? ""
    return modeline + """
      # Your first flow: a root screen, a pushed screen, an alert, and the checklist that
      # proves them. 'swift test' runs every item as a test; 'flowc check flows/' checks the
      # file as you edit it, 'flowc coverage flows/' shows what the checklist leaves untested.
      flow: App

      start: { setRoot: Home, animated: false }

      screens:
        Home:
          navBar:
            title: Home
            right: { image: gearshape, action: openSettings }
          on:
            openSettings: { push: Settings }

        Settings:
          navBar: { title: Settings }
          on:
            logOut: { present: ConfirmLogOut }

      alerts:
        ConfirmLogOut:
          title: Log out?
          actions:
            - { title: Cancel, style: cancel }
            - { title: Log Out, style: destructive, do: { popToRoot: true } }

      spec: |
        ========= HOME
        [✅] The app starts on Home, without animation
            expect { stack: [Home], animated: false, navBar: { title: Home } }
          [✅] The settings button pushes Settings
              when { tap: right }
              expect { stack: [Home, Settings], animated: true, navBar: { title: Settings } }
            [✅] Logging out asks first: Cancel stays, Log Out goes back to Home
                when logOut
                expect { presented: ConfirmLogOut, alert: { title: Log out? } }
                when [{ alert: Cancel }, logOut, { alert: Log Out }]
                expect { stack: [Home], presented: none }

      """
  }

  private var testFile: String {
    """
    // SwiftPM builds a test target only when it has a Swift file of its own: a target whose
    // only inputs are flows is refused with "C language in tests is not yet supported". This
    // is that file. FlowSpecPlugin adds a test for every checklist item of the flows that
    // flowspec.json names, on every build.
    import FlowSpec
    import Testing

    """
  }

  static func quoted(_ text: String) -> String {
    SwiftIdentifier.stringLiteral(text)
  }
}
