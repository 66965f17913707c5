import Foundation
@_spi(Internals) @_spi(Inspection) import UnoCore

/// A connected hub whose writer lets every batch go unencoded: what the main actor pays for a
/// session (the copy into its ring, the batch handed over, the states released when a batch
/// comes back), without the encoding and writing of the app's connection to an inspector.
///
/// Its writer is the connection's (`InspectionConnection` in UnoAppInspection) without the
/// socket: a thread that waits for batches, takes all of them, is done with each
/// (`discard()`, where the connection calls `encode()`), and pauses 0.2 ms before the next round.
final class DiscardingHub: _InspectionHub, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `sessions` is touched on the main actor only (`opened`,
  // and `follow`, which is main-actor isolated); the batches cross threads through `outbound`'s
  // lock.
  private var sessions: [_InspectedSession] = []
  private let outbound = AsyncCondition<[_InspectionBatch]>([])
  private let count = Locked(0)
  private let writing = Locked(false)

  /// How many batches it was handed.
  var taken: Int { count.withLock { $0 } }

  func opened(_ session: _InspectedSession) { sessions.append(session) }
  func deliver(_ batch: _InspectionBatch) {
    count.withLock { $0 += 1 }
    outbound.withState { $0.append(batch) }
  }
  func closed(_ session: UInt64, shown: Bool) {}
  func issue(_ message: String) {}
  func issueOutsideSessions(_ message: String) {}

  /// Connects: the sessions opened so far take events from now on.
  @MainActor func follow() {
    writing.withLock { writing in
      guard !writing else { return }
      let thread = Thread { [outbound] in
        while true {
          _ = outbound.blockingWait(until: { !$0.isEmpty }, timeout: .seconds(3600))
          let batches = outbound.withState { batches in
            defer { batches = [] }
            return batches
          }
          for batch in batches { batch.discard() }
          Thread.sleep(forTimeInterval: 0.000_2)
        }
      }
      thread.start()
      writing = true
    }
    let generation = _Inspection.beginGeneration()
    for session in sessions { session.announce(generation: generation) }
  }
}
