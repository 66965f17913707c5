import CustomDump

// Replay: a recording's actions sent again, and every state it recorded checked, in order. The
// one replay that the test harness (`replay(_:clock:)`) and uno-host's `replay` wrap.

/// The first difference a replay found between a recording and the runtime replaying it.
public struct ReplayMismatch: Error, Sendable, CustomStringConvertible {
  /// The entry that differs, counted from 0; `nil` when the runtime did not start from the
  /// recording's initial state.
  public var entry: Int?
  /// What differs (− recorded, + replayed), and what to check.
  public var message: String

  /// Creates a mismatch.
  public init(entry: Int?, message: String) {
    self.entry = entry
    self.message = message
  }

  public var description: String { message }
}

extension InteractorRuntime {
  /// Replays `recording` on this runtime: sends each recorded action, waits for each recorded
  /// effect write, and checks after each that the state is the one recorded, stopping at the
  /// first difference. States are compared with their `==`, found on the main actor (`State`
  /// must be `Equatable`; a conformance isolated to the main actor is found too).
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let runtime = withDependencies { $0.continuousClock = clock } operation: {
  ///   InteractorRuntime(initialState: recording.initialState, interactor: SearchInteractor())
  /// }
  /// try await runtime.replay(recording, advance: { await clock.advance(by: $0) })
  /// ```
  ///
  /// With `advance`, time is replayed too: before each entry, `advance` moves the clock to the
  /// entry's time, so that effects waiting on a test clock run where the recording has them. An
  /// action is sent at its own time, when its step began in the recording, so that a deadline
  /// its step fixes from the clock is the recorded one; an effect's write is awaited with the
  /// clock a nanosecond past its time, so that an effect whose task reaches its sleep late still
  /// finds the sleep's instant passed (`Clock.sleep(toDeadline:)` sleeps until a
  /// nanosecond before the deadline, and wakes at that instant in the recording). Effects
  /// must fix their deadlines when the action is handled (`Clock.sleep(toDeadline:)`), as in
  /// any test on a test clock. (An effect that ran late when recorded, after an entry that came after
  /// its deadline, replays on time, before that entry: a mismatch that says so.) Changes after
  /// the last entry are not checked: a recording may end while effects still run.
  ///
  /// - Parameters:
  ///   - recording: The recording; the runtime must be at its ``Recording/initialState``.
  ///   - advance: Moves the clock the feature's effects wait on, if they wait on one.
  ///   - timeout: How long to wait, on the continuous clock, for a recorded effect write before
  ///     reporting that it never came.
  /// - Throws: ``ReplayMismatch``: the first entry whose state, or whose kind of change, differs.
  public func replay(
    _ recording: Recording<State, Action>,
    advance: ((Duration) async -> Void)? = nil,
    timeout: Duration = .seconds(5)
  ) async throws(ReplayMismatch) {
    try await replay(recording, advance: advance, timeout: timeout, checking: nil)
  }

  /// Replays `recording` as ``replay(_:advance:timeout:)`` does, but checks each state with
  /// `check` instead of against the recorded one: for a recording of a bug (an exploration's
  /// shortest failing run), whose recorded states are the bug's, `check` says what must hold
  /// (`nil`) or why it does not.
  ///
  /// - Throws: ``ReplayMismatch``: the first entry whose state `check` refuses, or whose kind of
  ///   change differs.
  @_spi(Internals)
  public func replay(
    _ recording: Recording<State, Action>,
    advance: ((Duration) async -> Void)? = nil,
    timeout: Duration = .seconds(5),
    checking check: (@MainActor (State) -> String?)?
  ) async throws(ReplayMismatch) {
    handlePostedActions()
    if check == nil, !(state is any Equatable) {
      throw ReplayMismatch(
        entry: nil,
        message: """
          A replay compares each state with the recording's with '==', and '\(State.self)' is not \
          Equatable: nothing was replayed. Declare it 'Equatable' (the compiler writes '==' for a \
          struct of Equatable values).
          """)
    }
    let start = (state, SharedSnapshot.capture(state))
    guard SharedSnapshot.isEqual(recording.initialState, recording.initialShared, start.0, start.1) else {
      throw ReplayMismatch(
        entry: nil,
        message: """
          The runtime does not start from the recording's initial state (− recorded, + runtime):

          \(Self.difference((recording.initialState, recording.initialShared), start))

          Start it from the recording's: InteractorRuntime(initialState: recording.initialState, \
          interactor: ...).
          """)
    }
    let log = ReplayLog<State>()
    let observer = addObserver(withSource: { state, source in log.append(state, source) })
    defer { removeObserver(observer) }

    // Where the clock has been moved to, from the recording's start. An action is sent with the
    // clock at its recorded time: a deadline its step fixes is then the recorded one, never
    // later. A write is awaited with the clock a nanosecond past its time: the effect sleeps
    // until a nanosecond before its deadline (`sleep(toDeadline:)`) and was woken then, so the
    // clock is strictly past that instant, and an effect whose task registers its sleep only
    // after the clock got there (it ran late) returns at once, instead of waiting on a sleep due
    // at the clock's very time, which a test clock wakes only at its next advance. (A nanosecond
    // past every entry, as before, moved each action's deadline a nanosecond later too, and a
    // write awaited at its time found such a late sleep waiting: ReplayTests hung so under
    // load.)
    var reached = recording.droppedEntries > 0 ? (recording.entries.first?.elapsed ?? .zero) : .zero
    for (index, entry) in recording.entries.enumerated() {
      let target: Duration
      switch entry.kind {
      case .action, .rewind: target = entry.elapsed
      case .effect, .sharedValue: target = entry.elapsed + .nanoseconds(1)
      }
      if let advance, target > reached {
        await advance(target - reached)
        reached = target
      }
      let what = Self.describe(entry, index)
      switch entry.kind {
      case .action, .rewind:
        handlePostedActions()
        if log.changes.count > index {
          throw ReplayMismatch(
            entry: index,
            message: """
              \(what): before it could be made, the runtime changed \(log.changes.count - index) more \
              time(s) than the recording has, first \(Self.describe(log.changes[index].source)):

              \(Self.difference((entry.state, entry.shared), log.changes[index].state))

              An effect ran earlier than when recorded (it ran late then), or did something \
              else: check the feature's dependencies are the same as when it was recorded.
              """)
        }
        if entry.kind == .rewind {
          rewind(to: entry.state)
        } else if let action = entry.action {
          send(action)
        } else {
          throw ReplayMismatch(entry: index, message: "\(what) has no action to send.")
        }
      case .effect, .sharedValue:
        let arrived = await log.counted.wait(until: { $0 > index }, timeout: timeout)
        guard arrived else {
          throw ReplayMismatch(
            entry: index,
            message: """
              \(what): no change came within \(timeout). \
              \(advance == nil ? "If the effect waits on a clock, replay with `advance`, to move a test clock." : "The effect did not run again: check the feature's dependencies are the same as when it was recorded.")
              """)
        }
      }
      let change = log.changes[index]
      guard Self.matches(entry.kind, change.source) else {
        throw ReplayMismatch(
          entry: index,
          message: "\(what): the runtime's change came from \(Self.describe(change.source)) instead.")
      }
      if let check {
        if let broken = check(change.state.0) {
          throw ReplayMismatch(
            entry: index,
            message: """
              \(what): \(broken). The state it left:

              \(SharedSnapshot.dump(change.state.0, change.state.1))
              """)
        }
        continue
      }
      guard SharedSnapshot.isEqual(entry.state, entry.shared, change.state.0, change.state.1) else {
        throw ReplayMismatch(
          entry: index,
          message: """
            \(what): the state differs from the recording's (− recorded, + replayed):

            \(Self.difference((entry.state, entry.shared), change.state))
            """)
      }
    }
  }

  private static func difference(
    _ recorded: (State, SharedSnapshot), _ replayed: (State, SharedSnapshot)
  ) -> String {
    SharedSnapshot.difference(recorded.0, recorded.1, replayed.0, replayed.1, format: .proportional)
      ?? "recorded:\n\(SharedSnapshot.dump(recorded.0, recorded.1))\nreplayed:\n\(SharedSnapshot.dump(replayed.0, replayed.1))"
  }

  private static func describe(_ entry: Recording<State, Action>.Entry, _ index: Int) -> String {
    let action = entry.action.map { String(customDumping: $0) } ?? ""
    switch entry.kind {
    case .action: return "Entry \(index) (the action \(action))"
    case .effect: return "Entry \(index) (a write of an effect of \(action))"
    case .sharedValue: return "Entry \(index) (a change of a shared value by another holder)"
    case .rewind: return "Entry \(index) (a rewind)"
    }
  }

  private static func describe(_ source: StateChangeSource) -> String {
    switch source {
    case .action: "an action"
    case .effect: "an effect's write"
    case .sharedValue: "a shared value changed by another holder"
    case .rewind: "a rewind"
    }
  }

  private static func matches(
    _ kind: Recording<State, Action>.Entry.Kind, _ source: StateChangeSource
  ) -> Bool {
    switch (kind, source) {
    case (.action, .action), (.effect, .effect), (.sharedValue, .sharedValue), (.rewind, .rewind): true
    default: false
    }
  }
}

/// The changes a replaying runtime made, as its observer saw them.
@MainActor
private final class ReplayLog<State: Sendable> {
  private(set) var changes: [(state: (State, SharedSnapshot), source: StateChangeSource)] = []
  /// How many changes there are, for waiting on the next.
  nonisolated let counted = AsyncCondition(0)

  func append(_ state: State, _ source: StateChangeSource) {
    changes.append(((state, .capture(state)), source))
    counted.withState { $0 = changes.count }
  }
}
