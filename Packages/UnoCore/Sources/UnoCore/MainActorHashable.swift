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
/// The box is the id it holds: equal to it and hashed as it is, wherever ids are compared as
/// `AnyHashable` (the effect table, `AnyHashableSendable`). An id that reaches the runtime unboxed
/// (a `Debounce(for:id:)` or `Throttle(for:id:)`, which take `any Hashable & Sendable`) is the
/// same id as the one `cancelDebounce(id:)` boxes.
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

  /// Hashed as the id is, so that the box and the id meet in one table.
  public func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }
}

extension _MainActorHashable: _HasCustomAnyHashableRepresentation {
  /// The id itself: `AnyHashable(box)` is `AnyHashable(id)`.
  public func _toCustomAnyHashable() -> AnyHashable? {
    AnyHashable(base)
  }
}
