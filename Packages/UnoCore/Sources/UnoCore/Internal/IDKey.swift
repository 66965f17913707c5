import ConcurrencyExtras

/// An effect's id (``Emission/cancellable(id:cancelInFlight:)``, or a child scope's) as the
/// effect registry's dictionary key: equal when the values it wraps have the same type and are
/// equal.
///
/// `AnyHashableSendable`'s own `==` wraps both values in `AnyHashable`, each a dynamic cast that
/// looks the value's conformances up in the runtime's tables: most of what a lookup by id cost (a
/// debounced action, which cancels the one before by id, spent more in those casts than in its
/// effect's start). Here the left value is opened and the right one cast to its type, which
/// compares two type pointers. The hash is `AnyHashableSendable`'s, so equal keys hash alike.
/// (Unlike `AnyHashable`, values of two numeric types, such as `1` and `1 as Int8`, are two
/// keys; ids of different types are different ids.)
@usableFromInline
struct IDKey: Hashable, Sendable {
  @usableFromInline let id: AnyHashableSendable

  @inlinable init(_ id: AnyHashableSendable) { self.id = id }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    isEqual(lhs.id.base, to: rhs.id.base)
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}

@inlinable
func isEqual<Value: Hashable>(_ lhs: Value, to rhs: any Hashable & Sendable) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}
