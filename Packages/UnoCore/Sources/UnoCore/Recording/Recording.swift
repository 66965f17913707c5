import Foundation

/// A session's history: the state it started from and, in order, every change made to it, each
/// with what made it, when, and the state it left.
///
/// A runtime records when asked (``InteractorRuntime/record(limit:feature:clock:)``); the test harness replays
/// a recording as a regression test (UnoTesting's `replay(_:)`), and uno-host exports and replays
/// them.
///
/// ```swift
/// let runtime = InteractorRuntime(CounterInteractor())
/// runtime.record()
/// runtime.send(.increment)
/// await runtime.send(.incrementLater).finish()
///
/// let recording = runtime.recording!     // initial state, then 3 entries:
/// recording.entries.map(\.kind)          // [.action, .action, .effect]
/// try recording.jsonLines()              // a header line, then one line per entry
/// ```
///
/// ## Kept values
///
/// An entry keeps the state as it was: the values of the shared values (``Shared``) it held are
/// kept with it, and comparisons, dumps and encoding (``jsonLines()``) read those, not the live
/// ones. (Reading a shared property of ``Entry/state`` directly reads the live value.)
///
/// ## Bounded
///
/// A runtime keeps at most `limit` entries. When a new entry would exceed it, the oldest is
/// dropped, ``droppedEntries`` counts it, and the state it left becomes ``initialState``: what is
/// kept always replays from its own beginning.
public struct Recording<State, Action> {
  /// The version of the JSON-lines form that ``jsonLines()`` writes and ``init(jsonLines:)``
  /// reads.
  public static var formatVersion: Int { 1 }

  /// The feature the session ran (uno-host writes its plugin's name), or `nil`.
  public var feature: String?
  /// When the recording started, on the wall clock.
  public var startedAt: Date
  /// How many entries were dropped from the front to keep the recording within its limit.
  public var droppedEntries: Int
  /// The state before the first entry.
  public var initialState: State
  /// The values of the shared values `initialState` held then.
  @_spi(Internals) public var initialShared: SharedSnapshot
  /// Every change after `initialState`, oldest first.
  public var entries: [Entry]

  /// Creates a recording from its parts (a test's expected recording, or one made by hand).
  public init(
    feature: String? = nil,
    startedAt: Date = Date(timeIntervalSince1970: 0),
    droppedEntries: Int = 0,
    initialState: State,
    entries: [Entry] = []
  ) {
    self.feature = feature
    self.startedAt = startedAt
    self.droppedEntries = droppedEntries
    self.initialState = initialState
    self.initialShared = .empty
    self.entries = entries
  }

  /// One change of the state.
  public struct Entry {
    /// What made a change.
    public enum Kind: String, Sendable, Codable, CaseIterable {
      /// An action, sent to the runtime (``Entry/action`` is that action).
      case action
      /// A write of an effect (``Entry/action`` is the action that started the effect).
      case effect
      /// A shared value the state holds, changed outside this runtime's steps (by another
      /// holder); ``Entry/action`` is `nil`.
      case sharedValue
      /// The state set back to an earlier one (``InteractorRuntime/rewind(to:)``); ``Entry/action``
      /// is `nil`.
      case rewind
    }

    /// What made the change.
    public var kind: Kind
    /// The action sent, or the action whose effect wrote; `nil` for a shared value's change and
    /// a rewind.
    public var action: Action?
    /// When, counted from the start of the recording on the clock that timed it (the
    /// continuous clock, or the test clock a test passed to
    /// ``InteractorRuntime/record(limit:feature:clock:)``): when the step that made the change
    /// began, before the interactor ran (a change no interactor made, a rewind or another
    /// holder's write to a shared value, is timed when it was applied). An effect's deadline that
    /// the interactor fixed from the clock is then never earlier than the entry, so a replay that
    /// moves a test clock to each entry in turn finds the deadline where the recording had it.
    public var elapsed: Duration
    /// The state the change left.
    public var state: State
    /// The values of the shared values `state` held then.
    @_spi(Internals) public var shared: SharedSnapshot {
      get { kept?.snapshot ?? .empty }
      set { kept = newValue.isEmpty ? nil : KeptSharedValues(snapshot: newValue) }
    }
    /// `nil` when the state held none (most entries: no retain to pay).
    @usableFromInline var kept: KeptSharedValues?

    /// Creates an entry.
    public init(kind: Kind, action: Action?, elapsed: Duration = .zero, state: State) {
      self.init(kind: kind, action: action, elapsed: elapsed, state: state, kept: nil)
    }

    @_spi(Internals) public init(
      kind: Kind, action: Action?, elapsed: Duration, state: State, shared: SharedSnapshot
    ) {
      self.init(
        kind: kind, action: action, elapsed: elapsed, state: state,
        kept: shared.isEmpty ? nil : KeptSharedValues(snapshot: shared))
    }

    @inlinable
    init(kind: Kind, action: Action?, elapsed: Duration, state: State, kept: KeptSharedValues?) {
      (self.kind, self.action, self.elapsed, self.state, self.kept) = (kind, action, elapsed, state, kept)
    }
  }
}

extension Recording: Sendable where State: Sendable, Action: Sendable {}
extension Recording.Entry: Sendable where State: Sendable, Action: Sendable {}

extension Recording {
  /// The state at `index` in the recording's history: `0` is ``initialState``, `n` the state
  /// entry `n - 1` left; with the shared values it held then.
  @_spi(Internals) public func state(at index: Int) -> (State, SharedSnapshot) {
    index == 0 ? (initialState, initialShared) : (entries[index - 1].state, entries[index - 1].shared)
  }

  /// The states of the recording, the initial one first, each as the custom dump of it with the
  /// shared values it held then.
  public var stateDumps: [String] {
    (0...entries.count).map { index in
      let (state, shared) = self.state(at: index)
      return SharedSnapshot.dump(state, shared)
    }
  }
}

/// A ``SharedSnapshot`` where inlinable code may hold one (an SPI type may not appear in its
/// declarations): the recorder's hot path is inlinable.
@usableFromInline
struct KeptSharedValues: Sendable {
  var snapshot: SharedSnapshot

  init(snapshot: SharedSnapshot) {
    self.snapshot = snapshot
  }

  /// The values of the shared values `state` holds now, or `nil` if it holds none.
  @usableFromInline static func capture(_ state: Any) -> KeptSharedValues? {
    let snapshot = SharedSnapshot.capture(state)
    return snapshot.isEmpty ? nil : KeptSharedValues(snapshot: snapshot)
  }
}
