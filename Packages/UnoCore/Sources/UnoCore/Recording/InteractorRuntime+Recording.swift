import Foundation
import IssueReporting
import Synchronization
import UnoRuntimeShims

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
      reportLibraryIssue(
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

  /// How many entries have been recorded since ``record(limit:feature:clock:)``, counting those
  /// dropped from the ring; `nil` when not recording. Entry `n` (from 0) of a recording is entry
  /// `n - droppedEntries` of its ``Recording/entries``.
  public var recordedCount: Int? {
    recorder?.count
  }

  /// The entries recorded from entry `index` on (counted as in ``recordedCount``), oldest first,
  /// with the index of the first one returned (later than `index` when the ring has dropped
  /// entries from `index` on) and how many the ring has dropped. Costs what it returns, not the whole ring: a viewer that follows
  /// a recording (uno-host's inspector) asks for what is new after each change.
  ///
  /// ```swift
  /// let (first, _, entries) = runtime.recordedEntries(from: seen)!
  /// seen = first + entries.count
  /// ```
  ///
  /// - Returns: `nil` when not recording.
  public func recordedEntries(
    from index: Int
  ) -> (first: Int, dropped: Int, entries: [Recording<State, Action>.Entry])? {
    guard let recorder else { return nil }
    let first = Swift.max(index, recorder.dropped)
    let total = recorder.count
    guard first < total else { return (total, recorder.dropped, []) }
    let entries = (first..<total).map { recorder.entry(at: $0) }
    return (first, recorder.dropped, entries)
  }

  /// Rewinds (``rewind(to:)``) to the state after recorded entry `index` (counted as in
  /// ``recordedCount``), or to the state before the oldest entry kept when `index` is the one
  /// before it (`-1` for a recording that dropped nothing: its initial state).
  ///
  /// The shared values (``Shared``) the state held are set back too, to the values the entry
  /// kept, in the same change: the rewind shows the state as the entry has it. Like any change of
  /// a shared value, every runtime that holds one is told, and a persisted one is saved; one that
  /// is equal to its kept value is left alone. Nothing is lost: the entries after `index` keep
  /// their values, and rewinding to one of them sets those back.
  ///
  /// - Returns: Whether the entry was there to rewind to: `false` when not recording, or when
  ///   `index` was dropped from the ring or not recorded yet.
  @discardableResult
  public func rewind(toRecordedEntry index: Int) -> Bool {
    guard let recorder else { return false }
    let entry: Recording<State, Action>.Entry
    if index >= recorder.dropped - 1 && index < recorder.count {
      entry = recorder.entry(at: index)
    } else {
      return false
    }
    rewind(to: entry.state, restoring: entry.shared)
    return true
  }

  /// Stops recording and returns what was recorded (`nil` if it was not recording).
  @discardableResult
  public func stopRecording() -> Recording<State, Action>? {
    defer { recorder = nil }
    return recorder?.recording
  }

  /// Keeps the last `limit` changes of a runtime.
  ///
  /// `append` is inlinable, like the step that calls it, so that it is specialised for the
  /// feature's types: unspecialised, copying a state into the ring cost 8 plain sends.
  @usableFromInline
  final class Recorder {
    @usableFromInline typealias Entry = Recording<State, Action>.Entry
    @usableFromInline let limit: Int
    let feature: String?
    let startedAt = Date()
    /// When the recording started, in nanoseconds on the clock `ContinuousClock` reads
    /// (``ContinuousNanoseconds``), for a recording on a `ContinuousClock`; `nil` on another clock.
    @usableFromInline let continuousStart: Int64?
    /// The time since the recording started on another clock.
    @usableFromInline let otherClockElapsed: (@Sendable () -> Duration)?
    // Without dynamic exclusivity checks: they were a third of an entry. Safe because every
    // access is instantaneous (none is passed `inout` or held while other code runs) and the
    // recorder is used only by its runtime, on the main actor, so no two accesses overlap.
    /// The base, then the entries kept, in a ring of `limit + 1` slots once full. The base is the
    /// state before the oldest entry kept, with its shared values (as an entry: its other fields
    /// are not used): at first the state when recording began, then the last entry dropped. So
    /// dropping the oldest entry only moves `baseSlot` on, and the new entry takes the old base's
    /// slot: nothing is copied.
    @exclusivity(unchecked) @usableFromInline var slots: [Entry]
    /// The slot of the base; the oldest entry kept is in the next one.
    @exclusivity(unchecked) @usableFromInline var baseSlot = 0
    @exclusivity(unchecked) @usableFromInline var dropped = 0

    init(limit: Int, feature: String?, clock: any Clock<Duration>, state: State) {
      self.limit = limit
      self.feature = feature
      if clock is ContinuousClock {
        self.continuousStart = ContinuousNanoseconds.now()
        self.otherClockElapsed = nil
      } else {
        func timer<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
          let start = clock.now
          return { start.duration(to: clock.now) }
        }
        self.continuousStart = nil
        self.otherClockElapsed = timer(clock)
      }
      slots = [Entry(kind: .action, action: nil, elapsed: .zero, state: state, shared: .capture(state))]
      slots.reserveCapacity(Swift.min(limit, 1024) + 1)
    }

    /// The time on the recording's clock since it started.
    @inlinable
    func elapsed() -> Duration {
      if let continuousStart { return .nanoseconds(ContinuousNanoseconds.now() - continuousStart) }
      return otherClockElapsed!()
    }

    /// Keeps one change, made at `began` (when its step began; `nil`: now).
    @inlinable
    func append(
      _ kind: Recording<State, Action>.Entry.Kind, _ action: Action?, _ state: State, at began: Duration?
    ) {
      let elapsed = began ?? self.elapsed()
      // The shared values, only while some exist: boxing the state for the scan costs more than
      // the rest of the entry.
      let kept = SharedStorageCount.live.load(ordering: .relaxed) > 0 ? KeptSharedValues.capture(state) : nil
      let entry = Entry(kind: kind, action: action, elapsed: elapsed, state: state, kept: kept)
      if slots.count <= limit {
        slots.append(entry)
        return
      }
      // Full: the oldest entry becomes the base, and the new entry takes the old base's slot.
      slots[baseSlot] = entry
      baseSlot = baseSlot == limit ? 0 : baseSlot + 1
      dropped += 1
    }

    /// How many entries have been recorded, dropped ones included.
    var count: Int { dropped + slots.count - 1 }

    /// Entry `index`, counted from the first ever recorded, dropped ones included; `dropped - 1`
    /// is the base. It must be one of those kept, or the base.
    func entry(at index: Int) -> Entry {
      slots[(baseSlot + 1 + index - dropped) % slots.count]
    }

    var recording: Recording<State, Action> {
      let base = slots[baseSlot]
      var recording = Recording<State, Action>(
        feature: feature, startedAt: startedAt, droppedEntries: dropped, initialState: base.state,
        entries: (dropped..<count).map(entry(at:)))
      recording.initialShared = base.shared
      return recording
    }
  }
}

/// The time on the clock that `ContinuousClock` reads, in nanoseconds, read directly: a recording
/// reads it at every step, and `ContinuousClock.now`, through the concurrency runtime, cost a
/// third more than the clock itself.
@usableFromInline
enum ContinuousNanoseconds {
  /// Now, from an arbitrary origin fixed for the process (`uno_continuous_nanoseconds`, in C:
  /// the clock the Swift runtime reads for `ContinuousClock`).
  @inlinable
  static func now() -> Int64 {
    Int64(uno_continuous_nanoseconds())
  }
}
