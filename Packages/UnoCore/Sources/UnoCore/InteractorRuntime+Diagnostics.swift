// What a runtime tracks, for tests that check nothing accumulates and for leak reports.
extension InteractorRuntime {
  /// What the runtime tracks right now.
  public struct Diagnostics: Sendable, Equatable, CustomStringConvertible {
    /// Effects that have started and not finished (cancelled ones included until they return).
    public var runningEffects: Int
    /// Event tasks whose effects have not all finished.
    public var openEventTasks: Int
    /// Effect identities with at least one running effect that is not cancelled.
    public var cancellationIDs: Int
    /// Running effects that can be found by an id, once per id (a cancelled effect cannot be:
    /// it leaves its ids when it is cancelled, not when its task returns).
    public var effectsListedByID: Int = 0
    /// Actions waiting to be handled.
    public var queuedActions: Int
    /// Operator-state slots held (see ``Emission/withOperatorState(id:_:)``).
    public var operatorStates: Int
    /// Child scopes (a row of a `forEach`, an optional or enum child) with running effects or
    /// operator state, whose removal the runtime watches for (see ``Emission/tied(to:while:)``).
    public var childScopes: Int = 0

    /// Whether nothing is tracked: no running effect, open event task, id or queued action.
    public var isIdle: Bool {
      runningEffects == 0 && openEventTasks == 0 && cancellationIDs == 0 && queuedActions == 0
    }

    public var description: String {
      "\(runningEffects) running effects, \(openEventTasks) open event tasks, "
        + "\(cancellationIDs) cancellation ids, \(queuedActions) queued actions, "
        + "\(operatorStates) operator states, \(childScopes) child scopes"
    }
  }

  /// What the runtime tracks right now. Once every effect has finished, everything but the state
  /// is zero.
  public var diagnostics: Diagnostics {
    let counts = registry.counts
    return Diagnostics(
      runningEffects: counts.effects, openEventTasks: counts.groups, cancellationIDs: counts.ids,
      effectsListedByID: counts.listed, queuedActions: queue.count - queueHead,
      operatorStates: operatorStates.count, childScopes: childScopeCount
    )
  }

  /// How many effects are running and actions are queued: what ``diagnostics`` says of them,
  /// without its other counts (a child scope's count walks the scopes). An exploration asks after
  /// every step whether its effects are done.
  @_spi(Internals)
  public var pendingWork: (runningEffects: Int, queuedActions: Int) {
    (registry.counts.effects, queue.count - queueHead)
  }

  /// How many effects are running, readable from any context (the effect registry is locked): a
  /// test harness asks, from the thread of a clock that wakes its effects, whether they all sleep.
  @_spi(Internals)
  nonisolated public var runningEffectCount: Int { registry.counts.effects }

  /// The actions whose effects are still running (and not cancelled), oldest effect first; an
  /// action appears once per running effect.
  ///
  /// Readable from any context (the effect registry is locked), for instance from a deinit.
  nonisolated public var actionsWithRunningEffects: [Action] {
    registry.runningEffectOrigins.compactMap { $0 as? Action }
  }

  /// ``actionsWithRunningEffects``, once every effect that is not cancelled has returned or
  /// `timeout` has passed, whichever comes first. It blocks the calling thread: for the test
  /// harness's deinit, where an effect whose last write reached the test may still be returning
  /// on its own thread.
  @_spi(Internals)
  nonisolated public func actionsWithRunningEffects(waitingUpTo timeout: Duration) -> [Action] {
    registry.blockUntilNoLiveEffects(timeout: timeout)
    return actionsWithRunningEffects
  }
}
