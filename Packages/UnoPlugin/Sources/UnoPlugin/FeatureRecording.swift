import Clocks
import Dependencies
import Foundation
@_spi(Internals) import UnoCore
@_spi(Internals) import UnoPresentation

// Recording and replaying a feature's sessions, for the features whose domain state is `Codable`
// and `Equatable` (and whose actions are `Codable`, as every plugin's are): what such a feature
// adds to a live one (`RecordableFeature`). A host records a session
// (`FeatureSession.startRecording(limit:)`), exports it as JSON lines
// (`FeatureSession.recordingJSONLines()`), and replays one
// (`FeaturePlugin.replay(jsonLines:withDependencies:checkingInvariants:)`).

extension FeaturePlugin {
  /// Replays a recording of this feature (`Recording.jsonLines()`) on a fresh session whose
  /// effects wait on a test clock, which advances as the recording's time did (see
  /// `InteractorRuntime.replay(_:advance:timeout:)`). The session starts at the recording's
  /// initial state (a rewind, before the first entry).
  ///
  /// With `checkingInvariants`, each state is checked against the plugin's `invariants` instead
  /// of the recorded one: for a recording of a bug (`uno-host explore` writes one), whose recorded
  /// states are the bug's, the replay fails while the bug is there and passes once it is fixed.
  ///
  /// - Parameters:
  ///   - jsonLines: The recording.
  ///   - prepareDependencies: The dependencies of the session, as the host sets them for every
  ///     session (its data directory, its id generator); the clock is set after them.
  ///   - checkingInvariants: Whether to check the invariants instead of the recorded states.
  /// - Returns: How many entries were replayed, every one matching.
  /// - Throws: `RecordingError` when the text is not a recording of this feature;
  ///   `ReplayMismatch` at the first entry that differs (or breaks an invariant);
  ///   ``FeatureError/notRecordable(feature:)`` when the feature cannot be recorded.
  @MainActor
  public func replay(
    jsonLines: String,
    withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
    checkingInvariants: Bool = false
  ) async throws -> Int {
    guard isRecordable else { throw FeatureError.notRecordable(feature: name) }
    let clock = TestClock()
    let session = withDependencies {
      prepareDependencies(&$0)
      $0.continuousClock = clock
    } operation: {
      makeSession()
    }
    guard let recordable = session.recordable else { throw FeatureError.notRecordable(feature: name) }
    return try await recordable.replay(
      jsonLines, advance: { await clock.advance(by: $0) },
      checking: checkingInvariants ? Self.invariantCheck(of: explorable) : nil)
  }

  /// The first of `feature`'s invariants a state breaks, as a replay reports it.
  @MainActor
  private static func invariantCheck<Feature: ExplorableFeature>(
    of feature: Feature
  ) -> @MainActor (Any) -> String? {
    let invariants = feature.invariants
    return { state in
      guard let state = state as? Feature.DomainState else { return nil }
      return invariants.first { !$0.holds(state) }.map { "the invariant '\($0.name)' does not hold" }
    }
  }
}

/// What a feature whose domain state is `Codable` and `Equatable` adds to a live one: a
/// recording of its changes (`InteractorRuntime.record(limit:feature:clock:)`), read, rewound to,
/// and replayed. ``ViewModelFeature`` conforms when its domain state is both, and a
/// ``FeatureSession`` finds out when it is made (``FeatureSession/isRecordable``).
@MainActor
protocol RecordableFeature: LiveFeature {
  /// Starts recording, keeping the last `limit` entries.
  func startRecording(limit: Int, feature: String)
  /// Whether it is recording.
  var isRecording: Bool { get }
  /// The recording as JSON lines; `nil` when not recording.
  func recordingJSONLines() throws -> String?
  /// The entries from `index` on, each as its JSON line; `nil` when not recording.
  func recordedEntries(from index: Int) throws -> RecordedEntries?
  /// How many entries it has recorded, dropped ones included; `nil` when not recording.
  var recordedCount: Int? { get }
  /// Rewinds to the state after entry `index`; whether the entry was there.
  func rewind(toRecordedEntry index: Int) -> Bool
  /// Replays `jsonLines` from its initial state, calling `advance` as the recording's time
  /// passed, and checking each state with `check` instead of against the recorded one when it is
  /// given; returns how many entries it replayed.
  func replay(
    _ jsonLines: String, advance: @escaping @MainActor (Duration) async -> Void,
    checking check: (@MainActor (Any) -> String?)?
  ) async throws -> Int
}

extension ViewModelFeature: RecordableFeature where DomainState: Codable & Equatable {
  private var runtime: InteractorRuntime<DomainState, Action> { viewModel._runtime }

  func startRecording(limit: Int, feature: String) { runtime.record(limit: limit, feature: feature) }

  var isRecording: Bool { runtime.recording != nil }

  func recordingJSONLines() throws -> String? { try runtime.recording?.jsonLines() }

  func recordedEntries(from index: Int) throws -> RecordedEntries? {
    guard let (first, dropped, entries) = runtime.recordedEntries(from: index) else { return nil }
    return RecordedEntries(first: first, dropped: dropped, lines: try entries.map { try $0.jsonLine() })
  }

  var recordedCount: Int? { runtime.recordedCount }

  func rewind(toRecordedEntry index: Int) -> Bool { runtime.rewind(toRecordedEntry: index) }

  func replay(
    _ jsonLines: String, advance: @escaping @MainActor (Duration) async -> Void,
    checking check: (@MainActor (Any) -> String?)?
  ) async throws -> Int {
    let recording = try Recording<DomainState, Action>(jsonLines: jsonLines)
    runtime.rewind(to: recording.initialState)
    var checkState: (@MainActor (DomainState) -> String?)?
    if let check { checkState = { state in check(state) } }
    try await runtime.replay(recording, advance: advance, checking: checkState)
    return recording.entries.count
  }
}

extension FeatureSession {
  /// Whether this session can record (its feature's domain state is `Codable` and `Equatable`).
  public var isRecordable: Bool { recordable != nil }

  /// Whether this session is recording.
  public var isRecording: Bool { recordable?.isRecording ?? false }

  /// Starts recording every change of the session's domain state, from now, keeping the last
  /// `limit` (see `InteractorRuntime.record(limit:feature:clock:)`).
  ///
  /// - Throws: ``FeatureError/notRecordable(feature:)``.
  public func startRecording(limit: Int = 10_000) throws(FeatureError) {
    guard let recordable else { throw .notRecordable(feature: feature) }
    recordable.startRecording(limit: limit, feature: feature)
  }

  /// The session's recording as JSON lines (`Recording.jsonLines()`), or `nil` when it is not
  /// recording.
  ///
  /// - Throws: ``FeatureError/notRecordable(feature:)``, or the encoder's error.
  public func recordingJSONLines() throws -> String? {
    guard let recordable else { throw FeatureError.notRecordable(feature: feature) }
    return try recordable.recordingJSONLines()
  }

  /// The entries recorded from entry `index` on, each as its JSON line
  /// (`Recording.Entry.jsonLine()`), with the index of the first one and how many the ring has
  /// dropped (see `InteractorRuntime.recordedEntries(from:)`); `nil` when not recording.
  ///
  /// - Throws: ``FeatureError/notRecordable(feature:)``, or the encoder's error.
  public func recordedEntries(from index: Int) throws -> RecordedEntries? {
    guard let recordable else { throw FeatureError.notRecordable(feature: feature) }
    return try recordable.recordedEntries(from: index)
  }

  /// How many entries the session has recorded, dropped ones included (see
  /// `InteractorRuntime.recordedCount`); `nil` when it is not recording.
  public var recordedCount: Int? { recordable?.recordedCount }

  /// Sets the session back to the state after recorded entry `index`, as a change of its own
  /// (a rewind; see `InteractorRuntime.rewind(toRecordedEntry:)`).
  ///
  /// - Returns: Whether the entry was there: `false` when not recording, or when the ring dropped
  ///   it or it was not recorded yet.
  /// - Throws: ``FeatureError/notRecordable(feature:)``.
  @discardableResult
  public func rewind(toRecordedEntry index: Int) throws(FeatureError) -> Bool {
    guard let recordable else { throw .notRecordable(feature: feature) }
    return recordable.rewind(toRecordedEntry: index)
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

  /// Entries read from a recording: `lines`, the first of which is entry `first`, after a ring
  /// that dropped `dropped`.
  public init(first: Int, dropped: Int, lines: [String]) {
    self.first = first
    self.dropped = dropped
    self.lines = lines
  }
}
