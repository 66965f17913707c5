import UnoCore

extension Interactor {
  /// Runs this interactor over a stream of actions and returns the stream of its states: the
  /// initial state first, then every change (from actions and from effects), in order.
  ///
  /// ```swift
  /// let (actions, send) = AsyncStream<CounterAction>.makeStream()
  /// let states = CounterInteractor().interact(actions)
  /// send.yield(.increment)
  /// for await state in states { print(state.count) }   // 0, 1, ...
  /// ```
  ///
  /// This is a convenience over an `InteractorRuntime`, with the same guarantees.
  ///
  /// - When `upstream` finishes, effects already started keep running and their changes are still
  ///   emitted; the state stream finishes once the last of them has finished.
  /// - When the consumer stops (the state stream is cancelled or dropped), every effect is
  ///   cancelled.
  public func interact(_ upstream: AsyncStream<Action>) -> AsyncStream<DomainState> {
    let interactor = self
    let (states, continuation) = AsyncStream<DomainState>.makeStream()
    let task = Task { @MainActor in
      let runtime = InteractorRuntime(interactor)
      continuation.yield(runtime.state)
      runtime.addObserver { continuation.yield($0) }
      for await action in upstream {
        runtime.send(action)
      }
      await runtime.waitForAllEffects()
      if Task.isCancelled { runtime.cancelAllEffects() }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return states
  }
}

extension AsyncStream where Element: Sendable {
  /// Runs `interactor` over this stream of actions. See `Interactor.interact(_:)`.
  ///
  /// ```swift
  /// let states = actions.interact(with: CounterInteractor())
  /// ```
  public func interact<I: Interactor>(with interactor: I) -> AsyncStream<I.DomainState>
  where I.Action == Element {
    interactor.interact(self)
  }
}
