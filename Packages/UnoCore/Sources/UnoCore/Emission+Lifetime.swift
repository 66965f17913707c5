import ConcurrencyExtras

extension Emission {
  /// Ties every effect of this emission, and every effect those start, to the life of a part of
  /// the state: as soon as `isAlive` is false for the runtime's state, they are cancelled.
  ///
  /// This is the tool scoping operators use so that a child's effects die with the child. The
  /// runtime checks `isAlive` after every step that changes state (an action, an effect's write),
  /// whoever made the change, and in the same step cancels every effect tied to a dead `id`,
  /// drops the operator state (``withOperatorState(id:_:)``) created under it, and forgets it.
  /// Effects tied to an `id` that is already dead when the emission runs never start.
  ///
  /// ```swift
  /// // Inside a list operator, for the row `rowID`:
  /// return rowEmission
  ///   .tied(to: RowScope(rowID)) { state in state.rows[id: rowID] != nil }
  /// ```
  ///
  /// - `id` identifies the child for the life of the runtime: use the scope and the child's
  ///   identity (the element id of a row), so that a child added again with the same id is
  ///   watched again, and starts without its predecessor's effects.
  /// - `.cancel(id:)` with the same `id` cancels the child's effects too.
  /// - ``scope(namespace:childState:withState:around:_:)`` qualifies `id` by the outer scope and checks
  ///   the outer child first, so that removing an outer child ends every scope inside it.
  /// - `isAlive` runs on the main actor after each step while the child has effects or operator
  ///   state: keep it cheap (a lookup, not a scan).
  ///
  /// - Parameters:
  ///   - id: The identity of the child's life.
  ///   - isAlive: Whether the child still exists in the given state.
  public func tied(
    to id: some Hashable & Sendable, while isAlive: @escaping @MainActor @Sendable (State) -> Bool
  ) -> Self {
    if isNone { return self }
    return Self(storage: .lifetime(id: AnyHashableSendable(id), isAlive: isAlive, group: nil, self))
  }

  /// Like ``tied(to:while:)``, for one child of many whose lives all depend on one part of the
  /// state (the rows of a list): after a step, the runtime checks the `isAlive` of the group's
  /// children only if the group's ``LifetimeGroup/Version`` changed, so that a step that leaves
  /// the list alone costs the same with 10 rows or 10,000.
  ///
  /// ```swift
  /// // Inside a list operator, for the row `rowID`:
  /// return rowEmission.tied(
  ///   to: RowScope(rowID),
  ///   group: LifetimeGroup(id: listScope) { state in .init(identityOf: state.rows.ids.elements) }
  /// ) { state in state.rows[id: rowID] != nil }
  /// ```
  ///
  /// The version must change whenever `isAlive` could change for a child of the group.
  public func tied(
    to id: some Hashable & Sendable, group: LifetimeGroup<State>,
    while isAlive: @escaping @MainActor @Sendable (State) -> Bool
  ) -> Self {
    if isNone { return self }
    return Self(storage: .lifetime(id: AnyHashableSendable(id), isAlive: isAlive, group: group, self))
  }
}

/// Children whose lives depend on one part of the state, checked together: see
/// ``Emission/tied(to:group:while:)``.
public struct LifetimeGroup<State>: Sendable {
  @usableFromInline let id: AnyHashableSendable
  @usableFromInline let version: @MainActor @Sendable (State) -> Version?

  /// A group named `id` (the list's scope), whose children can only have died when `version`
  /// changed; `version` returns `nil` when the part is gone (then every child is).
  public init(id: some Hashable & Sendable, version: @escaping @MainActor @Sendable (State) -> Version?) {
    self.init(id: AnyHashableSendable(id), version: version)
  }

  @usableFromInline
  init(id: AnyHashableSendable, version: @escaping @MainActor @Sendable (State) -> Version?) {
    (self.id, self.version) = (id, version)
  }

  /// What a group's version is: see ``LifetimeVersion``.
  public typealias Version = LifetimeVersion
}

/// The identity of the storage of an array of ids: equal while the array is not changed.
///
/// It keeps the array it was made from, so its storage cannot be freed and reused: a changed
/// array (copied on write, since the version holds it too) has another address.
public struct LifetimeVersion: Sendable, Equatable {
  let elements: any Sendable
  let address: UInt
  let count: Int

  /// The version of `elements`' storage.
  public init<Element: Sendable>(identityOf elements: [Element]) {
    self.elements = elements
    self.address = elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    self.count = elements.count
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.address == rhs.address && lhs.count == rhs.count
  }
}
