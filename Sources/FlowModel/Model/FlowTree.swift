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

extension FlowTree {
  /// Where a request is declared: the flow's index in `flows`, the request's in its flow's
  /// `requests`.
  public struct RequestAddress: Sendable, Hashable {
    /// The flow's index in `flows`.
    public var flow: Int
    /// The request's index in that flow's `requests`.
    public var request: Int

    /// The request at `request` in the `requests` of flow `flow`.
    public init(flow: Int, request: Int) {
      self.flow = flow
      self.request = request
    }
  }

  /// Every name a checklist, a property or a run may give a request, and the request it
  /// names: the root's requests by name; a child flow's by `Child.request` (its `flow:`
  /// name), and by its name alone where no flow before it (the root first) declares one
  /// of that name, as a child's screens are named.
  public var requestAddresses: [String: RequestAddress] {
    var addresses: [String: RequestAddress] = [:]
    for (flow, declared) in flows.enumerated() {
      for (request, named) in declared.requests.enumerated() {
        let address = RequestAddress(flow: flow, request: request)
        if addresses[named.name.value] == nil { addresses[named.name.value] = address }
        if flow > 0 { addresses[declared.name.value + "." + named.name.value] = address }
      }
    }
    return addresses
  }

  /// For each flow, the name a checklist gives each of its requests: its own where that name
  /// finds it (`requestAddresses`), else `Child.request`.
  public var requestChecklistNames: [[String]] {
    let addresses = requestAddresses
    return flows.enumerated().map { flow, declared in
      declared.requests.enumerated().map { request, named in
        let name = named.name.value
        guard flow > 0, addresses[name] != RequestAddress(flow: flow, request: request) else {
          return name
        }
        return declared.name.value + "." + name
      }
    }
  }
}
