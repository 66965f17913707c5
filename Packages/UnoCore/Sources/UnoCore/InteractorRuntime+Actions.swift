import Dependencies

// Taking actions in: `send` on the main actor, `post` from anywhere, and the queue of actions sent
// while another is being handled.
extension InteractorRuntime {
  /// An action sent while another was being handled, and the group its ``EventTask`` covers.
  @usableFromInline
  struct QueuedAction: Sendable {
    let action: Action
    let group: EffectGroup
  }

  /// Handles `action` now: the state has changed and observers have been told by the time this
  /// returns. Returns the ``EventTask`` of the effects it started.
  ///
  /// If the runtime is already handling an action (you called `send` from an observer), the
  /// action is queued and handled as soon as the current one is done, still before the
  /// outermost `send` returns; the returned task covers its effects once it has been handled.
  @discardableResult
  @inlinable
  public func send(_ action: Action) -> EventTask {
    guard !isHandling else { return enqueue(action) }
    return handleOutermost(action, queuedAs: nil)
  }

  /// An action handled as the outermost step (sent, or posted): with the runtime's dependencies
  /// bound when they must be (see ``bindsDependencies``).
  @inlinable @inline(__always)
  func handleOutermost(_ action: Action, queuedAs group: EffectGroup?) -> EventTask {
    guard bindsDependencies || DependencyBinding.depth > 0 else { return handle(action, queuedAs: group) }
    return withDependenciesBound { handle(action, queuedAs: group) }
  }

  /// The step of an action: the interactor changes the state. Always inlined, as ``step(_:_:_:)``
  /// is, so that a state-only send is one specialised body.
  @inlinable @inline(__always)
  func handle(_ action: Action, queuedAs group: EffectGroup?) -> EventTask {
    step(action, .action(queuedAs: group)) { interactor.interact(state: &$0, action: action) }
  }

  /// Runs `body` with this runtime's dependencies bound (see ``dependencies``).
  @usableFromInline
  func withDependenciesBound<R>(_ body: () -> R) -> R {
    DependencyBinding.depth += 1
    defer { DependencyBinding.depth -= 1 }
    return DependencyValues.$_current.withValue(dependencies, operation: body)
  }

  /// Sends `action` from any context: handled now if the caller is isolated to the main actor
  /// (as ``send(_:)``), otherwise queued and handled on the main actor, in the order posted.
  ///
  /// Where the caller runs is told by `isolation`, which the compiler fills in (`#isolation`);
  /// the thread is not a guide (the main actor need not run on the main thread, and does not
  /// under Swift Testing on Linux).
  ///
  /// The returned ``EventTask`` covers the action's effects from the start: `finish()` waits
  /// for the action to be handled and for its effects. Call ``handlePostedActions()`` from the
  /// main actor to make sure everything posted so far has been handled (the test harness does so
  /// before every assertion).
  ///
  /// ```swift
  /// // In a nonisolated test:
  /// runtime.post(.increment)
  /// await runtime.post(.incrementLater).finish()
  /// ```
  public func post(
    _ action: Action, isolation: isolated (any Actor)? = #isolation
  ) -> EventTask {
    if let isolation, isolation === MainActor.shared {
      return MainActor.assumeIsolated { send(action) }
    }
    let group = registry.makeGroup()
    inbox.withLock { $0.append(QueuedAction(action: action, group: group)) }
    Task { @MainActor [weak self] in self?.handlePostedActions() }
    return EventTask(group: group)
  }

  /// Handles every action posted from another context (``post(_:isolation:)``) and not handled yet, in the
  /// order posted.
  public func handlePostedActions() {
    while true {
      let posted = inbox.withLock { inbox -> [QueuedAction] in
        defer { inbox.removeAll() }
        return inbox
      }
      if posted.isEmpty { return }
      for queued in posted {
        guard !isHandling else {
          queue.append(queued)
          continue
        }
        _ = handleOutermost(queued.action, queuedAs: queued.group)
      }
    }
  }

  /// Whether actions sent during a step wait in the queue.
  @inlinable var hasQueuedActions: Bool { queueHead < queue.count }

  @usableFromInline
  func enqueue(_ action: Action) -> EventTask {
    let group = registry.makeGroup()
    queue.append(QueuedAction(action: action, group: group))
    return EventTask(group: group)
  }

  /// Handles the queued actions, oldest first, each as a step inside the outermost one.
  @usableFromInline
  func drainQueue() {
    // A shared change from outside that arrived during the step is published after the queued
    // actions (which may queue more, or bring another change).
    while hasQueuedActions || isRepublishPending {
      guard hasQueuedActions else {
        if let tracking = unretainedSharedTracking { publishSharedChange(tracking) }
        continue
      }
      let queued = queue[queueHead]
      queueHead += 1
      _ = handle(queued.action, queuedAs: queued.group)
    }
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
  }
}
