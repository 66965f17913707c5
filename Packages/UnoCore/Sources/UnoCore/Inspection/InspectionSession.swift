import CustomDump
import Foundation
import Synchronization

/// One runtime's session with an installed inspection hub (``_Inspection``): the events of the
/// runtime since the hub last took them, in a ring of ``InspectionState/ringLimit``, and what the
/// inspector may do to the runtime (send an action, rewind).
///
/// The runtime's step appends each change here (``change(_:_:_:)``, inlinable, so that the copy is
/// specialised for the feature's types) only while the session has announced itself to the
/// current connection (``isFollowed``): otherwise one load of that flag. An event while no batch
/// is scheduled schedules one on the main actor's next turn, which hands the events to the hub as
/// they are; the hub encodes them off the main actor and hands their array back, and the next
/// changes are written over it on the main actor. So the main actor pays a copy of the state and
/// the action per change (retains, for a state of arrays) and their release, never their
/// encoding; the hub's thread does not release them.
@usableFromInline
final class InspectionSession<State: Sendable, Action: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the `var`s are read and written on the main actor only
  // (the runtime's steps, `flush`, `announce`, and the effect ends, which hop there first), and
  // have no dynamic exclusivity checks because each access is instantaneous; the `let`s are
  // constants of `Sendable` types, and `runtime` is a weak reference read on the main actor.

  @usableFromInline enum Event: Sendable {
    case opened(State, KeptSharedValues?)
    case change(Recording<State, Action>.Entry)
    case effectStarted(effect: UInt64, action: Action, callSite: String, elapsed: Duration)
    case effectEnded(effect: UInt64, cancelled: EffectCancellation?, elapsed: Duration)
    case issue(String, elapsed: Duration)
    /// A child view model of the runtime's view model was made (`name`: where it is), or went.
    case child(UInt64, name: String?)
  }

  @usableFromInline weak var runtime: InteractorRuntime<State, Action>?
  let hub: any _InspectionHub
  /// Unique in the process.
  let id: UInt64
  /// Its interactor's type, or the name given with ``InteractorRuntime/inspect(as:)``.
  let feature: String
  /// When the session opened, in ticks (``InspectionClock``): entries are timed from it.
  @usableFromInline let start: UInt64
  /// The generation (``InspectionState/currentGeneration``) this session last announced itself to.
  @exclusivity(unchecked) @usableFromInline var generation = -1
  // What the hub has not taken yet. The changes, one per step, in a ring of their own, as a
  // recorder keeps them (an enum of every kind of event, copied through its generic value
  // witnesses, cost a connected send twice as much); the rarer events (the session's opening, an
  // effect's start and end, an issue) beside them, each with the number of changes made before
  // it, so that a batch puts them back in order, off the main actor.
  /// The changes not handed over yet, the first ``pending`` (at most
  /// ``InspectionState/ringLimit``, the oldest at ``changesHead`` once full); after them,
  /// changes of an earlier batch that the hub handed back, which the next changes overwrite.
  @exclusivity(unchecked) @usableFromInline var changes: [Recording<State, Action>.Entry] = []
  /// How many of ``changes`` wait for the next batch.
  @exclusivity(unchecked) @usableFromInline var pending = 0
  @exclusivity(unchecked) @usableFromInline var changesHead = 0
  /// Changes made since the session was announced, dropped ones included.
  @exclusivity(unchecked) @usableFromInline var changeCount = 0
  /// The other events not handed over yet, each after the `after`th change (at most
  /// ``InspectionState/ringLimit``, the oldest dropped).
  @exclusivity(unchecked) @usableFromInline var others: [(after: Int, event: Event)] = []
  /// Events dropped since the last batch.
  @exclusivity(unchecked) @usableFromInline var dropped = 0
  /// Set while the runtime reports an effect's error (``InteractorRuntime/effectFailed(_:_:_:task:)``):
  /// the issue it reports is this session's.
  @exclusivity(unchecked) var isReportingEffectFailure = false
  /// Set when the runtime leaves the inspector (``InteractorRuntime/inspect(as:)``).
  @exclusivity(unchecked) var closed = false
  /// Whether a batch was handed to the hub since the session announced itself.
  @exclusivity(unchecked) var delivered = false

  init(runtime: InteractorRuntime<State, Action>, feature: String, hub: any _InspectionHub) {
    self.runtime = runtime
    self.hub = hub
    self.id = InspectionState.sessionIDs.add(1, ordering: .relaxed).newValue
    self.feature = feature
    _ = InspectionClock.origin
    self.start = InspectionClock.ticks()
  }

  /// What the hub holds of it, weakly: this session keeps it alive (it refers back weakly).
  private(set) lazy var inspected: _InspectedSession = makeInspected()

  private func makeInspected() -> _InspectedSession {
    _InspectedSession(
      id: id, feature: feature, actionType: Action.self,
      announce: { [weak self] in self?.announce(generation: $0) },
      send: { [weak self] json in
        guard let self else { return "the session is gone: its runtime was released" }
        return self.send(actionJSON: json)
      },
      rewind: { [weak self] json in
        guard let self else { return "the session is gone: its runtime was released" }
        return self.rewind(stateJSON: json)
      },
      issue: { [weak self] message in
        // An issue reported while this runtime handles a step (or reports an effect's error) is
        // its own.
        guard let self, self.isReportingEffectFailure || self.runtime?.isHandling == true else {
          return false
        }
        self.issue(message)
        return true
      })
  }

  /// Whether the session takes events now: it announced itself to the connection that is open.
  /// A plain flag, so that a change of a session no connection follows costs one load: set by
  /// ``announce(generation:)``; a batch made after that connection has gone clears it
  /// (``flush()``), so the events between are dropped, as the hub would drop them.
  @exclusivity(unchecked) @usableFromInline private(set) var isFollowed = false

  /// Sets ``isFollowed``, and the bit of the runtime's link that the step tests
  /// (``InspectionLink``) while the runtime holds this session (not one `inspect(as:)` made after
  /// it).
  @MainActor
  func setFollowed(_ followed: Bool) {
    isFollowed = followed
    guard let runtime, runtime.inspection?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() else {
      return
    }
    runtime.inspectionLink.setFollowed(followed)
  }

  /// Ticks since the session opened (``InspectionClock``): what the events waiting for a batch
  /// hold where they say `elapsed` (an entry's too), made seconds by their encoding.
  @inlinable func elapsed() -> Duration { .nanoseconds(Int64(bitPattern: InspectionClock.ticks() &- start)) }

  /// A change of the runtime's state: an action's step, an effect's write, a shared value's change
  /// or a rewind, with the state it left. Called only while ``isFollowed``.
  @inlinable
  func change(_ kind: Recording<State, Action>.Entry.Kind, _ action: Action?, _ state: State) {
    let shared = SharedStorageCount.live.load(ordering: .relaxed) > 0 ? KeptSharedValues.capture(state) : nil
    changeCount += 1
    if pending < InspectionState.ringLimit {
      if !isFlushScheduled { scheduleFlush() }
      // Built in place: an entry made first and then stored cost a retain and a release more.
      // Over an entry of an earlier batch, if there is one: its state is released here, and the
      // memory it frees is the next one's, as in a recording's ring.
      if pending < changes.count {
        changes[pending] = Recording.Entry(
          kind: kind, action: action, elapsed: elapsed(), state: state, kept: shared)
      } else {
        changes.append(
          Recording.Entry(kind: kind, action: action, elapsed: elapsed(), state: state, kept: shared))
      }
      pending += 1
      return
    }
    changes[changesHead] = Recording.Entry(
      kind: kind, action: action, elapsed: elapsed(), state: state, kept: shared)
    changesHead = changesHead + 1 == pending ? 0 : changesHead + 1
    dropped += 1
  }

  /// Keeps an event that is not a change for the next batch, dropping the oldest beyond the
  /// limit.
  @usableFromInline
  func append(_ event: Event) {
    if !isFlushScheduled { scheduleFlush() }
    if others.count == InspectionState.ringLimit {
      others.removeFirst()
      dropped += 1
    }
    others.append((changeCount, event))
  }

  /// Hands the events to the hub on the main actor's next turn.
  @usableFromInline
  func scheduleFlush() {
    isFlushScheduled = true
    Task { @MainActor in
      self.isFlushScheduled = false
      self.flush()
    }
  }

  /// Whether a batch is to be made on the main actor's next turn: one at a time, whatever the
  /// number of changes before it.
  @exclusivity(unchecked) @usableFromInline var isFlushScheduled = false

  /// Hands the events to the hub, as they are: put in order by the batch's encoding, off the
  /// main actor. The changes' array goes with the batch (nothing is copied); an array an earlier
  /// batch handed back (``handedBack``) takes its place, and the next changes are written over
  /// its old ones.
  @MainActor
  func flush() {
    guard pending > 0 || !others.isEmpty else { return }
    guard generation == InspectionState.currentGeneration else {
      // The connection it announced itself to is gone; the next one announces it again.
      setFollowed(false)
      (changes, pending, changesHead, others, dropped) = ([], 0, 0, [], 0)
      handedBack.withLock { $0 = [] }
      return
    }
    delivered = true
    let events = Handover(
      changes: changes, count: pending, head: changesHead, others: others, first: changeCount - pending,
      handedBack: handedBack)
    let (id, feature, dropped, count) = (self.id, self.feature, self.dropped, pending + others.count)
    changes = reusedChanges()
    (pending, changesHead, self.others, self.dropped) = (0, 0, [], 0)
    hub.deliver(
      _InspectionBatch(
        session: id, dropped: dropped, count: count,
        encode: {
          defer { events.handBack() }
          return events.lines(session: id, feature: feature)
        },
        discard: { events.handBack() }))
  }

  /// The array the next changes are written over: the last one handed back, or a new one. The
  /// others handed back since the last batch are released here, on the main actor. (Kept for
  /// later batches, they held more states alive for longer: a send that copies a large state
  /// cost more.) So a session that stops changing keeps the states of at most one array of
  /// changes the hub is done with (at most ``InspectionState/ringLimit``) until it changes again
  /// or closes.
  @MainActor
  func reusedChanges() -> [Recording<State, Action>.Entry] {
    let returned = handedBack.withLock { returned in
      defer { returned = [] }
      return returned
    }
    return returned.last ?? []
  }

  /// The arrays of changes that batches handed back (``Handover/handBack()``), for the next
  /// batches' changes to be written over theirs: so the states of the changes the hub is done
  /// with are released on the main actor, where they were kept, one at a time as new ones are
  /// kept, as in a recording's ring. Released on the hub's thread, while the main actor kept more
  /// of the same states, the two threads contended for the same reference counts (a connected
  /// send cost a third more); released all at once, the allocator gave their memory back to the
  /// system and took it again (a send that changed a row cost half more).
  let handedBack = Locked<[[Recording<State, Action>.Entry]]>([])

  /// A batch's events, from the main actor to the hub's thread, and its array of changes back.
  final class Handover: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: made on the main actor and not touched there after;
    // the hub has one thread at a time use a batch (it crosses threads through the hub's lock),
    // and `changes` is handed back through `handedBack`'s lock, after which this holds none.
    var changes: [Recording<State, Action>.Entry]
    /// How many of `changes` are the batch's (the others are an earlier batch's).
    let count: Int
    /// Where the oldest change is in `changes` (a full ring wraps around).
    let head: Int
    let others: [(after: Int, event: Event)]
    /// How many changes the session made before the batch's first.
    let first: Int
    let handedBack: Locked<[[Recording<State, Action>.Entry]]>

    init(
      changes: [Recording<State, Action>.Entry], count: Int, head: Int, others: [(after: Int, event: Event)],
      first: Int, handedBack: Locked<[[Recording<State, Action>.Entry]]>
    ) {
      (self.changes, self.count, self.head, self.others, self.first, self.handedBack) =
        (changes, count, head, others, first, handedBack)
    }

    /// The events as lines of the protocol, oldest first, the other events among the changes
    /// where they happened: encoded here, or on the main actor when the state's or the action's
    /// `Encodable` conformance is isolated to it (a module whose default isolation is `MainActor`
    /// infers that), the only place it can be used. That costs the main actor the batch's
    /// encoding, in a turn of its own, never in a send.
    func lines(session: UInt64, feature: String) -> [String] {
      guard encodesOnlyOnMainActor() else { return encodedLines(session: session, feature: feature) }
      let lines = Locked<[String]>([])
      let done = DispatchSemaphore(value: 0)
      Task { @MainActor in
        lines.withLock { $0 = self.encodedLines(session: session, feature: feature) }
        done.signal()
      }
      // The main actor never waits for this thread, so this wait ends.
      done.wait()
      return lines.withLock { $0 }
    }

    /// Whether a state or an action of the batch is `Encodable` only on the main actor: its type
    /// conforms, but the value does not here (on the main actor it does, so this is `false`
    /// there).
    private func encodesOnlyOnMainActor() -> Bool {
      func isolated(_ value: Any, _ type: Any.Type) -> Bool {
        !(value is any Encodable) && type is any Encodable.Type
      }
      if count > 0 {
        let change = changes[head % count]
        if isolated(change.state, State.self) { return true }
        if let action = change.action, isolated(action, Action.self) { return true }
      }
      for (_, event) in others {
        switch event {
        case .opened(let state, _) where isolated(state, State.self): return true
        case .effectStarted(_, let action, _, _) where isolated(action, Action.self): return true
        default: continue
        }
      }
      return false
    }

    private func encodedLines(session: UInt64, feature: String) -> [String] {
      var lines: [String] = []
      lines.reserveCapacity(count + others.count)
      var next = 0
      for offset in 0..<count {
        while next < others.count && others[next].after <= first + offset {
          lines.append(InspectionSession.encode(others[next].event, session: session, feature: feature))
          next += 1
        }
        let change = changes[(head + offset) % count]
        lines.append(InspectionSession.encode(.change(change), session: session, feature: feature))
      }
      for (_, event) in others[next...] {
        lines.append(InspectionSession.encode(event, session: session, feature: feature))
      }
      return lines
    }

    /// Gives the array of changes back to the session, for its next batches to write over. Only
    /// the array moves: no state is retained or released here.
    func handBack() {
      guard !changes.isEmpty else { return }
      handedBack.withLock { $0.append(changes) }
      changes = []
    }
  }

  @MainActor
  func announce(generation: Int) {
    // Once per connection: a runtime made as the connection comes up is announced by both.
    guard let runtime, !closed, generation == InspectionState.currentGeneration, generation != self.generation
    else { return }
    // What a previous connection did not take is not this one's.
    (changes, pending, changesHead, others, dropped, changeCount, delivered) = ([], 0, 0, [], 0, 0, false)
    handedBack.withLock { $0 = [] }
    self.generation = generation
    setFollowed(true)
    let state = runtime.state
    append(.opened(state, KeptSharedValues.capture(state)))
    for (child, name) in children.sorted(by: { $0.key < $1.key }) { append(.child(child, name: name)) }
  }

  /// The child view models of the runtime's view model alive now, by id (ids grow: their order is
  /// the order the children were made): told to each connection after the session's `opened`.
  @exclusivity(unchecked) var children: [UInt64: String] = [:]
  /// Where each child view model is in ``children``, by the view model.
  @exclusivity(unchecked) var childIDs: [ObjectIdentifier: UInt64] = [:]

  /// A child view model, `viewModel`, was made where `name` says.
  @MainActor
  func childOpened(_ viewModel: ObjectIdentifier, name: String) {
    guard !closed, childIDs[viewModel] == nil else { return }
    let id = InspectionState.sessionIDs.add(1, ordering: .relaxed).newValue
    childIDs[viewModel] = id
    children[id] = name
    if isFollowed { append(.child(id, name: name)) }
  }

  /// The child view model `viewModel` went (its part of the state did, or it was released).
  @MainActor
  func childClosed(_ viewModel: ObjectIdentifier) {
    guard let id = childIDs.removeValue(forKey: viewModel) else { return }
    children[id] = nil
    if isFollowed { append(.child(id, name: nil)) }
  }

  @MainActor
  func send(actionJSON json: [UInt8]) -> String? {
    guard let runtime else { return "the session is gone: its runtime was released" }
    guard let type = Action.self as? any Decodable.Type else {
      return "\(Action.self) is not Decodable (where the inspector can decode it, on the main actor)"
    }
    let action: Action
    do {
      guard let decoded = try JSONDecoder().decode(type, from: Data(json)) as? Action else {
        return "the JSON did not decode as \(Action.self)"
      }
      action = decoded
    } catch {
      return "the JSON is not a \(Action.self): \(describeDecodingError(error))"
    }
    runtime.send(action)
    return nil
  }

  @MainActor
  func rewind(stateJSON json: [UInt8]) -> String? {
    guard let runtime else { return "the session is gone: its runtime was released" }
    guard let type = State.self as? any Decodable.Type else {
      return "\(State.self) is not Decodable: only a Codable state can be rewound to"
    }
    do {
      guard let state = try JSONDecoder().decode(type, from: Data(json)) as? State else {
        return "the JSON did not decode as \(State.self)"
      }
      runtime.rewind(to: state)
      return nil
    } catch {
      return "the state did not decode as \(State.self): \(describeDecodingError(error))"
    }
  }

  /// An effect of the runtime ended (from the effect's task, anywhere): kept on the main actor,
  /// after the writes the effect made, once the session is followed.
  @usableFromInline
  func effectEnded(of record: EffectRecord) {
    let (effect, cancelled, at) = (record.key, record.cancellation, elapsed())
    Task { @MainActor in
      guard self.isFollowed else { return }
      self.append(.effectEnded(effect: effect, cancelled: cancelled, elapsed: at))
    }
  }

  /// The runtime is gone (its `deinit`, anywhere): the hub is told on the main actor, after the
  /// events still waiting for a batch, so that a session is never closed before its last events.
  func close() {
    Task { @MainActor in self.closeNow() }
  }

  /// The runtime leaves the inspector (``InteractorRuntime/inspect(as:)``, or its release): what
  /// waits is handed over, then the hub is told.
  @MainActor
  func closeNow() {
    closed = true
    // Opened and closed with nothing between, before any batch (a view model renamed or left out
    // where it is made): the inspector never hears of it, rather than list it closed.
    let unseen = !delivered && pending == 0 && others.count == 1
    if unseen { others = [] } else { flush() }
    changes = []
    handedBack.withLock { $0 = [] }
    hub.closed(id, shown: !unseen)
  }

  // MARK: Encoding, off the main actor

  /// One event as a line of the inspection protocol (docs/inspector.md, "What an app says").
  static func encode(_ event: Event, session: UInt64, feature: String) -> String {
    var fields: [(String, String)] = [("session", String(session))]
    switch event {
    case .opened(let state, let kept):
      let (json, why) = stateJSON(state, kept)
      fields += [
        ("type", quoted("opened")), ("feature", quoted(feature)), ("state", json),
        ("codable", why == nil ? "true" : "false"), ("why", why.map(quoted) ?? "null"),
        ("actionCodable", Action.self is any Codable.Type ? "true" : "false"),
      ]
    case .child(let child, let name):
      fields += [
        ("type", quoted("child")), ("event", quoted(name == nil ? "closed" : "opened")),
        ("child", String(child)), ("name", name.map(quoted) ?? "null"),
      ]
    case .change(let entry):
      fields += [
        ("type", quoted("entry")), ("kind", quoted(entry.kind.rawValue)),
        ("state", stateJSON(entry.state, entry.kept).0),
        ("action", entry.action.map(actionJSON) ?? "null"),
        ("described", entry.action.map { quoted(describe($0)) } ?? "null"),
        ("elapsed", seconds(entry.elapsed)),
      ]
    case .effectStarted(let effect, let action, let callSite, let elapsed):
      fields += [
        ("type", quoted("effect")), ("event", quoted("started")), ("effect", String(effect)),
        ("action", actionJSON(action)), ("described", quoted(describe(action))),
        ("callSite", quoted(callSite)),
        ("elapsed", seconds(elapsed)),
      ]
    case .effectEnded(let effect, let cancelled, let elapsed):
      fields += [
        ("type", quoted("effect")), ("event", quoted(cancelled == nil ? "ended" : "cancelled")),
        ("effect", String(effect)), ("reason", cancelled.map { quoted($0.description) } ?? "null"),
        ("elapsed", seconds(elapsed)),
      ]
    case .issue(let message, let elapsed):
      fields += [("type", quoted("issue")), ("message", quoted(message)), ("elapsed", seconds(elapsed))]
    }
    return "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  /// The state as JSON, with the shared values it held then, or as text (custom-dump) with why
  /// when it cannot be encoded here.
  static func stateJSON(_ state: State, _ kept: KeptSharedValues?) -> (String, String?) {
    let snapshot = kept?.snapshot ?? .empty
    if let encodable = state as? any Encodable,
      let data = try? SharedSnapshot.reading(snapshot, { try inspectionEncoder.encode(encodable) })
    {
      return (String(decoding: data, as: UTF8.self), nil)
    }
    let why =
      state is any Encodable
      ? "its state did not encode as JSON"
      : "\(State.self) is not Encodable (off the main actor), so it is shown as text and cannot be rewound"
    return (quoted(SharedSnapshot.dump(state, snapshot)), why)
  }

  static func actionJSON(_ action: Action) -> String {
    if let encodable = action as? any Encodable, let data = try? inspectionEncoder.encode(encodable) {
      return String(decoding: data, as: UTF8.self)
    }
    return "null"
  }

  /// The action as Swift writes it, on one line.
  static func describe(_ action: Action) -> String {
    var text = ""
    customDump(action, to: &text, maxDepth: 4)
    return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
  }

  /// Ticks held as a duration (``elapsed()``) in seconds, as text.
  static func seconds(_ ticks: Duration) -> String {
    String(
      InspectionClock.seconds(
        ticks: UInt64(
          max(0, ticks.components.seconds * 1_000_000_000 + ticks.components.attoseconds / 1_000_000_000))))
  }
}

/// Encodes states and actions as recordings do (one, shared by the connection's threads: an
/// encoder whose options are not changed is safe to use from several).
private let inspectionEncoder = recordingEncoder()

/// `text` as a JSON string (Foundation's encoder writes it: one JSON writer).
func quoted(_ text: String) -> String {
  String(decoding: (try? inspectionEncoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
}
