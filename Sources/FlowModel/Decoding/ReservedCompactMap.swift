extension Collection {
  /// `compactMap` with room for every element reserved first: decoding a mapping of three
  /// handlers then allocates its array once, not once per doubling.
  func compactMapReserving<Result>(_ transform: (Element) throws -> Result?) rethrows
    -> [Result]
  {
    var results: [Result] = []
    results.reserveCapacity(count)
    for element in self {
      if let result = try transform(element) { results.append(result) }
    }
    return results
  }
}
