import ConcurrencyExtras

// Running the parts of a concatenated emission (`Emission.concatenate`) one after the other.
extension InteractorRuntime {
  /// The effect that runs `parts` in order: it starts each part (``startPart(_:ids:scopes:origin:)``)
  /// and waits for the part's effects before the next. It belongs to the step's group like any
  /// effect, so the action's task waits for the last part and cancelling the task cancels the part
  /// under way (the wait on it is cancelled, which cancels the part's group) and starts no other.
  @usableFromInline
  func sequence(
    _ parts: [Emission<State>], callSite: CallSite, ids: [AnyHashableSendable], scopes: [ChildScope],
    origin: Action
  ) -> Emission<State>.Operation {
    Emission<State>.Operation(kind: .perform, priority: nil, callSite: callSite) { [weak self] _, _ in
      for part in parts {
        // The runtime is held only while a part starts: an effect never keeps it alive.
        guard !Task.isCancelled,
          let task = await self?.startPart(part, ids: ids, scopes: scopes, origin: origin)
        else { return }
        await task.finish()
        // A part cancelled as a whole or by one of its ids ends the sequence.
        if Task.isCancelled || task.group?.lostAnEffect == true { return }
      }
    }
  }

  /// Starts the effects of one part in a group of their own, as a step's are started, but without
  /// a state change: the part is planned after the step that returned the sequence was published
  /// (``runAfterStep(_:ids:scopes:group:origin:)``), with the runtime's dependencies bound as for
  /// an action.
  func startPart(
    _ part: Emission<State>, ids: [AnyHashableSendable], scopes: [ChildScope], origin: Action
  ) -> EventTask {
    guard bindsDependencies || DependencyBinding.depth > 0 else {
      return startPartNow(part, ids: ids, scopes: scopes, origin: origin)
    }
    return withDependenciesBound { startPartNow(part, ids: ids, scopes: scopes, origin: origin) }
  }

  private func startPartNow(
    _ part: Emission<State>, ids: [AnyHashableSendable], scopes: [ChildScope], origin: Action
  ) -> EventTask {
    var group: EffectGroup?
    runAfterStep(part, ids: ids, scopes: scopes, group: &group, origin: origin)
    guard let group else { return .none }
    registry.release(group)
    return EventTask(group: group)
  }
}
