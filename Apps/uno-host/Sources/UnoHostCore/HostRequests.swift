@_spi(Internals) import UnoCore
import UnoPlugin

/// The requests whose effects are running, in every session of a host: the one table of them.
///
/// A request is its action's `EventTask`, found by the request's id (to cancel it, or to refuse a
/// duplicate) and by the task's id (to tag the changes its effects make). It leaves the table when
/// the task's `finish()` returns, right after its end is reported, so that
/// ``drain(timeout:clock:)``, which waits for the table to be empty, returns only once every
/// `finished` line has been written.
///
/// The table lives in an `AsyncCondition` only so that the drain can wait on it; every change is
/// made on the main actor.
@MainActor
final class HostRequests {
  /// A request as the table knows it: the session, and the request's id as a string (what
  /// ``HostSessions/cancel(request:in:)`` takes).
  struct Key: Hashable, Sendable {
    let session: Int
    let request: String
  }

  private struct Running: Sendable {
    let request: JSONValue
    let task: EventTask
  }

  private struct Table: Sendable {
    var running: [Key: Running] = [:]
    var keyByTask: [EventTask.ID: Key] = [:]
  }

  private let table = AsyncCondition(Table())

  /// How many requests are running.
  var count: Int { table.state.running.count }

  /// The key `request` (of `session`) is found by.
  static func key(_ request: JSONValue, in session: Int) -> Key {
    switch request {
    case .string(let string): Key(session: session, request: string)
    case .integer(let int): Key(session: session, request: String(int))
    default: Key(session: session, request: request.text)
    }
  }

  /// The running task of `key`, if any.
  func task(of key: Key) -> EventTask? {
    table.state.running[key]?.task
  }

  /// The request whose effects run as `task`, if it is running.
  func request(runningAs task: EventTask.ID) -> JSONValue? {
    table.withState { table in table.keyByTask[task].flatMap { table.running[$0]?.request } }
  }

  /// Adds `request`, whose action's effects run as `task` (whose id is `id`), and calls
  /// `finished` when they have all ended, unless the request was dropped before
  /// (``dropAll(in:)``).
  func track(
    _ request: JSONValue, key: Key, task: EventTask, id: EventTask.ID,
    finished: @escaping @MainActor (_ cancelled: Bool) -> Void
  ) {
    table.withState { table in
      table.running[key] = Running(request: request, task: task)
      table.keyByTask[id] = key
    }
    Task { [weak self] in
      await task.finish()
      guard let self, self.table.state.keyByTask[id] == key else { return }
      finished(task.isCancelled)
      self.table.withState { table in
        table.running[key] = nil
        table.keyByTask[id] = nil
      }
    }
  }

  /// Forgets the requests of `session` (it was closed, so their ends are not reported).
  func dropAll(in session: Int) {
    table.withState { table in
      table.running = table.running.filter { $0.key.session != session }
      table.keyByTask = table.keyByTask.filter { $0.value.session != session }
    }
  }

  /// Forgets every request.
  func dropAll() {
    table.withState { $0 = Table() }
  }

  /// Waits until no request is running, or until `timeout` has passed on `clock`. Returns whether
  /// everything finished. A timeout of zero (or less) does not wait.
  func drain(timeout: Duration, clock: some Clock<Duration>) async -> Bool {
    guard count > 0 else { return true }
    guard timeout > .zero else { return false }
    return await table.wait(until: { $0.running.isEmpty }, timeout: timeout, clock: clock)
  }
}
