import ConcurrencyExtras
import Synchronization

/// The bookkeeping of one runtime's in-flight effects: which tasks run, for which action, under
/// which ids, and who waits for them.
///
/// Everything changes behind one lock, so that cancellations (from any thread, through an
/// ``EventTask``), starts and ends are totally ordered. An effect's "cancelled" and "finished"
/// flags are atomics as well, set under the lock: a state write (on the main actor, through
/// ``Send``) checks them without it, and a write that comes after a cancellation is dropped. The
/// lock is an ``AsyncCondition``'s, whose waiters are the tasks awaiting idleness (and the
/// harness's deinit, blocked until effects return): a change wakes the waiters it satisfies, and
/// costs nothing more while none waits.
/// The tasks awaiting a group (``EventTask/finish()``) are kept in the group instead: see
/// ``wait(for:isolation:)``.
///
/// Task handles are cancelled and continuations resumed *outside* the lock, because both can run
/// arbitrary code (cancellation handlers) that may call back into the registry.
@usableFromInline
final class EffectRegistry: Sendable {
  /// What the registry keeps under its lock. The effects and groups themselves are objects
  /// (``EffectRecord``, ``EffectGroup``) that the runtime holds while it works with them, so that
  /// checking or updating one is a field access, not a lookup: the tables below are for what
  /// enumerates them (closing, waiting for idleness, diagnostics), each touched twice in an
  /// effect's life (when it starts and when it ends), at the slot the object keeps.
  struct Storage: Sendable {
    var nextKey: UInt64 = 0
    /// Running effects; their ``EffectRecord/key`` is the order they started in.
    var effects = SlotTable<EffectRecord>()
    /// Groups that are not complete yet.
    var groups = SlotTable<EffectGroup>()
    /// Running effects that are not cancelled, under each of their ids.
    var effectsByID: [IDKey: [EffectRecord]] = [:]
    var isClosed = false

    mutating func makeKey() -> UInt64 {
      nextKey &+= 1
      return nextKey
    }

    /// Marks the effect cancelled and returns its task, if it has one yet.
    ///
    /// A cancelled effect can no longer be found by its ids: nothing cancels it twice or waits for
    /// it by id, so it leaves `effectsByID` now rather than when its task returns. Otherwise a
    /// burst of `cancelInFlight` effects (a debounce) left every cancelled one listed under the id
    /// until its task ran, and each new effect's cancellation walked them all: quadratic in the
    /// burst.
    mutating func markCancelled(_ effect: EffectRecord, _ why: EffectCancellation) -> Task<Void, Never>? {
      guard !effect.isCancelled, !effect.isFinished else { return nil }
      effect.markCancelled(why)
      effect.group?.markLostAnEffect()
      forget(effect)
      return effect.takeTaskToCancel()
    }

    /// Removes the effect from the list of each of its ids.
    mutating func forget(_ effect: EffectRecord) {
      for id in effect.ids {
        guard var listed = effectsByID[IDKey(id)], let index = listed.lastIndex(where: { $0 === effect })
        else {
          continue
        }
        listed.remove(at: index)
        effectsByID[IDKey(id)] = listed.isEmpty ? nil : listed
      }
    }
  }

  private let storage = AsyncCondition(Storage())

  // MARK: Groups

  /// Opens a group for one action. It stays open until ``release(_:)``.
  @usableFromInline
  func makeGroup() -> EffectGroup {
    storage.withState { storage in openGroup(in: &storage) }
  }

  private func openGroup(in storage: inout Storage) -> EffectGroup {
    let group = EffectGroup(id: storage.makeKey(), registry: self)
    storage.groups.insert(group)
    return group
  }

  /// Says that the action owning `group` has been handled: the group completes once its effects
  /// have.
  @usableFromInline
  func release(_ group: EffectGroup) {
    let waiters = storage.withState { storage in Self.decrement(group, in: &storage) }
    for waiter in waiters { waiter.resume() }
  }

  /// Counts down the group's pending work; at zero it is complete, and gone, and its waiters are
  /// returned, to be resumed outside the lock.
  private static func decrement(
    _ group: EffectGroup, in storage: inout Storage
  ) -> OneOrMore<UnsafeContinuation<Void, Never>> {
    guard !group.isComplete else { return OneOrMore() }
    group.pending -= 1
    guard group.pending == 0 else { return OneOrMore() }
    group.isComplete = true
    storage.groups.remove(group)
    defer { group.waiters = OneOrMore() }
    return group.waiters
  }

  /// Cancels every effect of `group`, and every effect it would start later.
  func cancel(group: EffectGroup) {
    group.markCancelled()
    let tasks = storage.withState { storage -> [Task<Void, Never>] in
      guard !group.isComplete else { return [] }
      return group.effects.compactMap { storage.markCancelled($0, .eventTask) }
    }
    cancel(tasks)
  }

  /// Returns once `group` has completed. Cancelling the waiting task cancels the group.
  ///
  /// Runs in the caller's isolation, so that resuming it does not hop through the global
  /// executor first.
  ///
  /// Not an ``AsyncCondition`` wait, unlike ``waitUntilIdle(isolation:)``: the waiters are kept
  /// in their group, and resumed by the change that completes it, without a condition to check
  /// on every change, which slowed the effect round trip (whose caller awaits this) by a tenth
  /// (docs/performance-history.md, "The round trip's bookkeeping, the debounce and the fan-out").
  ///
  /// An unsafe continuation, not a checked one (which allocates a guard against a second
  /// resumption): it is resumed exactly once, either here when the group is already complete or
  /// by the change that completes it, which takes it out of the group under the lock first.
  func wait(for group: EffectGroup, isolation: isolated (any Actor)? = #isolation) async {
    let token = SuspendedWaiters.enter("EventTask.finish, group \(group.id): \(describe(group))")
    defer { SuspendedWaiters.leave(token) }
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: isolation) {
        (continuation: UnsafeContinuation<Void, Never>) in
        let isDone = storage.withState { _ -> Bool in
          guard !group.isComplete else { return true }
          group.waiters.append(continuation)
          return false
        }
        if isDone { continuation.resume() }
      }
    } onCancel: {
      self.cancel(group: group)
    }
  }

  // MARK: Effects

  /// Registers `effect` before its task exists, in `group`, or in a group opened now (as
  /// ``makeGroup()`` does) when it is `nil`. Not reserved when it must not run: its group was
  /// cancelled or the registry is closed.
  ///
  /// With `releasingNewGroup`, a group opened here is released at once (as ``release(_:)``
  /// would), in the same turn of the lock: for a step whose one effect is this one, so that
  /// nothing else can start in the group before the step ends, and the step need not take the
  /// lock again to release it. The group then completes when the effect returns.
  @usableFromInline
  func reserve(
    _ effect: EffectRecord, in group: EffectGroup?, releasingNewGroup: Bool = false
  ) -> (group: EffectGroup, reserved: Bool) {
    let (group, reserved) = storage.withState { storage -> (EffectGroup, Bool) in
      let opened = group == nil
      let group = group ?? openGroup(in: &storage)
      let released = opened && releasingNewGroup
      guard !storage.isClosed, !group.isComplete, !group.isCancelled else {
        // Nothing to wait for: the group opened for the effect completes now.
        if released { _ = Self.decrement(group, in: &storage) }
        return (group, false)
      }
      if released { group.pending -= 1 }
      effect.key = storage.makeKey()
      effect.group = group
      storage.effects.insert(effect)
      group.pending += 1
      group.effects.append(effect)
      for id in effect.ids { storage.effectsByID[IDKey(id), default: []].append(effect) }
      return (group, true)
    }
    if reserved { group.markStartedEffects() }
    return (group, reserved)
  }

  /// Hands the registry the task of a reserved effect. If the effect was cancelled in between,
  /// the task is cancelled now; if it already finished, there is nothing to keep.
  ///
  /// Without the lock (see ``EffectRecord/attach(_:)``): taking it here cost a round trip about
  /// 100 ns, measured.
  /// Moves the newest live effect listed under `id` into `group` (or into a group opened now,
  /// as ``reserve(_:in:releasingNewGroup:)`` does, when it is `nil`), as the effect of `origin`:
  /// the group it was in no longer waits for it, and completes now if it was all that group
  /// waited for; `group` waits for it instead. Returns the effect, or `nil` when nothing was
  /// adopted: no live effect has that id, or `group` must not start effects (complete,
  /// cancelled, or the registry closed).
  ///
  /// Main-actor isolated: a record's `group` changes only on the main actor and under the lock,
  /// so that a reader holding either sees a settled value (see ``EffectRecord``).
  @usableFromInline @MainActor
  func adopt(
    newestWith id: AnyHashableSendable, into group: inout EffectGroup?, origin: any Sendable
  ) -> EffectRecord? {
    let (target, adopted, waiters) = storage.withState {
      storage -> (EffectGroup?, EffectRecord?, OneOrMore<UnsafeContinuation<Void, Never>>) in
      guard let effect = storage.effectsByID[IDKey(id)]?.last(where: { !$0.isCancelled && !$0.isFinished })
      else {
        return (group, nil, OneOrMore())
      }
      let target = group ?? openGroup(in: &storage)
      guard !storage.isClosed, !target.isComplete, !target.isCancelled else {
        return (target, nil, OneOrMore())
      }
      effect.origin = origin
      guard let previous = effect.group, previous !== target else { return (target, effect, OneOrMore()) }
      previous.effects.removeFirst { $0 === effect }
      effect.group = target
      target.pending += 1
      target.effects.append(effect)
      return (target, effect, Self.decrement(previous, in: &storage))
    }
    group = target
    for waiter in waiters { waiter.resume() }
    if adopted != nil { target?.markStartedEffects() }
    return adopted
  }

  @usableFromInline
  func attach(_ task: Task<Void, Never>, to effect: EffectRecord) {
    if effect.attach(task) { cancel([task]) }
  }

  /// Whether cancellations are made known to the tasks' executor (``RunningEffect/isCancelling``):
  /// set when the runtime runs its effects on an executor of its own, a test harness's.
  let marksCancellations = Atomic<Bool>(false)

  /// Cancels `tasks`, outside the registry's lock. When ``marksCancellations`` is set, under
  /// ``RunningEffect/isCancelling``: a task's cancellation handlers (a sleep's) resume it from the
  /// cancelling thread while the concurrency runtime holds the task's status locked, and an
  /// executor that waited there for the task to run would wait for a lock its own thread holds.
  private func cancel(_ tasks: [Task<Void, Never>]) {
    guard !tasks.isEmpty else { return }
    guard marksCancellations.load(ordering: .relaxed) else {
      for task in tasks { task.cancel() }
      return
    }
    RunningEffect.$isCancelling.withValue(true) {
      for task in tasks { task.cancel() }
    }
  }

  /// How many effects have finished or been cancelled so far: the runtime looks for child scopes
  /// with nothing left to end only when it changed.
  var endedEffects: Int { ended.load(ordering: .relaxed) }
  private let ended = Atomic<Int>(0)

  /// Forgets a finished effect and completes its group if it was the last one.
  @usableFromInline
  func finish(_ effect: EffectRecord) {
    defer { ended.add(1, ordering: .relaxed) }
    let waiters = storage.withState { storage -> OneOrMore<UnsafeContinuation<Void, Never>> in
      guard !effect.isFinished else { return OneOrMore() }
      effect.markFinished()
      effect.dropTask()
      storage.effects.remove(effect)
      if !effect.isCancelled { storage.forget(effect) }
      guard let group = effect.group else { return OneOrMore() }
      group.effects.removeFirst { $0 === effect }
      return Self.decrement(group, in: &storage)
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
    _ = storage.blockingWait(until: { $0.effects.elements.allSatisfy(\.isCancelled) }, timeout: timeout)
  }

  /// Whether the effect may still write state: it is running and was not cancelled.
  ///
  /// Without the lock: the flags are written under it, before the task is cancelled or the
  /// effect's group completes, so a write checked after a cancellation returned sees it.
  @usableFromInline
  func isLive(_ effect: EffectRecord) -> Bool {
    !effect.isCancelled && !effect.isFinished
  }

  /// Cancels every running effect with one of `ids`.
  ///
  /// With `endingScopes` (the ids are child scopes that are gone), a group whose every effect is
  /// now cancelled is marked cancelled too, so that its ``EventTask`` reports it.
  @usableFromInline
  func cancel(ids: [AnyHashableSendable], endingScopes: Bool = false) {
    guard !ids.isEmpty else { return }
    defer { ended.add(1, ordering: .relaxed) }
    let tasks = storage.withState { storage -> [Task<Void, Never>] in
      var tasks: [Task<Void, Never>] = []
      var touched: [ObjectIdentifier: EffectGroup] = [:]
      for id in ids {
        for effect in storage.effectsByID[IDKey(id)] ?? [] {
          if let task = storage.markCancelled(effect, endingScopes ? .scopeEnded : .id) { tasks.append(task) }
          if endingScopes, let group = effect.group { touched[ObjectIdentifier(group)] = group }
        }
      }
      for group in touched.values where !group.isComplete && group.effects.allSatisfy(\.isCancelled) {
        group.markCancelled()
      }
      return tasks
    }
    cancel(tasks)
  }

  /// Which of `ids` have at least one running effect that is not cancelled.
  func idsWithEffects(among ids: some Sequence<AnyHashableSendable>) -> Set<AnyHashableSendable> {
    storage.reading { storage in
      var found: Set<AnyHashableSendable> = []
      for id in ids where storage.effectsByID[IDKey(id)] != nil { found.insert(id) }
      return found
    }
  }

  /// Cancels every running effect. With `close`, also refuses new ones: the owner is gone.
  func cancelAll(close: Bool) {
    let tasks = storage.withState { storage -> [Task<Void, Never>] in
      if close {
        storage.isClosed = true
        for group in storage.groups.elements { group.markCancelled() }
      }
      let why: EffectCancellation = close ? .released : .all
      return storage.effects.elements.sorted { $0.key < $1.key }.compactMap { storage.markCancelled($0, why) }
    }
    cancel(tasks)
  }

  /// The actions whose effects are still running and not cancelled, oldest first.
  var runningEffectOrigins: [any Sendable] {
    storage.reading { storage in
      storage.effects.elements.sorted { $0.key < $1.key }.filter { !$0.isCancelled }.map(\.origin)
    }
  }

  /// A group's state and its effects' actions, for ``SuspendedWaiters``.
  private func describe(_ group: EffectGroup) -> String {
    storage.reading { _ in
      guard !group.isComplete else { return "completed" }
      let origins = group.effects.map {
        "\($0.origin)\($0.isCancelled ? " (cancelled)" : "")\($0.hasTask ? "" : " (no task yet)")"
      }
      return
        "pending \(group.pending), cancelled \(group.isCancelled), effects [\(origins.joined(separator: ", "))]"
    }
  }

  /// A snapshot of what is tracked, for diagnostics and leak tests.
  var counts: (effects: Int, groups: Int, ids: Int, listed: Int) {
    storage.reading { storage in
      (
        storage.effects.count, storage.groups.count, storage.effectsByID.count,
        storage.effectsByID.values.reduce(0) { $0 + $1.count }
      )
    }
  }
}

/// One running effect, from ``EffectRegistry/reserve(_:in:)`` until its task returns
/// (``EffectRegistry/finish(_:)``). The runtime's closures for the effect (its `send`, its task)
/// hold it, so that the registry finds it without a lookup. The runtime's subclass
/// (`InteractorRuntime.EffectContext`) adds what those closures need, so that an effect is one
/// object.
@usableFromInline
class EffectRecord: SlotTableElement, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the `let`s are constants of `Sendable` types or atomics;
  // `key` is written once, by `reserve` under the registry's lock, before the effect's task (the
  // first other thread to see the record) is created; `slot` and `origin` are only read or
  // written by the registry, inside its condition's lock (`withState`, `reading` and the
  // conditions it evaluates under it); `group` is written only on the main actor while holding
  // the lock (by `reserve` and by `adopt`, which moves the effect to another group) and read
  // either under the lock or on the main actor (the runtime's `write` and `report`), so that each
  // read is ordered after every write; `task` is handed over through `taskState` (see there).
  // The `var`s have no dynamic exclusivity checks: each access is instantaneous and made under
  // the registry's lock, or (for `key`) after the write that the task's creation orders before
  // it, or (for `group`) on the main actor, or (for `task`) by the one thread that `taskState`
  // gives it to.
  @exclusivity(unchecked) final var key: UInt64 = 0
  /// Where the registry's table of running effects keeps it, while it runs.
  @exclusivity(unchecked) final var slot = 0
  /// The group it runs in, from its reservation on (another one once adopted).
  @exclusivity(unchecked) @usableFromInline final var group: EffectGroup?
  final let ids: [AnyHashableSendable]
  /// The action that started the effect, or last adopted it, for diagnostics.
  @exclusivity(unchecked) final var origin: any Sendable
  /// The effect's task, for its cancellation; `nil` before ``attach(_:)`` and once it is no
  /// longer needed.
  @exclusivity(unchecked) private final var task: Task<Void, Never>?
  /// Who may touch `task`, so that the task is handed over without the registry's lock: the
  /// runtime stores it (``attach(_:)``) on the main actor while a cancellation or the task's end
  /// (under the lock, on any thread) may already have come. Each side moves the state once, with
  /// a compare-and-exchange from `unattached`; the side that finds the other's state acts on the
  /// task, the other leaves it alone:
  ///
  /// - `attached`: stored. A cancellation takes it to cancel it; the end of the effect drops it.
  /// - `cancelledFirst`: cancelled before it was stored. ``attach(_:)`` cancels it and drops it.
  /// - `finishedFirst`: the effect ended before it was stored. ``attach(_:)`` drops it.
  ///
  /// The exchanges acquire and release, so the store in ``attach(_:)`` happens before any read or
  /// drop by another thread, and after `attached` only the registry's lock holders touch `task`.
  private let taskState = Atomic<UInt8>(TaskState.unattached)
  private enum TaskState {
    static let unattached: UInt8 = 0
    static let attached: UInt8 = 1
    static let cancelledFirst: UInt8 = 2
    static let finishedFirst: UInt8 = 3
  }
  /// Written under the registry's lock; atomic so that ``EffectRegistry/isLive(_:)``, asked
  /// twice in every effect's life, reads them without taking it.
  private let cancelled = Atomic<UInt8>(0)
  private let finished = Atomic(false)

  @usableFromInline
  init(ids: [AnyHashableSendable], origin: any Sendable) {
    (self.ids, self.origin) = (ids, origin)
  }

  /// Stores the effect's task; returns `true` when it must be cancelled now, because a
  /// cancellation came first (the task is then not kept, nor when the effect ended first).
  final func attach(_ task: Task<Void, Never>) -> Bool {
    self.task = task
    let (stored, found) = taskState.compareExchange(
      expected: TaskState.unattached, desired: TaskState.attached, ordering: .acquiringAndReleasing)
    if stored { return false }
    self.task = nil
    return found == TaskState.cancelledFirst
  }

  /// The task to cancel, for a cancellation made under the registry's lock: the task if it is
  /// attached, otherwise `nil`, and ``attach(_:)`` will cancel it.
  final func takeTaskToCancel() -> Task<Void, Never>? {
    let (marked, found) = taskState.compareExchange(
      expected: TaskState.unattached, desired: TaskState.cancelledFirst, ordering: .acquiringAndReleasing)
    return !marked && found == TaskState.attached ? task : nil
  }

  /// Forgets the task once the effect has ended, under the registry's lock: the task's handle
  /// refers to the task, whose closure refers to this record.
  final func dropTask() {
    let (marked, found) = taskState.compareExchange(
      expected: TaskState.unattached, desired: TaskState.finishedFirst, ordering: .acquiringAndReleasing)
    if !marked && found == TaskState.attached { task = nil }
  }

  /// Whether the task has been stored (for diagnostics).
  final var hasTask: Bool { taskState.load(ordering: .acquiring) == TaskState.attached }

  final var isCancelled: Bool { cancelled.load(ordering: .acquiring) != 0 }
  /// Why it was cancelled, if it was.
  @usableFromInline final var cancellation: EffectCancellation? {
    EffectCancellation(rawValue: cancelled.load(ordering: .acquiring))
  }
  final var isFinished: Bool { finished.load(ordering: .acquiring) }
  final func markCancelled(_ why: EffectCancellation) { cancelled.store(why.rawValue, ordering: .releasing) }
  final func markFinished() { finished.store(true, ordering: .releasing) }
}

/// Why an effect was cancelled (an inspector shows it beside the effect's end).
@usableFromInline
enum EffectCancellation: UInt8, Sendable, CustomStringConvertible {
  /// `cancel(id:)`, or a new effect with the same id and `cancelInFlight`.
  case id = 1
  /// The child feature it belongs to was removed (a row, a presented screen).
  case scopeEnded
  /// The `EventTask` of the action that started it was cancelled.
  case eventTask
  /// `cancelAllEffects()`.
  case all
  /// Its runtime (its view model) was released.
  case released

  @usableFromInline var description: String {
    switch self {
    case .id: "its id was cancelled"
    case .scopeEnded: "its child feature was removed"
    case .eventTask: "its action's EventTask was cancelled"
    case .all: "every effect was cancelled"
    case .released: "its view model (runtime) was released"
    }
  }
}

/// The effects started by one action (and by the effects it started), shared by its
/// ``EventTask`` and the registry.
@usableFromInline
final class EffectGroup: SlotTableElement, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `id` and `registry` are constants, the flags atomics; the
  // `var`s are only read or written by `registry`, inside its condition's lock.
  let id: UInt64
  let registry: EffectRegistry
  private let cancelled = Atomic(false)
  private let startedEffects = Atomic(false)
  private let lostEffect = Atomic(false)
  // The `var`s have no dynamic exclusivity checks: each access is instantaneous and made under
  // the registry's lock.

  /// Where the registry's table of open groups keeps it, while it is open.
  @exclusivity(unchecked) var slot = 0
  /// Live effects, plus one while the action that owns the group is still being handled.
  @exclusivity(unchecked) var pending = 1
  /// Its running effects.
  @exclusivity(unchecked) var effects = OneOrMore<EffectRecord>()
  /// The tasks awaiting ``EventTask/finish()``.
  @exclusivity(unchecked) var waiters = OneOrMore<UnsafeContinuation<Void, Never>>()
  /// Whether `pending` reached zero: the group is complete and no effect starts in it again.
  /// (The registry holds the group while it is open; the cycle, registry to group to registry,
  /// lasts no longer.)
  @exclusivity(unchecked) var isComplete = false

  init(id: UInt64, registry: EffectRegistry) {
    self.id = id
    self.registry = registry
  }

  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
  var hasStartedEffects: Bool { startedEffects.load(ordering: .acquiring) }

  func markCancelled() { cancelled.store(true, ordering: .releasing) }
  func markStartedEffects() { startedEffects.store(true, ordering: .releasing) }

  /// Whether one of its effects was cancelled before it returned (by its group, an id, or the
  /// runtime going away): a concatenated part that lost one ends its sequence.
  var lostAnEffect: Bool { lostEffect.load(ordering: .acquiring) }
  func markLostAnEffect() { lostEffect.store(true, ordering: .releasing) }
}
