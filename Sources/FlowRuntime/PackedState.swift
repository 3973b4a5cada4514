extension Navigator {
  /// Calls `body` with the state's words (see `NavigationState`): what a search of every
  /// state stores for it. Two navigators have the same words exactly when their states are
  /// equal.
  package func withStateWords<Result>(_ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
    current.withWords(body)
  }

  /// The state's words (see `NavigationState`).
  package var packedState: [UInt32] { current.words.array }

  /// Puts the navigator in the state `words` hold, as `withStateWords` gave them, keeping
  /// its history.
  package mutating func restore(packed words: UnsafeBufferPointer<UInt32>) {
    current.assign(words)
  }
}

extension NavigationSnapshot {
  /// The state `words` hold, as `Navigator.withStateWords` gave them for `program`.
  package init(packed words: UnsafeBufferPointer<UInt32>, program: NavigationProgram) {
    self.init(state: NavigationState(words: words))
  }
}
