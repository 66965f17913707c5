import Synchronization

// Shared values (`Shared`): knowing which ones the state holds, and publishing their changes.
extension InteractorRuntime: SharedHolder {
  /// What a runtime tracks once a shared storage exists in the process.
  @usableFromInline
  final class SharedTracking {
    /// The storages the state held when it was last scanned.
    @usableFromInline var holdings: Set<ObjectIdentifier> = []
    /// Whether `holdings` is the state's: false after every step, until the next scan.
    @usableFromInline var holdingsAreCurrent = false
    /// Storages changed in this runtime's change phase, to tell the other holders after the
    /// step has published.
    @usableFromInline var deferred: [any AnySharedStorage] = []
    /// A change from outside arrived while the runtime was handling a step: publish it after.
    @usableFromInline var republishPending = false

    @usableFromInline init() {}
  }

  /// Starts tracking shared values if a storage exists in the process: from then on every step
  /// marks the holdings stale, and the runtime is told about every shared change. Called at
  /// creation and after a step of a runtime that does not track them yet (one atomic load).
  ///
  /// Inlinable, so that the delivery it registers (``sharedValueChanged(_:)`` down to the
  /// observers) is specialised for the feature's state where the runtime is created.
  @inlinable
  func trackSharedValuesIfNeeded() {
    guard sharedTracking == nil, SharedStorageCount.live.load(ordering: .relaxed) > 0 else { return }
    sharedTracking = SharedTracking()
    SharedDelivery.register(self) { [weak self] storage in self?.sharedValueChanged(storage) }
  }

  /// Runs `change` with this runtime marked as changing on this thread, so that a shared write it
  /// makes is published by this step and told to the other holders after it.
  @inlinable
  func changeTrackingShared(_ tracking: SharedTracking, _ change: () -> Emission<State>) -> Emission<State> {
    let previous = ChangingRuntime.enter(self)
    defer {
      ChangingRuntime.leave(restoring: previous)
      tracking.holdingsAreCurrent = false
    }
    return change()
  }

  /// After a step has published: tells the other holders about the shared values its change
  /// phase wrote.
  @usableFromInline
  func deliverDeferredSharedChanges(_ tracking: SharedTracking) {
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

  @inlinable
  func sharedValueChanged(_ storage: ObjectIdentifier) {
    guard let tracking = sharedTracking, holds(storage, tracking) else { return }
    if isHandling {
      tracking.republishPending = true
      return
    }
    guard bindsDependencies || DependencyBinding.depth > 0 else { return publishSharedChange() }
    withDependenciesBound { publishSharedChange() }
  }

  /// Whether the state holds `storage`, scanning it if it changed since the last scan.
  @inlinable
  func holds(_ storage: ObjectIdentifier, _ tracking: SharedTracking) -> Bool {
    if !tracking.holdingsAreCurrent { rescanHoldings(tracking) }
    return tracking.holdings.contains(storage)
  }

  @usableFromInline
  func rescanHoldings(_ tracking: SharedTracking) {
    tracking.holdings = SharedScan.storageIDs(in: _state)
    tracking.holdingsAreCurrent = true
  }

  /// The step of a change from outside: no interactor runs; observers are told (as
  /// ``StateChangeSource/sharedValue``), child scopes whose state the change ended are ended,
  /// and actions the observers sent are handled.
  @inlinable
  func publishSharedChange() {
    let isOutermost = !isHandling
    isHandling = true
    sharedTracking?.republishPending = false
    if let tracer { tracer.printSharedChange(to: _state) }
    notifyObservers(.sharedValue)
    if hasScopes { endDeadScopes() }
    if isOutermost {
      if hasQueuedActions { drainQueue() }
      isHandling = false
    }
  }

  /// How many runtimes the shared-change delivery tells about changes, and how many slots its
  /// table has (tests of growth).
  @_spi(Internals) public static var _sharedHolders: (alive: Int, slots: Int) {
    SharedDelivery.registeredCount
  }
}
