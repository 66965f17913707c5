import ConcurrencyExtras

// Child scopes: a row of a `forEach`, an optional or enum child. When one is gone from the state,
// its effects are cancelled and its operator state dropped.
extension InteractorRuntime {
  /// A child scope the runtime watches: how to tell that it is still alive, and the operator
  /// state slots created under it.
  @usableFromInline
  struct Scope {
    @usableFromInline let isAlive: @Sendable (State) -> Bool
    @usableFromInline var slots: Set<AnyHashableSendable> = []

    @usableFromInline
    init(isAlive: @escaping @Sendable (State) -> Bool) {
      self.isAlive = isAlive
    }
  }

  /// Ends every watched scope whose child is gone from the state: cancels its effects (their
  /// event tasks report cancelled once all their effects are), drops its operator state and
  /// forgets it. Forgets the scopes that have nothing left to end, too.
  @usableFromInline
  func endDeadScopes() {
    var dead: [AnyHashableSendable] = []
    for (id, scope) in scopes where !scope.isAlive(_state) { dead.append(id) }
    for id in dead {
      for slot in scopes.removeValue(forKey: id)?.slots ?? [] { operatorStates[slot] = nil }
    }
    registry.cancel(ids: dead, endingScopes: true)
    let withEffects = registry.idsWithEffects(among: scopes.keys)
    if withEffects.count < scopes.count {
      let idle = scopes.filter { id, scope in !hasSomethingToEnd(id, scope, withEffects: withEffects) }
      for id in idle.keys { scopes[id] = nil }
    }
    hasScopes = !scopes.isEmpty
  }

  /// Whether the scope `id` still has effects running (`withEffects`) or operator state held.
  func hasSomethingToEnd(
    _ id: AnyHashableSendable, _ scope: Scope, withEffects: Set<AnyHashableSendable>
  ) -> Bool {
    withEffects.contains(id) || scope.slots.contains { operatorStates[$0] != nil }
  }

  /// The watched child scopes that still have something to end: a scope whose effects finished
  /// is forgotten at the next step, and not counted meanwhile.
  var childScopeCount: Int {
    let withEffects = registry.idsWithEffects(among: scopes.keys)
    return scopes.count { id, scope in hasSomethingToEnd(id, scope, withEffects: withEffects) }
  }
}
