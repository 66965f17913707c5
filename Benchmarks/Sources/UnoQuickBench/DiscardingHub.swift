import Dispatch
@_spi(Internals) @_spi(Inspection) import UnoCore

/// A connected hub that passes every batch to a thread of its own, which lets it go: what the
/// main actor pays for a session (the copy into its ring, the batch handed over), without the
/// connection's encoding and writing, which happen on its threads, where the states are released.
final class DiscardingHub: _InspectionHub, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `sessions` is touched on the main actor only (`opened`,
  // and `follow`, which is main-actor isolated); the batches cross threads through `queue`.
  private var sessions: [_InspectedSession] = []
  private let queue = DispatchQueue(label: "discarding hub")
  private let count = Locked(0)

  /// How many batches it was handed.
  var taken: Int { count.withLock { $0 } }

  func opened(_ session: _InspectedSession) { sessions.append(session) }
  func deliver(_ batch: _InspectionBatch) {
    count.withLock { $0 += 1 }
    queue.async { withExtendedLifetime(batch) {} }
  }
  func closed(_ session: UInt64) {}
  func issue(_ message: String) {}
  func issueOutsideSessions(_ message: String) {}

  /// Connects: the sessions opened so far take events from now on.
  @MainActor func follow() {
    let generation = _Inspection.beginGeneration()
    for session in sessions { session.announce(generation: generation) }
  }
}
