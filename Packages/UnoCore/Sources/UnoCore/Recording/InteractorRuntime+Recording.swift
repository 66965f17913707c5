import Foundation
import IssueReporting

// Recording: a bounded ring of every change a runtime makes, kept when asked
// (``InteractorRuntime/record(limit:feature:clock:)``). The step hands each change to the recorder
// from `publish`, where the change printer gets it too: one check of an optional when off.
extension InteractorRuntime {
  /// Starts recording every change of this runtime's state, from the current state: each action,
  /// each effect write and each change of a shared value it holds, with the state it left.
  ///
  /// ```swift
  /// runtime.record()
  /// runtime.send(.increment)
  /// let recording = runtime.recording!    // initialState: count 0; entries: increment → 1
  /// ```
  ///
  /// Recording again starts a new recording from the current state. Recording costs nothing when
  /// off; on, each change is kept in a ring of `limit` entries (the oldest dropped first; see
  /// ``Recording``).
  ///
  /// - Parameters:
  ///   - limit: How many entries to keep, at least 1.
  ///   - feature: A name written into the recording, so that a tool replaying it knows which
  ///     feature to run (uno-host writes its plugin's name).
  ///   - clock: The clock that times the entries (``Recording/Entry/elapsed``): the one the
  ///     feature's effects wait on, so that a replay can move a test clock as the recording did.
  ///     A test that drives a test clock passes it here.
  public func record(
    limit: Int = 10_000, feature: String? = nil, clock: any Clock<Duration> = ContinuousClock()
  ) {
    var limit = limit
    if limit < 1 {
      reportIssue(
        """
        'record(limit:)' was given a limit of \(limit): a recording keeps at least one entry. \
        It keeps 1; pass the number of changes you want kept (10,000 by default).
        """)
      limit = 1
    }
    recorder = Recorder(limit: limit, feature: feature, clock: clock, state: _state)
  }

  /// What has been recorded since ``record(limit:feature:clock:)``, or `nil` when not recording.
  public var recording: Recording<State, Action>? {
    recorder?.recording
  }

  /// Stops recording and returns what was recorded (`nil` if it was not recording).
  @discardableResult
  public func stopRecording() -> Recording<State, Action>? {
    defer { recorder = nil }
    return recorder?.recording
  }

  /// Keeps the last `limit` changes of a runtime.
  @usableFromInline
  final class Recorder {
    typealias Entry = Recording<State, Action>.Entry
    let limit: Int
    let feature: String?
    let startedAt = Date()
    /// The time on the recording's clock since it started.
    let elapsed: () -> Duration
    /// The state before the oldest entry kept, with its shared values.
    var base: (state: State, shared: SharedSnapshot)
    /// The entries, in a ring once full: the oldest at `oldest`.
    var ring: [Entry] = []
    var oldest = 0
    var dropped = 0

    init(limit: Int, feature: String?, clock: any Clock<Duration>, state: State) {
      self.limit = limit
      self.feature = feature
      func timer<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
      }
      self.elapsed = timer(clock)
      self.base = (state, .capture(state))
      ring.reserveCapacity(Swift.min(limit, 1024))
    }

    /// Keeps one change.
    @usableFromInline
    func append(_ kind: Recording<State, Action>.Entry.Kind, _ action: Action?, _ state: State) {
      let entry = Entry(
        kind: kind, action: action, elapsed: elapsed(), state: state,
        shared: .capture(state))
      if ring.count < limit {
        ring.append(entry)
        return
      }
      base = (ring[oldest].state, ring[oldest].shared)
      ring[oldest] = entry
      oldest = (oldest + 1) % limit
      dropped += 1
    }

    var recording: Recording<State, Action> {
      var recording = Recording<State, Action>(
        feature: feature, startedAt: startedAt, droppedEntries: dropped, initialState: base.state,
        entries: Array(ring[oldest...] + ring[..<oldest]))
      recording.initialShared = base.shared
      return recording
    }
  }
}
