import Foundation

/// A diagnostic for a process that stops making progress: which of Uno's waiters are suspended,
/// what each waits for, and since when.
///
/// Off unless the environment has `UNO_WAITER_DUMP=<file>` when the first waiter suspends (as
/// `Tools/flake-check.sh` sets it); off, each wait pays one load of a lazily initialised global.
/// On, every waiter that suspends (an ``AsyncCondition`` wait, an ``EventTask``'s wait for its
/// effects, a wait for a runtime to be idle) is entered in a table with a description, and a
/// thread of its own rewrites the file with the table every second while the table changes. A
/// stalled process changes nothing, so the file then shows every waiter at the stall, read from
/// outside without a debugger or a signal.
@usableFromInline
final class SuspendedWaiters: Sendable {
  /// The table, when `UNO_WAITER_DUMP` names a file.
  static let shared: SuspendedWaiters? = {
    guard let path = getenv("UNO_WAITER_DUMP").map({ String(cString: $0) }), !path.isEmpty else {
      return nil
    }
    let waiters = SuspendedWaiters(path: path)
    waiters.startWriting()
    return waiters
  }()

  private struct Entry {
    let what: String
    let since: ContinuousClock.Instant
  }

  private struct Table {
    var nextToken: UInt64 = 0
    var entries: [UInt64: Entry] = [:]
    var version: UInt64 = 0
  }

  private let path: String
  private let table = Locked(Table())
  private let started = ContinuousClock.now

  private init(path: String) {
    self.path = path
  }

  /// Enters a suspended waiter; pass the token to ``resumed(_:)`` when it is resumed.
  func suspended(_ what: String) -> UInt64 {
    table.withLock { table in
      table.nextToken += 1
      table.version += 1
      table.entries[table.nextToken] = Entry(what: what, since: .now)
      return table.nextToken
    }
  }

  /// Removes a waiter entered by ``suspended(_:)``.
  func resumed(_ token: UInt64) {
    table.withLock { table in
      table.version += 1
      table.entries[token] = nil
    }
  }

  private func startWriting() {
    Thread { [self] in
      var written: UInt64 = .max
      while true {
        Thread.sleep(forTimeInterval: 1)
        let (version, text) = table.withLock { table in (table.version, self.describe(table)) }
        guard version != written else { continue }
        written = version
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      }
    }.start()
  }

  private func describe(_ table: Table) -> String {
    let now = ContinuousClock.now
    var text = "uno waiters: \(table.entries.count) suspended, \(now - started) after the first\n"
    for (token, entry) in table.entries.sorted(by: { $0.key < $1.key }) {
      text += "#\(token) for \(now - entry.since): \(entry.what)\n"
    }
    return text
  }
}

extension SuspendedWaiters {
  /// Enters a waiter that is about to suspend, when the table is on; `what` is evaluated only
  /// then. Pass the result to ``leave(_:)`` once it is resumed.
  @inline(__always)
  static func enter(_ what: @autoclosure () -> String) -> UInt64? {
    guard let waiters = shared else { return nil }
    return waiters.suspended(what())
  }

  /// Removes a waiter entered by ``enter(_:)``.
  @inline(__always)
  static func leave(_ token: UInt64?) {
    if let token { shared?.resumed(token) }
  }
}
