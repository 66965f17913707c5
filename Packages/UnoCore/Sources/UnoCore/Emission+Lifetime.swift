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
    to id: some Hashable & Sendable, while isAlive: @escaping @Sendable (State) -> Bool
  ) -> Self {
    if isNone { return self }
    return Self(storage: .lifetime(id: AnyHashableSendable(id), isAlive: isAlive, self))
  }
}
