import Clocks
import Dependencies
import Foundation
@_spi(Internals) import UnoCore
@_spi(Internals) import UnoPresentation

// Recording and replaying a feature's sessions, for the features whose domain state is `Codable`
// and `Equatable` (and whose actions are `Codable`, as every plugin's are): a host records a
// session (`FeatureSession.startRecording(limit:)`), exports it as JSON lines
// (`FeatureSession.recordingJSONLines()`), and replays one (`FeaturePlugin.replay(jsonLines:withDependencies:)`).

extension FeaturePlugin {
  /// Describes a feature whose sessions can be recorded and replayed: its domain state is
  /// `Codable` and `Equatable`. Otherwise the same as
  /// `init(name:summary:actions:commands:makeViewModel:)`, which Swift picks for other features.
  public init<
    Action: Codable & Sendable, DomainState: Codable & Equatable & Sendable, ViewState: Encodable & Sendable
  >(
    name: String,
    summary: String,
    actions: [ActionExample<Action>],
    commands: [FeatureCommand<Action, DomainState>] = [],
    makeViewModel: @escaping @MainActor @Sendable () -> ViewModel<Action, DomainState, ViewState>
  ) {
    self.init(
      name: name, summary: summary, actions: actions, commands: commands, makeViewModel: makeViewModel,
      configure: { session, viewModel in session.enableRecording(viewModel._runtime, feature: name) })
    _replay = FeatureReplay { text, prepareDependencies in
      let recording = try Recording<DomainState, Action>(jsonLines: text)
      let clock = TestClock()
      let viewModel = withDependencies {
        prepareDependencies(&$0)
        $0.continuousClock = clock
      } operation: {
        makeViewModel()
      }
      let runtime = viewModel._runtime
      runtime.rewind(to: recording.initialState)
      try await runtime.replay(recording, advance: { await clock.advance(by: $0) })
      return recording.entries.count
    }
  }

  /// Whether the feature's sessions can be recorded and replayed (its domain state is `Codable`
  /// and `Equatable`).
  public var isRecordable: Bool { _replay != nil }

  /// Replays a recording of this feature (`Recording.jsonLines()`) on a fresh session whose
  /// effects wait on a test clock, which advances as the recording's time did (see
  /// `InteractorRuntime.replay(_:advance:timeout:)`). The session starts at the recording's
  /// initial state (a rewind, before the first entry).
  ///
  /// - Parameters:
  ///   - jsonLines: The recording.
  ///   - prepareDependencies: The dependencies of the session, as the host sets them for every
  ///     session (its data directory, its id generator); the clock is set after them.
  /// - Returns: How many entries were replayed, every one matching.
  /// - Throws: `RecordingError` when the text is not a recording of this feature;
  ///   `ReplayMismatch` at the first entry that differs; ``FeatureError/notRecordable(feature:)``
  ///   when the feature cannot be recorded.
  @MainActor
  public func replay(
    jsonLines: String,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async throws -> Int {
    guard let _replay else { throw FeatureError.notRecordable(feature: name) }
    return try await _replay.run(jsonLines, prepareDependencies)
  }
}

/// Replays a recording's text on a fresh session of its feature.
struct FeatureReplay: Sendable {
  let run: @MainActor @Sendable (String, @escaping (inout DependencyValues) -> Void) async throws -> Int
}

extension FeatureSession {
  /// Whether this session can record (its feature's domain state is `Codable` and `Equatable`).
  public var isRecordable: Bool { recordingSupport != nil }

  /// Whether this session is recording.
  public var isRecording: Bool { recordingSupport?.isRecording() ?? false }

  /// Starts recording every change of the session's domain state, from now, keeping the last
  /// `limit` (see `InteractorRuntime.record(limit:feature:clock:)`).
  ///
  /// - Throws: ``FeatureError/notRecordable(feature:)``.
  public func startRecording(limit: Int = 10_000) throws(FeatureError) {
    guard let recordingSupport else { throw .notRecordable(feature: feature) }
    recordingSupport.start(limit)
  }

  /// The session's recording as JSON lines (`Recording.jsonLines()`), or `nil` when it is not
  /// recording.
  ///
  /// - Throws: ``FeatureError/notRecordable(feature:)``, or the encoder's error.
  public func recordingJSONLines() throws -> String? {
    guard let recordingSupport else { throw FeatureError.notRecordable(feature: feature) }
    return try recordingSupport.jsonLines()
  }

  /// The entries recorded from entry `index` on, each as its JSON line
  /// (`Recording.Entry.jsonLine()`), with the index of the first one and how many the ring has
  /// dropped (see `InteractorRuntime.recordedEntries(from:)`); `nil` when not recording.
  ///
  /// - Throws: ``FeatureError/notRecordable(feature:)``, or the encoder's error.
  public func recordedEntries(from index: Int) throws -> RecordedEntries? {
    guard let recordingSupport else { throw FeatureError.notRecordable(feature: feature) }
    return try recordingSupport.entries(index)
  }

  /// How many entries the session has recorded, dropped ones included (see
  /// `InteractorRuntime.recordedCount`); `nil` when it is not recording.
  public var recordedCount: Int? { recordingSupport?.count() }

  /// Sets the session back to the state after recorded entry `index`, as a change of its own
  /// (a rewind; see `InteractorRuntime.rewind(toRecordedEntry:)`).
  ///
  /// - Returns: Whether the entry was there: `false` when not recording, or when the ring dropped
  ///   it or it was not recorded yet.
  /// - Throws: ``FeatureError/notRecordable(feature:)``.
  @discardableResult
  public func rewind(toRecordedEntry index: Int) throws(FeatureError) -> Bool {
    guard let recordingSupport else { throw .notRecordable(feature: feature) }
    return recordingSupport.rewind(index)
  }

  func enableRecording<DomainState: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    _ runtime: InteractorRuntime<DomainState, Action>, feature: String
  ) {
    recordingSupport = RecordingSupport(
      start: { [weak runtime] limit in runtime?.record(limit: limit, feature: feature) },
      isRecording: { [weak runtime] in runtime?.recording != nil },
      jsonLines: { [weak runtime] in try runtime?.recording?.jsonLines() },
      entries: { [weak runtime] index in
        guard let (first, dropped, entries) = runtime?.recordedEntries(from: index) else { return nil }
        return RecordedEntries(first: first, dropped: dropped, lines: try entries.map { try $0.jsonLine() })
      },
      rewind: { [weak runtime] index in runtime?.rewind(toRecordedEntry: index) ?? false },
      count: { [weak runtime] in runtime?.recordedCount }
    )
  }

  /// What a session of a recordable feature can do with its recording.
  struct RecordingSupport {
    let start: @MainActor (Int) -> Void
    let isRecording: @MainActor () -> Bool
    let jsonLines: @MainActor () throws -> String?
    let entries: @MainActor (Int) throws -> RecordedEntries?
    let rewind: @MainActor (Int) -> Bool
    let count: @MainActor () -> Int?
  }
}

/// Entries of a session's recording, each as its line of the recording's JSON lines
/// (``FeatureSession/recordedEntries(from:)``).
public struct RecordedEntries: Equatable, Sendable {
  /// The index of the first of ``lines``, counted from the first entry ever recorded.
  public var first: Int
  /// How many entries the recording's ring has dropped: the oldest one kept is entry `dropped`.
  public var dropped: Int
  /// The entries, oldest first.
  public var lines: [String]

  public init(first: Int, dropped: Int, lines: [String]) {
    self.first = first
    self.dropped = dropped
    self.lines = lines
  }
}
