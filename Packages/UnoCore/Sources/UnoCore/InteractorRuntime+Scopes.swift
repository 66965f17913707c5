import ConcurrencyExtras

// Child scopes: a row of a `forEach`, an optional or enum child. When one is gone from the state,
// its effects are cancelled and its operator state dropped.
//
// After a step, the runtime must find the scopes that died. A scope in a group (the rows of one
// `forEach`, ``LifetimeGroup``) is checked only when its group's version changed: a step that
// leaves the list alone checks nothing per row. Scopes in no group are checked every time.
// Scopes with nothing left to end are forgotten only after some effect ended or was cancelled.
extension InteractorRuntime {
  /// A child scope the runtime watches: how to tell that it is still alive, the group it is
  /// checked with, and the operator state slots created under it.
  @usableFromInline
  struct Scope {
    @usableFromInline let isAlive: @MainActor @Sendable (State) -> Bool
    @usableFromInline let group: AnyHashableSendable?
    @usableFromInline var slots: Set<AnyHashableSendable> = []

    @usableFromInline
    init(isAlive: @escaping @MainActor @Sendable (State) -> Bool, group: AnyHashableSendable?) {
      (self.isAlive, self.group) = (isAlive, group)
    }
  }

  /// The scopes of one ``LifetimeGroup``, and its version when they were last checked.
  @usableFromInline
  struct ScopeGroup {
    @usableFromInline let version: @MainActor @Sendable (State) -> LifetimeVersion?
    @usableFromInline var members: Set<AnyHashableSendable> = []
    /// `nil` until the first check after the group was made.
    @usableFromInline var checked: LifetimeVersion??

    @usableFromInline
    init(version: @escaping @MainActor @Sendable (State) -> LifetimeVersion?) {
      self.version = version
    }
  }

  /// Starts watching `scope`, if it is not watched yet.
  @usableFromInline
  func watch(_ scope: ChildScope) {
    guard scopes[scope.id] == nil else { return }
    scopes[scope.id] = Scope(isAlive: scope.isAlive, group: scope.group?.id)
    if let group = scope.group {
      scopeGroups[group.id, default: ScopeGroup(version: group.version)].members.insert(scope.id)
    } else {
      ungroupedScopes.insert(scope.id)
    }
    hasScopes = true
  }

  /// Ends every watched scope whose child is gone from the state: cancels its effects (their
  /// event tasks report cancelled once all their effects are), drops its operator state and
  /// forgets it. Forgets the scopes that have nothing left to end, too.
  @usableFromInline
  func endDeadScopes() {
    var dead: [AnyHashableSendable] = []
    for (id, group) in scopeGroups {
      let version = group.version(_state)
      if let checked = group.checked, checked == version { continue }
      scopeGroups[id]!.checked = .some(version)
      for member in group.members where scopes[member].map({ !$0.isAlive(_state) }) ?? false {
        dead.append(member)
      }
    }
    for id in ungroupedScopes where scopes[id].map({ !$0.isAlive(_state) }) ?? false { dead.append(id) }
    for id in dead { forget(id) }
    registry.cancel(ids: dead, endingScopes: true)
    let ended = registry.endedEffects
    if ended != endedEffectsSeen {
      endedEffectsSeen = ended
      let withEffects = registry.idsWithEffects(among: scopes.keys)
      if withEffects.count < scopes.count {
        let idle = scopes.filter { id, scope in !hasSomethingToEnd(id, scope, withEffects: withEffects) }
        for id in idle.keys { forget(id) }
      }
    }
    hasScopes = !scopes.isEmpty
  }

  /// Stops watching the scope `id` and drops the operator state created under it.
  func forget(_ id: AnyHashableSendable) {
    guard let scope = scopes.removeValue(forKey: id) else { return }
    for slot in scope.slots { operatorStates[IDKey(slot)] = nil }
    if let group = scope.group {
      scopeGroups[group]?.members.remove(id)
      if scopeGroups[group]?.members.isEmpty == true { scopeGroups[group] = nil }
    } else {
      ungroupedScopes.remove(id)
    }
  }

  /// Whether the scope `id` still has effects running (`withEffects`) or operator state held.
  func hasSomethingToEnd(
    _ id: AnyHashableSendable, _ scope: Scope, withEffects: Set<AnyHashableSendable>
  ) -> Bool {
    withEffects.contains(id) || scope.slots.contains { operatorStates[IDKey($0)] != nil }
  }

  /// The watched child scopes that still have something to end: a scope whose effects finished
  /// is forgotten at a later step, and not counted meanwhile.
  var childScopeCount: Int {
    let withEffects = registry.idsWithEffects(among: scopes.keys)
    return scopes.count { id, scope in hasSomethingToEnd(id, scope, withEffects: withEffects) }
  }
}
