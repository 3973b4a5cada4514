/// A flow with the child flows it uses, each read from its own file: the whole navigation
/// a root flow can reach, as its coordinators' files hold it.
public struct FlowTree: Sendable {
  /// Every flow, the root first; each appears once however many flows use it.
  public var flows: [Flow]
  /// For each flow, the index in `flows` of each child it uses, by the name it uses.
  public var children: [[String: Int]]

  /// A tree of the flows given, the first the root.
  public init(flows: [Flow], children: [[String: Int]]) {
    self.flows = flows
    self.children = children
  }

  /// A flow that uses no other.
  public init(_ flow: Flow) {
    self.init(flows: [flow], children: [[:]])
  }

  /// The root flow.
  public var root: Flow { flows[0] }

  /// The index of the flow `name` names where `flow` uses it.
  public func child(_ name: String, of flow: Int) -> Int? {
    children[flow][name]
  }
}
