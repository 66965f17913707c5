import Synchronization
import UnoRuntimeShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A runtime that may hold shared values, as the change phase's thread-local knows it.
@MainActor
protocol SharedHolder: AnyObject {
  /// `storage` changed during this runtime's change phase: tell the other holders once the
  /// step has published.
  func deferSharedDelivery(_ storage: any AnySharedStorage)
}

/// Tells the runtimes that hold a shared value that it changed.
///
/// - A change made in a runtime's step (by its interactor, or by an effect's `send { }`) is
///   published by that step; the other holders are told right after it publishes.
/// - A change made on the main actor outside any step (a view, an observer) is told to every
///   holder at once.
/// - A change made off the main actor (an effect writing directly) is told on the main actor as
///   soon as it runs; changes until then are told once.
@usableFromInline
enum SharedDelivery {
  /// The runtimes that may hold shared values: every runtime that has run a step while a shared
  /// storage was alive, whether it is alive or not; emptied of released runtimes as it grows.
  ///
  /// An entry is trivial (two addresses), so that reading one costs two loads and no reference
  /// counting; ``keptMemory`` keeps, index for index, the memory the addresses point to.
  ///
  /// No dynamic exclusivity checks (read once per holder per change): main-actor isolated, and
  /// every access is instantaneous: an append, a removal outside any delivery, or the read of
  /// one entry (a delivery reads an entry and calls into it after the read has ended).
  @MainActor @exclusivity(unchecked) private static var holders: [Holder] = []
  /// An unowned reference to the runtime of each entry of ``holders``, at the same index. An
  /// unowned reference keeps an object's memory, not the object: a runtime released on any thread
  /// is deinitialised at once, and its memory stays until its entry is removed, so that the
  /// delivery may ask the runtime's reference count whether it is alive
  /// (``retainIfAlive(_:)``). Never read.
  @MainActor private static var keptMemory: [KeptMemory] = []
  /// How many registered runtimes are alive: counted up when one registers, down when its
  /// `SharedTracking` (which every registered runtime owns, made just before it registers) is
  /// released with it. Atomic: a runtime may be released on any thread.
  static let liveHolders = Atomic<Int>(0)
  /// The runtimes registered while ``SharedHolderReferences/forNewRuntimes`` is
  /// ``SharedHolderReferences/weak``: a weak reference each, the design that public API allows,
  /// kept so that the benchmarks measure it against ``holders`` in one process (empty otherwise,
  /// which a delivery checks once).
  @MainActor private static var weakHolders: [WeakHolder] = []
  /// How many deliveries are under way (an observer may write again): the table is not compacted
  /// meanwhile, so that the indices a delivery walks stay the holders'.
  @MainActor private static var delivering = 0

  /// One registered runtime: where it is, and what to call. Trivial, so that reading an entry
  /// retains nothing. (A class holding a weak reference to the runtime cost a retain of the entry,
  /// a load of the weak reference through the runtime's side table, and the slow release that a
  /// side table makes: over a third of telling a holder; docs/performance-history.md, "The
  /// shared fan-out without weak references".)
  private struct Holder {
    /// The runtime's address: alive if ``retainIfAlive(_:)`` says so, its memory kept by the
    /// entry of ``keptMemory`` at the same index either way.
    let runtime: UnsafeRawPointer
    /// The runtime's tracking: read only once the runtime has been retained, which owns it.
    let tracking: Unmanaged<SharedTracking>
  }

  /// A registered runtime held weakly (see ``weakHolders``): loading the reference retains the
  /// runtime if it is alive, through the side table a weak reference gives the runtime.
  private struct WeakHolder {
    weak var runtime: AnyObject?
    let tracking: Unmanaged<SharedTracking>
  }

  /// An unowned reference, held for the memory it keeps (see ``keptMemory``).
  private struct KeptMemory {
    unowned let runtime: AnyObject
  }

  /// Retains the runtime at `address` unless it has begun to deinitialise (it was released on
  /// another thread, or is being released), through `swift_tryRetain` (`uno_try_retain`). The
  /// memory must be kept (``keptMemory``): after a runtime is deinitialised, its reference count
  /// stays readable, and says so, until its last unowned reference goes.
  ///
  /// The language has no way to ask "alive?" of an unowned reference without a trap; a weak
  /// reference asks it safely, but makes every runtime that has one pay for a side table (a
  /// delivery to runtimes held weakly takes nearly twice as long: docs/architecture.md, "Shared
  /// values").
  @inline(__always)
  private static func retainIfAlive(_ address: UnsafeRawPointer) -> AnyObject? {
    guard uno_try_retain(address) != nil else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(address).takeRetainedValue()
  }

  @MainActor @usableFromInline
  static func register(_ runtime: AnyObject, tracking: SharedTracking) {
    // Compacted once released runtimes are as many as live ones (at least 64 slots): the table
    // stays within twice the runtimes alive now, whatever their number was before, and each
    // compaction is paid for by as many registrations or releases as it removes.
    let live = liveHolders.add(1, ordering: .relaxed).newValue
    if holders.count + weakHolders.count >= max(64, 2 * live), delivering == 0 { removeReleased() }
    if SharedHolderReferences.forNewRuntimes == .weak {
      weakHolders.append(WeakHolder(runtime: runtime, tracking: .passUnretained(tracking)))
      return
    }
    holders.append(
      Holder(
        runtime: UnsafeRawPointer(Unmanaged.passUnretained(runtime).toOpaque()),
        tracking: .passUnretained(tracking)))
    keptMemory.append(KeptMemory(runtime: runtime))
  }

  /// Removes the entries of released runtimes, and lets their memory go.
  @MainActor
  private static func removeReleased() {
    var kept = 0
    for index in holders.indices where retainIfAlive(holders[index].runtime) != nil {
      holders[kept] = holders[index]
      keptMemory.swapAt(kept, index)
      kept += 1
    }
    holders.removeSubrange(kept...)
    keptMemory.removeSubrange(kept...)
    weakHolders.removeAll { $0.runtime == nil }
  }

  /// How many runtimes are registered and alive, and how many slots the table has (tests of
  /// growth).
  @MainActor static var registeredCount: (alive: Int, slots: Int) {
    (
      holders.count { retainIfAlive($0.runtime) != nil } + weakHolders.count { $0.runtime != nil },
      holders.count + weakHolders.count
    )
  }

  static func changed(_ storage: any AnySharedStorage, isolation: isolated (any Actor)?) {
    if let changing = ChangingRuntime.current {
      // In a runtime's change phase, on the main actor's thread: that runtime publishes in its
      // step; the others are told after it.
      MainActor.assumeIsolated { changing.deferSharedDelivery(storage) }
    } else if let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated { deliver(ObjectIdentifier(storage), except: nil) }
    } else if storage.scheduleDelivery() {
      Task { @MainActor in
        storage.deliveryStarted()
        deliver(ObjectIdentifier(storage), except: nil)
      }
    }
  }

  /// Tells every registered runtime but `except` that `storage` changed.
  @MainActor
  static func deliver(_ storage: ObjectIdentifier, except: ObjectIdentifier?) {
    // By index: `holders` may grow while a holder publishes, when an observer creates a runtime;
    // the ones added meanwhile are not told of this change.
    delivering += 1
    defer { delivering -= 1 }
    let count = holders.count
    let exceptID = except
    let except = except.flatMap { UnsafeRawPointer(bitPattern: UInt(bitPattern: $0)) }
    for index in 0..<count {
      let entry = holders[index]
      // A strong reference: the runtime stays alive while it publishes (an observer may release
      // it), and so does its tracking.
      guard entry.runtime != except, let runtime = retainIfAlive(entry.runtime) else { continue }
      SharedTracking.changed(of: entry.tracking)(runtime, entry.tracking, storage)
    }
    guard !weakHolders.isEmpty else { return }
    let weakCount = weakHolders.count
    for index in 0..<weakCount {
      // Loaded in place: copying the entry would copy its weak reference.
      guard let runtime = weakHolders[index].runtime, ObjectIdentifier(runtime) != exceptID else {
        continue
      }
      let tracking = weakHolders[index].tracking
      SharedTracking.changed(of: tracking)(runtime, tracking, storage)
    }
  }
}

/// The runtime whose change phase (its interactor, or an effect's write) runs on this thread, if
/// it tracks shared values: a thread-local, because a write made in an interactor is not
/// isolated to the main actor as far as the compiler knows, yet runs on it.
@usableFromInline
enum ChangingRuntime {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key, nil)
    precondition(result == 0, "pthread_key_create failed with \(result)")
    return key
  }()

  /// Set by a runtime around its change phase; the runtime is alive while it is set.
  static var current: (any SharedHolder)? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? any SharedHolder
  }

  /// Makes `holder` the current one and returns the one before, to restore.
  @usableFromInline
  static func enter(_ holder: AnyObject) -> UnsafeMutableRawPointer? {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(holder).toOpaque())
    return previous
  }

  @usableFromInline
  static func leave(restoring previous: UnsafeMutableRawPointer?) {
    pthread_setspecific(key, previous)
  }
}

/// How the delivery of shared changes refers to the runtimes that hold shared values, without
/// keeping them alive. For benchmarks: the library always uses ``tryRetained``.
///
/// docs/architecture.md ("Shared values") says why the delivery asks the Swift runtime's
/// `swift_tryRetain` rather than using weak references, and what it measured: the benchmarks set
/// ``forNewRuntimes`` to make a set of runtimes of each kind and time one shared write seen by
/// each set, in one process.
@_spi(Internals)
public enum SharedHolderReferences: Sendable {
  /// Unowned references, asked whether the runtime is alive with `swift_tryRetain`.
  case tryRetained
  /// Weak references.
  case weak

  /// How the runtimes that start tracking shared values from now on are held.
  @MainActor public static var forNewRuntimes = SharedHolderReferences.tryRetained
}
