import Synchronization

// Shared values (`Shared`): knowing which ones the state holds, and publishing their changes.
/// What a runtime tracks about shared values once one may be in its state. Not generic, so that
/// the step's calls into it cost the same for every feature.
///
/// Its properties have their dynamic exclusivity checks turned off: they were a third of what
/// telling a holder about a change cost. Safe for the same reason as the runtime's bookkeeping:
/// the tracking is only touched by its runtime on the main actor, and every access is
/// instantaneous (none is passed `inout` or held while other code runs).
@usableFromInline
final class SharedTracking {
  /// The storages the state held when it was last scanned, sorted: a state holds few, and a
  /// binary search of a few integers costs less than hashing one.
  @exclusivity(unchecked) @usableFromInline var holdings: [ObjectIdentifier] = [] {
    didSet { onlyHolding = holdings.count == 1 ? holdings[0] : nil }
  }
  /// The one storage the state holds, when it holds one (most do): read without touching the
  /// array's buffer, one memory line less for each holder a change is told to.
  @exclusivity(unchecked) @usableFromInline var onlyHolding: ObjectIdentifier?
  /// Whether `holdings` is the state's: false after every change phase, until the next scan.
  @exclusivity(unchecked) @usableFromInline var holdingsAreCurrent = false
  /// Storages changed in this runtime's change phase, to tell the other holders after the step
  /// has published.
  @exclusivity(unchecked) @usableFromInline var deferred: [any AnySharedStorage] = []
  /// A change from outside arrived while the runtime was handling a step: publish it after.
  @exclusivity(unchecked) @usableFromInline var republishPending = false
  /// Tells the runtime (passed in, with this tracking) that a storage changed: made where the
  /// runtime was created, so specialised for its state, and capturing nothing.
  @usableFromInline let changed: @MainActor (AnyObject, Unmanaged<SharedTracking>, ObjectIdentifier) -> Void

  @usableFromInline
  init(changed: @escaping @MainActor (AnyObject, Unmanaged<SharedTracking>, ObjectIdentifier) -> Void) {
    self.changed = changed
  }

  deinit {
    SharedDelivery.liveHolders.subtract(1, ordering: .relaxed)
  }

  // The delivery of a change reads a runtime's tracking through these, unretained (the runtime,
  // retained by `SharedDelivery.deliver`, owns it): retaining and releasing each
  // runtime's tracking cost 7% of telling a holder (docs/performance-history.md, "The shared
  // fan-out: reads without retains"). Nonisolated, so that
  // the closures they give `_withUnsafeGuaranteedRef` do not check the main actor's executor on
  // entry, as a closure written in main-actor code does; the delivery calls them on the main actor.

  /// ``changed``, read without retaining `tracking`.
  @inlinable
  static func changed(
    of tracking: Unmanaged<SharedTracking>
  ) -> @MainActor (AnyObject, Unmanaged<SharedTracking>, ObjectIdentifier) -> Void {
    tracking._withUnsafeGuaranteedRef { $0.changed }
  }

  /// Whether ``holdings`` is current, read without retaining `tracking`.
  @inlinable
  static func holdingsAreCurrent(_ tracking: Unmanaged<SharedTracking>) -> Bool {
    tracking._withUnsafeGuaranteedRef { $0.holdingsAreCurrent }
  }

  /// Whether ``holdings`` lists `storage` (a binary search), read without retaining `tracking`.
  @inlinable
  static func lists(_ storage: ObjectIdentifier, _ tracking: Unmanaged<SharedTracking>) -> Bool {
    tracking._withUnsafeGuaranteedRef { tracking in
      if let only = tracking.onlyHolding { return only == storage }
      return tracking.holdings.withUnsafeBufferPointer { holdings in
        var (low, high) = (0, holdings.count)
        while low < high {
          let middle = (low &+ high) >> 1
          if holdings[middle] < storage { low = middle &+ 1 } else { high = middle }
        }
        return low < holdings.count && holdings[low] == storage
      }
    }
  }

  /// Sets ``republishPending``, without retaining `tracking`.
  @inlinable
  static func setRepublishPending(_ tracking: Unmanaged<SharedTracking>, to value: Bool) {
    tracking._withUnsafeGuaranteedRef { $0.republishPending = value }
  }

  /// ``republishPending``, read without retaining `tracking`.
  @inlinable
  static func republishPending(_ tracking: Unmanaged<SharedTracking>) -> Bool {
    tracking._withUnsafeGuaranteedRef { $0.republishPending }
  }

  /// Whether the change phase wrote shared values that the other holders must be told of
  /// (``deferred``), read without retaining `tracking`.
  @inlinable
  static func hasDeferred(_ tracking: Unmanaged<SharedTracking>) -> Bool {
    tracking._withUnsafeGuaranteedRef { !$0.deferred.isEmpty }
  }

  /// Ends the change phase of the runtime that owns `tracking` (begun with
  /// `ChangingRuntime.enter(_:)`, so that a shared write made in it is published by its step and
  /// told to the others after it): restores the thread-local, and the state may hold other values
  /// now.
  @usableFromInline
  static func leaveChange(_ tracking: Unmanaged<SharedTracking>, restoring previous: UnsafeMutableRawPointer?)
  {
    ChangingRuntime.leave(restoring: previous)
    tracking._withUnsafeGuaranteedRef { $0.holdingsAreCurrent = false }
  }
}

extension InteractorRuntime: SharedHolder {
  /// Starts tracking shared values if one exists in the process: registers the runtime with the
  /// delivery of shared changes, and marks it around its change phase from then on. Called when
  /// the runtime is created, and (through ``trackSharedValuesLater()``) after a step of a runtime
  /// that does not track them yet once ``sharedStoragesEverExisted`` is set, so that a runtime in
  /// a program without shared values pays one load of that flag per step.
  ///
  /// Inlinable, and called from the inlinable initializers and the step, so that the delivery it
  /// registers (``sharedValueChanged(_:_:)`` down to the observers) is specialised for the
  /// feature's state.
  @inlinable
  func trackSharedValuesIfNeeded() {
    guard sharedTracking == nil, SharedStorageCount.live.load(ordering: .relaxed) > 0 else { return }
    let tracking = SharedTracking { holder, tracking, storage in
      unsafeDowncast(holder, to: InteractorRuntime.self).sharedValueChanged(storage, tracking)
    }
    sharedTracking = tracking
    SharedDelivery.register(self, tracking: tracking)
  }

  /// ``trackSharedValuesIfNeeded()`` out of line, for the step: a runtime that starts tracking
  /// after it was created (a shared value appeared later) is told of changes through unspecialised
  /// code, which keeps the step small.
  @usableFromInline
  func trackSharedValuesLater() {
    trackSharedValuesIfNeeded()
  }

  /// After a step has published: tells the other holders about the shared values its change
  /// phase wrote.
  @usableFromInline
  func deliverDeferredSharedChanges(_ tracking: Unmanaged<SharedTracking>) {
    let tracking = tracking.takeUnretainedValue()
    let storages = tracking.deferred
    tracking.deferred.removeAll()
    var told = Set<ObjectIdentifier>()
    for storage in storages where told.insert(ObjectIdentifier(storage)).inserted {
      SharedDelivery.deliver(ObjectIdentifier(storage), except: ObjectIdentifier(self))
    }
  }

  func deferSharedDelivery(_ storage: any AnySharedStorage) {
    sharedTracking?.deferred.append(storage)
  }

  /// Publishes the change of `storage` if the state holds it. `tracking` is this runtime's,
  /// passed unretained by the delivery, which has retained the runtime.
  @inlinable
  func sharedValueChanged(_ storage: ObjectIdentifier, _ tracking: Unmanaged<SharedTracking>) {
    // Scanned again only if the state changed since the last scan.
    if !SharedTracking.holdingsAreCurrent(tracking) { rescanHoldings(tracking.takeUnretainedValue()) }
    guard SharedTracking.lists(storage, tracking) else { return }
    if isHandling {
      SharedTracking.setRepublishPending(tracking, to: true)
      return
    }
    guard bindsDependencies || DependencyBinding.depth > 0 else { return publishSharedChange(tracking) }
    withDependenciesBound { publishSharedChange(tracking) }
  }

  /// The runtime's shared tracking, if any, unretained: the runtime owns it from when it is set
  /// until the runtime is released, and never replaces it, so that it is alive for as long as
  /// the runtime that reads it. Reading it through this costs no reference counting, which the
  /// step's three uses of a retained copy did (a tenth of a send to a runtime holding a shared
  /// value).
  @inlinable
  var unretainedSharedTracking: Unmanaged<SharedTracking>? {
    guard let sharedTracking else { return nil }
    return .passUnretained(sharedTracking)
  }

  /// Whether a change from outside arrived during a step and waits to be published.
  @inlinable
  var isRepublishPending: Bool {
    guard let tracking = unretainedSharedTracking else { return false }
    return SharedTracking.republishPending(tracking)
  }

  @usableFromInline
  func rescanHoldings(_ tracking: SharedTracking) {
    tracking.holdings = SharedScan.storageIDs(in: _state)
    tracking.holdingsAreCurrent = true
  }

  /// The step of a change of a shared value from outside (see ``publishOutsideChange(_:recordedAs:_:)``).
  @inlinable
  func publishSharedChange(_ tracking: Unmanaged<SharedTracking>) {
    publishOutsideChange(.sharedValue, recordedAs: .sharedValue) {
      SharedTracking.setRepublishPending(tracking, to: false)
    }
  }

  /// The step of a change that no interactor makes (a shared value changed by another holder, a
  /// rewind): `change` changes the state; the change printer and the recorder get it; observers
  /// are told, as `source`; child scopes whose state the change ended are ended; and actions the
  /// observers sent are handled.
  ///
  /// Always inlined: called through a closure, the delivery of one shared write to 1,000 holders
  /// cost 15% more (docs/performance-history.md, "Shared state").
  @inlinable @inline(__always)
  func publishOutsideChange(
    _ source: StateChangeSource, recordedAs kind: Recording<State, Action>.Entry.Kind, _ change: () -> Void
  ) {
    let isOutermost = !isHandling
    isHandling = true
    change()
    if let tracer { tracer.printOutsideChange(to: _state, rewind: kind == .rewind) }
    if let recorder = recorderInStep { Self.append(to: recorder, kind, nil, _state, at: nil) }
    if let session = inspectionLink.followed { Self.inspect(session, kind, nil, _state) }
    notifyObservers(source)
    if hasScopes { endDeadScopes() }
    if isOutermost {
      if hasQueuedActions || isRepublishPending { drainQueue() }
      isHandling = false
    }
  }

  /// How many runtimes the shared-change delivery tells about changes, and how many slots its
  /// table has (tests of growth).
  @_spi(Internals) public static var _sharedHolders: (alive: Int, slots: Int) {
    SharedDelivery.registeredCount
  }
}
