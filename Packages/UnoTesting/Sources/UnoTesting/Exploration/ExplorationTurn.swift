/// Explorations in one process take turns: one runs at a time, the others wait, first come first
/// served.
///
/// An exploration runs on the main actor and keeps it busy (each step sends, then yields while its
/// effects run): several at once gain nothing, since they share the one main thread, and under a
/// test runner that runs suites in parallel they crowded out every other test's work on it, whose
/// effects waited seconds to write back ('receive' timed out). One at a time, the others' work
/// interleaves with a single exploration's steps.
@MainActor
enum ExplorationTurn {
  private static var isTaken = false
  private static var waiting: [CheckedContinuation<Void, Never>] = []

  /// Returns once it is the caller's turn. Call ``end()`` when the exploration is over.
  static func begin() async {
    guard isTaken else {
      isTaken = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Ends the caller's turn and gives it to the first exploration waiting, if any.
  static func end() {
    guard !waiting.isEmpty else {
      isTaken = false
      return
    }
    waiting.removeFirst().resume()
  }
}
