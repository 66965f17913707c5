import IdentifiedCollections
@_spi(Internals) import UnoCore

extension Shared {
  /// A reference to the element with `id`, `nil` while there is none.
  ///
  /// ```swift
  /// // A reference for a detail screen: `nil` if the element is not there now.
  /// guard let standup = Shared(state.$standups[id: id]) else { return .state }
  ///
  /// // Removing it through the reference (IdentifiedArray's `subscript(id:)` semantics):
  /// state.$standups[id: id].withLock { $0 = nil }
  /// ```
  ///
  /// A change through it is a change of the array, seen by every holder of the array. Writing a
  /// value where there is none appends it; writing `nil` removes the element.
  public subscript<ID: Hashable & Sendable, Element: Sendable>(id id: ID) -> Shared<Element?>
  where Value == IdentifiedArray<ID, Element> {
    _appending(
      get: { .some($0[id: id]) },
      modify: { array, body in
        body(&array[id: id])
        return true
      }
    )
  }
}
