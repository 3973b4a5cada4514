/// Generated flows for the benchmarks: shaped like the first article's, at any size.
enum SyntheticFlows {
  /// A flow of `screens` screens, each with a titled nav bar, a tinted right button, three
  /// event handlers (a push with an argument, a guarded branch and a presentation), a
  /// parameter and an `onEnter`; plus an action sheet every ten screens. About 420 bytes a
  /// screen, and it checks clean.
  static func large(screens count: Int) -> String {
    var text = """
      # A synthetic flow of \(count) screens for flowc-bench.
      flow: Synthetic
      state:
        isLogin: false
        isPremium: true
        visits: 0
      start:
        if: isLogin
        then: { setRoot: Screen0, with: { id: 0 }, animated: false }
        else: { setRoot: Screen1, with: { id: 0 }, animated: false }
      screens:

      """
    text.reserveCapacity(count * 450)
    for index in 0..<count {
      let next = (index + 1) % count
      let alert = "Sheet\(index / 10)"
      text += """
          Screen\(index):
            navBar:
              title: Screen number \(index)
              right: { image: plus.circle, style: plain, tint: systemBlue, action: add\(index) }
            on:
              add\(index): { push: Screen\(next), with: { id: \(index) } }
              choose:
                if: isPremium
                then: { push: Screen\((index + 2) % count), with: { id: $id }, animated: true }
                else: { present: \(alert) }
              ask: { present: \(alert) }
            onEnter: { set: { visits: $id } }
            params: { id: Int }

        """
    }
    text += "alerts:\n"
    for index in 0..<((count + 9) / 10) {
      text += """
          Sheet\(index):
            style: actionSheet
            title: Leave screen group \(index)?
            actions:
              - { title: Cancel, style: cancel }
              - { title: Leave, style: destructive, do: { setRoot: Screen\(index * 10 % count), with: { id: 0 }, animated: false } }

        """
    }
    return text
  }

  /// A flow of `screens` screens in a ring: `forward` pushes the next screen, `up` pops,
  /// `home` pops to the root, `ask` presents an alert and `reset` sets the root.
  static func ring(screens count: Int) -> String {
    var text = "flow: Ring\nstate: { laps: 0, isOn: true }\nstart: { setRoot: S0 }\nscreens:\n"
    for index in 0..<count {
      text += """
          S\(index):
            navBar: { title: S\(index), right: { image: plus, action: forward } }
            on:
              forward: { push: S\((index + 1) % count) }
              up: pop
              home: popToRoot
              ask: { present: Question }
              reset:
                if: isOn
                then: [{ set: { laps: 1 } }, { setRoot: S0, animated: false }]

        """
    }
    text += """
      alerts:
        Question:
          title: Continue?
          actions:
            - { title: No, style: cancel }
            - { title: Yes, do: { push: S0 } }

      """
    return text
  }
}
