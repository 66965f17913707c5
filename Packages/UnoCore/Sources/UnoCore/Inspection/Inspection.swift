import Synchronization

// The runtime's side of inspecting a team's own app (docs/inspector.md, "Your own app"): a hub,
// installed once by `UnoInspection.connect(to:token:app:)` (the UnoAppInspection module), to
// which every runtime made afterwards is a session. The hub owns the connection and the encoding;
// the runtime only copies each change into its session's bounded ring, on the main actor, and
// only while the hub is connected.

/// What an inspector connection does with the runtimes of the process: the app side of the
/// inspector (`UnoInspection`, in the UnoAppInspection module) implements it.
///
/// Called by the runtime: ``opened(_:)`` on the main actor when a runtime is made, ``deliver(_:)``
/// with a session's changes (to encode off the main actor), ``closed(_:)`` when a runtime goes.
@_spi(Inspection) public protocol _InspectionHub: AnyObject, Sendable {
  /// A runtime was made (from its initializer, on the main actor). The hub keeps `session` weakly
  /// and announces it (``_InspectedSession/announce(generation:)``) whenever it connects.
  @MainActor func opened(_ session: _InspectedSession)
  /// A session's events, in order, to encode off the main actor.
  func deliver(_ batch: _InspectionBatch)
  /// The runtime of `session` was released, or left the inspector. `shown` is whether the
  /// session handed the hub any event since it announced itself: a session renamed or left out
  /// as its runtime is made (`inspect(as:)`) never was, and the inspector need not hear of it.
  func closed(_ session: UInt64, shown: Bool)
  /// The library reported an issue on the main actor: the hub puts it in the session whose runtime
  /// is handling a step (``_InspectedSession/issue(_:)``), or shows it as the app's.
  @MainActor func issue(_ message: String)
  /// The library reported an issue elsewhere: no session's step reported it.
  func issueOutsideSessions(_ message: String)
}

/// Events of one session, handed to the hub on the main actor and encoded by it elsewhere.
///
/// A hub calls ``encode()`` once, or ``discard()`` if it lets the batch go unencoded: either gives
/// the batch's storage back to its session, so that the states it holds are released on the main
/// actor, where they were kept. (A batch let go without either releases them wherever its last
/// copy goes.)
@_spi(Inspection) public struct _InspectionBatch: Sendable {
  /// The session they belong to.
  public let session: UInt64
  /// How many of the session's events its ring dropped before these, because the hub did not
  /// take them in time (the ring holds 1,024 changes).
  public let dropped: Int
  /// How many events the batch holds.
  public let count: Int
  private let encoder: @Sendable () -> [String]
  private let discarder: @Sendable () -> Void

  /// A batch of `count` events of `session`, after `dropped` were dropped, that `encode` encodes;
  /// `discard` lets its events go unencoded.
  public init(
    session: UInt64, dropped: Int, count: Int, encode: @escaping @Sendable () -> [String],
    discard: @escaping @Sendable () -> Void = {}
  ) {
    (self.session, self.dropped, self.count, self.encoder, self.discarder) =
      (session, dropped, count, encode, discard)
  }

  /// Encodes the events, one JSON text per event, as docs/inspector.md's protocol has them, and
  /// gives the batch's storage back to its session. Call it once.
  public func encode() -> [String] { encoder() }

  /// Gives the batch's storage back to its session without encoding its events.
  public func discard() { discarder() }
}

/// Where a hub is installed, and whether it is connected.
@_spi(Inspection) public enum _Inspection {
  /// Installs `hub`: every runtime made from now on opens a session in it. A process installs
  /// one hub; a second call returns `false` and changes nothing.
  public static func install(_ hub: any _InspectionHub) -> Bool {
    InspectionState.install(hub)
  }

  /// Starts a new connection's generation: sessions take events again once they have announced
  /// themselves for it (``_InspectedSession/announce(generation:)``). Returns the generation.
  public static func beginGeneration() -> Int {
    InspectionState.generation.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// The generation of the connection that is up, or of the last one (see
  /// ``beginGeneration()``).
  public static var currentGeneration: Int { InspectionState.currentGeneration }

  /// The connection is gone: every session stops taking events until it announces itself to the
  /// next one.
  public static func endGeneration() {
    InspectionState.generation.add(1, ordering: .acquiringAndReleasing)
  }
}

/// The installed hub and the generation of its connection (``_Inspection``), where the
/// runtime's inlinable code reads them.
@usableFromInline
enum InspectionState {
  /// The most changes (and the most other events) a session keeps between two batches; the rest
  /// are dropped and counted.
  @usableFromInline static let ringLimit = 1024
  /// Read once per runtime made: whether to open a session.
  @usableFromInline static let isInstalled = Atomic<Bool>(false)
  /// Bumped on every connection and disconnection; a session takes events only while it has
  /// announced itself for the current one.
  @usableFromInline static let generation = Atomic<Int>(0)
  private static let hubStorage = Locked<(any _InspectionHub)?>(nil)
  static let sessionIDs = Atomic<UInt64>(0)

  static func install(_ hub: any _InspectionHub) -> Bool {
    let installed = hubStorage.withLock { current -> Bool in
      guard current == nil else { return false }
      current = hub
      return true
    }
    if installed { isInstalled.store(true, ordering: .releasing) }
    return installed
  }

  /// The installed hub, if any.
  static var hub: (any _InspectionHub)? {
    guard isInstalled.load(ordering: .acquiring) else { return nil }
    return hubStorage.withLock { $0 }
  }

  @inlinable static var currentGeneration: Int { generation.load(ordering: .relaxed) }
}

/// A runtime as an inspector connection sees it: what it is, and what the inspector may do to it.
/// Made by the runtime's session; the hub holds it weakly.
@_spi(Inspection) public final class _InspectedSession: Sendable {
  /// Unique in the process.
  public let id: UInt64
  /// What the session is named after: its interactor's type, or the name given with
  /// `InteractorRuntime.inspect(as:)`.
  public let feature: String
  /// The runtime's action type: what the hub describes to the inspector, so that it names the
  /// session's actions as hosts name theirs.
  public let actionType: Any.Type
  let announceBody: @MainActor @Sendable (Int) -> Void
  let sendBody: @MainActor @Sendable ([UInt8]) -> String?
  let rewindBody: @MainActor @Sendable ([UInt8]) -> String?
  let issueBody: @MainActor @Sendable (String) -> Bool

  init(
    id: UInt64, feature: String, actionType: Any.Type, announce: @escaping @MainActor @Sendable (Int) -> Void,
    send: @escaping @MainActor @Sendable ([UInt8]) -> String?,
    rewind: @escaping @MainActor @Sendable ([UInt8]) -> String?,
    issue: @escaping @MainActor @Sendable (String) -> Bool
  ) {
    (self.id, self.feature, self.actionType) = (id, feature, actionType)
    (announceBody, sendBody, rewindBody, issueBody) = (announce, send, rewind, issue)
  }

  /// Queues the session's `opened` event, with its current state, for the connection of
  /// `generation`, and from then on every change; nothing if that connection is already gone.
  @MainActor public func announce(generation: Int) { announceBody(generation) }

  /// Sends the action decoded from `json` (the app's own `Codable` form of it) to the runtime.
  /// Returns why it could not, or `nil` once sent.
  @MainActor public func send(actionJSON json: [UInt8]) -> String? { sendBody(json) }

  /// Rewinds the runtime to the state decoded from `json`. Returns why it could not, or `nil`.
  @MainActor public func rewind(stateJSON json: [UInt8]) -> String? { rewindBody(json) }

  /// Keeps `message`, an issue reported on the main actor, in this session's timeline if the
  /// runtime is handling a step (or reporting an effect's error) now, at the step that reported
  /// it. Returns whether it did.
  @MainActor public func issue(_ message: String) -> Bool { issueBody(message) }
}
