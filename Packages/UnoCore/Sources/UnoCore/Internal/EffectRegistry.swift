import ConcurrencyExtras
import Synchronization

/// The bookkeeping of one runtime's in-flight effects: which tasks run, for which action, under
/// which ids, and who waits for them.
///
/// Everything lives behind one lock, so a cancellation (from any thread, through an
/// ``EventTask``) and a state write (on the main actor, through ``Send``) are totally ordered: a
/// write that comes after a cancellation is dropped. The lock is an ``AsyncCondition``'s, whose
/// waiters are the tasks awaiting idleness (and the harness's deinit, blocked until effects
/// return): a change wakes the waiters it satisfies, and costs nothing more while none waits.
/// The tasks awaiting a group (``EventTask/finish()``) are kept in the group instead: see
/// ``wait(for:isolation:)``.
///
/// Task handles are cancelled and continuations resumed *outside* the lock, because both can run
/// arbitrary code (cancellation handlers) that may call back into the registry.
@usableFromInline
final class EffectRegistry: Sendable {
  struct Effect {
    var task: Task<Void, Never>?
    let group: UInt64
    let ids: [AnyHashableSendable]
    /// The action that started the effect, for diagnostics.
    let origin: any Sendable
    var isCancelled = false
  }

  struct Group {
    /// Live effects, plus one while the action that owns the group is still being handled.
    var pending = 1
    var effects: [UInt64] = []
    var waiters: [CheckedContinuation<Void, Never>] = []
    var isCancelled = false
    /// The handle, so that closing the registry can mark it cancelled. The reference cycle
    /// (handle -> registry -> group -> handle) lasts only while the group is open.
    let handle: EffectGroup
  }

  struct Storage {
    var nextKey: UInt64 = 0
    var effects: [UInt64: Effect] = [:]
    var groups: [UInt64: Group] = [:]
    var keysByID: [AnyHashableSendable: [UInt64]] = [:]
    var isClosed = false

    mutating func makeKey() -> UInt64 {
      nextKey &+= 1
      return nextKey
    }

    /// Marks the effect cancelled and returns its task, if it has one yet.
    ///
    /// A cancelled effect can no longer be found by its ids: nothing cancels it twice or waits for
    /// it by id, so it leaves `keysByID` now rather than when its task returns. Otherwise a burst
    /// of `cancelInFlight` effects (a debounce) left every cancelled one listed under the id until
    /// its task ran, and each new effect's cancellation walked them all: quadratic in the burst.
    mutating func markCancelled(_ key: UInt64) -> Task<Void, Never>? {
      guard effects[key]?.isCancelled == false else { return nil }
      effects[key]!.isCancelled = true
      forgetIDs(of: key)
      return effects[key]!.task
    }

    /// Removes the effect from the list of each of its ids.
    mutating func forgetIDs(of key: UInt64) {
      guard let ids = effects[key]?.ids else { return }
      forget(key, under: ids)
    }

    /// Removes `key` from the list of each of `ids`.
    mutating func forget(_ key: UInt64, under ids: [AnyHashableSendable]) {
      for id in ids {
        guard var keys = keysByID[id], let index = keys.lastIndex(of: key) else { continue }
        keys.remove(at: index)
        keysByID[id] = keys.isEmpty ? nil : keys
      }
    }
  }

  private let storage = AsyncCondition(Storage())

  // MARK: Groups

  /// Opens a group for one action. It stays open until ``release(_:)``.
  @usableFromInline
  func makeGroup() -> EffectGroup {
    storage.withState { storage in
      let group = EffectGroup(id: storage.makeKey(), registry: self)
      storage.groups[group.id] = Group(handle: group)
      return group
    }
  }

  /// Says that the action owning `group` has been handled: the group completes once its effects
  /// have.
  @usableFromInline
  func release(_ group: EffectGroup) {
    let waiters = storage.withState { storage in Self.decrement(group: group.id, in: &storage) }
    for waiter in waiters { waiter.resume() }
  }

  /// Counts down the group's pending work; at zero it is complete, and gone, and its waiters are
  /// returned, to be resumed outside the lock.
  private static func decrement(
    group id: UInt64, in storage: inout Storage
  ) -> [CheckedContinuation<Void, Never>] {
    guard var group = storage.groups[id] else { return [] }
    group.pending -= 1
    if group.pending == 0 {
      storage.groups[id] = nil
      return group.waiters
    }
    storage.groups[id] = group
    return []
  }

  /// Cancels every effect of `group`, and every effect it would start later.
  func cancel(group: EffectGroup) {
    group.markCancelled()
    let tasks = storage.withState { storage -> [Task<Void, Never>] in
      guard storage.groups[group.id] != nil else { return [] }
      storage.groups[group.id]!.isCancelled = true
      return storage.groups[group.id]!.effects.compactMap { storage.markCancelled($0) }
    }
    for task in tasks { task.cancel() }
  }

  /// Returns once `group` has completed. Cancelling the waiting task cancels the group.
  ///
  /// Runs in the caller's isolation, so that resuming it does not hop through the global
  /// executor first.
  ///
  /// Not an ``AsyncCondition`` wait, unlike ``waitUntilIdle(isolation:)``: the waiters are kept
  /// in their group, and resumed by the change that completes it, without a condition to check
  /// on every change. Quick mode measured the condition wait on the effect round trip (whose
  /// caller awaits this): 15.6 µs instead of 14.1 µs on one CPU, 1.35× the floor instead of 1.22×
  /// (2026-11-26).
  func wait(for group: EffectGroup, isolation: isolated (any Actor)? = #isolation) async {
    let token = SuspendedWaiters.enter("EventTask.finish, group \(group.id): \(describe(group: group.id))")
    defer { SuspendedWaiters.leave(token) }
    await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: isolation) {
        (continuation: CheckedContinuation<Void, Never>) in
        let isDone = storage.withState { storage -> Bool in
          guard storage.groups[group.id] != nil else { return true }
          storage.groups[group.id]!.waiters.append(continuation)
          return false
        }
        if isDone { continuation.resume() }
      }
    } onCancel: {
      self.cancel(group: group)
    }
  }

  // MARK: Effects

  /// Registers an effect before its task exists. Returns `nil` when it must not run: its group
  /// was cancelled or the registry is closed.
  @usableFromInline
  func reserve(group: EffectGroup, ids: [AnyHashableSendable], origin: any Sendable) -> UInt64? {
    let key = storage.withState { storage -> UInt64? in
      guard !storage.isClosed, let owner = storage.groups[group.id], !owner.isCancelled else { return nil }
      let key = storage.makeKey()
      storage.effects[key] = Effect(group: group.id, ids: ids, origin: origin)
      storage.groups[group.id]!.pending += 1
      storage.groups[group.id]!.effects.append(key)
      for id in ids { storage.keysByID[id, default: []].append(key) }
      return key
    }
    if key != nil { group.markStartedEffects() }
    return key
  }

  /// Hands the registry the task of a reserved effect. If the effect was cancelled in between,
  /// the task is cancelled now; if it already finished, there is nothing to keep.
  @usableFromInline
  func attach(_ task: Task<Void, Never>, to key: UInt64) {
    let cancelNow = storage.withState { storage -> Bool in
      guard storage.effects[key] != nil else { return false }
      storage.effects[key]!.task = task
      return storage.effects[key]!.isCancelled
    }
    if cancelNow { task.cancel() }
  }

  /// How many effects have finished or been cancelled so far: the runtime looks for child scopes
  /// with nothing left to end only when it changed.
  var endedEffects: Int { ended.load(ordering: .relaxed) }
  private let ended = Atomic<Int>(0)

  /// Forgets a finished effect and completes its group if it was the last one.
  @usableFromInline
  func finish(_ key: UInt64) {
    defer { ended.add(1, ordering: .relaxed) }
    let waiters = storage.withState { storage -> [CheckedContinuation<Void, Never>] in
      guard let effect = storage.effects.removeValue(forKey: key) else { return [] }
      if !effect.isCancelled { storage.forget(key, under: effect.ids) }
      storage.groups[effect.group]?.effects.removeAll { $0 == key }
      return Self.decrement(group: effect.group, in: &storage)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once no effect is running. Cancelling the waiting task returns early. Runs in the
  /// caller's isolation, as ``wait(for:isolation:)``.
  func waitUntilIdle(isolation: isolated (any Actor)? = #isolation) async {
    await storage.wait(
      until: { $0.effects.isEmpty }, isolation: isolation,
      what: "waitForAllEffects, running: \(runningEffectOrigins)")
  }

  /// Blocks the calling thread until every effect that is not cancelled has returned, or
  /// `timeout` has passed.
  func blockUntilNoLiveEffects(timeout: Duration) {
    _ = storage.blockingWait(until: { $0.effects.values.allSatisfy(\.isCancelled) }, timeout: timeout)
  }

  /// Whether the effect may still write state: it is running and was not cancelled.
  @usableFromInline
  func isLive(_ key: UInt64) -> Bool {
    storage.reading { $0.effects[key].map { !$0.isCancelled } ?? false }
  }

  /// Cancels every running effect with one of `ids`.
  ///
  /// With `endingScopes` (the ids are child scopes that are gone), a group whose every effect is
  /// now cancelled is marked cancelled too, so that its ``EventTask`` reports it.
  @usableFromInline
  func cancel(ids: [AnyHashableSendable], endingScopes: Bool = false) {
    guard !ids.isEmpty else { return }
    defer { ended.add(1, ordering: .relaxed) }
    let (tasks, groups) = storage.withState { storage -> ([Task<Void, Never>], [EffectGroup]) in
      var tasks: [Task<Void, Never>] = []
      var touched: Set<UInt64> = []
      for id in ids {
        for key in storage.keysByID[id] ?? [] {
          if let task = storage.markCancelled(key) { tasks.append(task) }
          if endingScopes, let group = storage.effects[key]?.group { touched.insert(group) }
        }
      }
      var emptied: [EffectGroup] = []
      for id in touched {
        guard let group = storage.groups[id],
          group.effects.allSatisfy({ storage.effects[$0]?.isCancelled ?? true })
        else { continue }
        storage.groups[id]!.isCancelled = true
        emptied.append(group.handle)
      }
      return (tasks, emptied)
    }
    for group in groups { group.markCancelled() }
    for task in tasks { task.cancel() }
  }

  /// Which of `ids` have at least one running effect that is not cancelled.
  func idsWithEffects(among ids: some Sequence<AnyHashableSendable>) -> Set<AnyHashableSendable> {
    storage.reading { storage in
      var found: Set<AnyHashableSendable> = []
      for id in ids where storage.keysByID[id] != nil { found.insert(id) }
      return found
    }
  }

  /// Cancels every running effect. With `close`, also refuses new ones: the owner is gone.
  func cancelAll(close: Bool) {
    let tasks = storage.withState { storage -> [Task<Void, Never>] in
      guard close else { return storage.effects.keys.compactMap { storage.markCancelled($0) } }
      storage.isClosed = true
      for id in storage.groups.keys {
        storage.groups[id]!.isCancelled = true
        storage.groups[id]!.handle.markCancelled()
      }
      return storage.effects.keys.compactMap { storage.markCancelled($0) }
    }
    for task in tasks { task.cancel() }
  }

  /// The actions whose effects are still running and not cancelled, oldest first.
  var runningEffectOrigins: [any Sendable] {
    storage.reading { storage in
      storage.effects.sorted { $0.key < $1.key }.filter { !$0.value.isCancelled }.map(\.value.origin)
    }
  }

  /// A group's state and its effects' actions, for ``SuspendedWaiters``.
  private func describe(group id: UInt64) -> String {
    storage.reading { storage in
      guard let group = storage.groups[id] else { return "completed" }
      let origins = group.effects.compactMap { storage.effects[$0] }.map {
        "\($0.origin)\($0.isCancelled ? " (cancelled)" : "")\($0.task == nil ? " (no task yet)" : "")"
      }
      return
        "pending \(group.pending), cancelled \(group.isCancelled), effects [\(origins.joined(separator: ", "))]"
    }
  }

  /// A snapshot of what is tracked, for diagnostics and leak tests.
  var counts: (effects: Int, groups: Int, ids: Int, listed: Int) {
    storage.reading { storage in
      (
        storage.effects.count, storage.groups.count, storage.keysByID.count,
        storage.keysByID.values.reduce(0) { $0 + $1.count }
      )
    }
  }
}

/// The effects started by one action (and by the effects it started), shared by its
/// ``EventTask`` and the registry.
@usableFromInline
final class EffectGroup: Sendable {
  let id: UInt64
  let registry: EffectRegistry
  private let cancelled = Atomic(false)
  private let startedEffects = Atomic(false)

  init(id: UInt64, registry: EffectRegistry) {
    self.id = id
    self.registry = registry
  }

  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
  var hasStartedEffects: Bool { startedEffects.load(ordering: .acquiring) }

  func markCancelled() { cancelled.store(true, ordering: .releasing) }
  func markStartedEffects() { startedEffects.store(true, ordering: .releasing) }
}
