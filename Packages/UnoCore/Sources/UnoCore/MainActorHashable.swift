/// An effect id whose `Hashable` conformance is main-actor isolated, held where a `Sendable` id
/// is needed. You do not use this type directly.
///
/// In a module whose default isolation is `MainActor` (a new Xcode project's setting), a team's
/// `enum SearchRequest: Hashable { case id }` conforms to `Hashable` on the main actor only, and
/// Swift refuses such a conformance for a parameter that must also be `Sendable`. The forms of
/// `Emission.cancellable(id:cancelInFlight:)`, `Emission.cancel(id:)` and
/// `Emission.cancelDebounce(id:)` that take it are main-actor isolated, and hold the id in this
/// box.
///
/// Why the box is safe to share: the id is a value, and it is hashed and compared only by the
/// runtime's effect table, which is main-actor isolated (``InteractorRuntime``).
public struct _MainActorHashable<Base: Hashable>: Hashable, @unchecked Sendable {
  /// The id.
  public let base: Base

  /// Holds `base`.
  @inlinable
  public init(_ base: Base) {
    self.base = base
  }
}
