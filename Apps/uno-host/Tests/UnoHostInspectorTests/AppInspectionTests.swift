// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Clocks
  import Dependencies
  import BundledFeatures
  import Foundation
  import Testing
  import TodosFeature
  @_spi(Inspection) @_spi(Internals) import UnoCore
  @_spi(Internals) import UnoPresentation
  import UnoHostCore
  @_spi(Inspection) import UnoPlugin
  import UnoTesting

  @testable import UnoHostInspector

  /// An app's session, from its runtime to what the page reads, without the sockets: the app's
  /// side (a runtime's session, encoding its events as `UnoInspection` does) joined to the
  /// inspector's (``InspectedApps``) in one process, each line passed as the connection would.
  ///
  /// Serialized: a connection's generation (`_Inspection.beginGeneration()`) is the process's.
  /// No hub is installed here, so no other test's runtime opens a session.
  @MainActor
  @Suite(.serialized, .timeLimit(.minutes(1))) struct AppInspectionTests {
    let apps: InspectedApps
    let hub: LoopbackHub
    let clock = TestClock()

    init() {
      var number = 100
      apps = InspectedApps(number: {
        number += 1
        return number
      })
      apps.token = "secret-token-0123"
      hub = LoopbackHub(apps: apps)
    }

    /// A Todos runtime in a session of ``hub``, its effects waiting on ``clock``, or on the real
    /// clock with `realTime` (an app's session times its entries on the real clock, and a replay
    /// moves its test clock by those times).
    func makeRuntime(realTime: Bool = false) -> InteractorRuntime<TodosState, TodosAction> {
      withDependencies {
        $0.todosStore = .inMemory()
        $0.continuousClock = realTime ? AnyClock(ContinuousClock()) : AnyClock(clock)
        $0.uuid = .incrementing
      } operation: {
        let runtime = InteractorRuntime(TodosInteractor())
        runtime._openInspection(in: hub, named: "Todos")
        runtime._flushInspection()  // its `opened`: the page has the session
        return runtime
      }
    }

    func timeline(_ number: Int) throws -> JSONValue {
      try apps.timeline(of: number)
    }

    func kinds(_ number: Int) throws -> [String] {
      guard case .array(let entries)? = try timeline(number)["entries"] else { return [] }
      return entries.compactMap { $0.string(at: "kind") }
    }

    func described(_ number: Int, kind: String) throws -> [String] {
      guard case .array(let entries)? = try timeline(number)["entries"] else { return [] }
      return entries.filter { $0.string(at: "kind") == kind }.compactMap {
        $0["named"]?.string(at: "typed")
      }
    }

    @Test func actionsWritesAndEffectsFromStartToEndOrCancellation() async throws {
      hub.connect()
      let runtime = makeRuntime()
      let number = try #require(hub.lastSession())
      runtime.send(.add(title: "Milk"))
      runtime.send(.add(title: "Eggs"))  // its save cancels Milk's: the same id, in flight
      await clock.advance(by: .milliseconds(300))
      await runtime.waitForAllEffects()
      await hub.settle(runtime)

      #expect(
        try kinds(number) == [
          "action", "effect started", "action", "effect started", "effect cancelled", "effect",
          "effect ended",
        ])
      #expect(try described(number, kind: "effect cancelled").first?.contains("its id was cancelled") == true)
      #expect(try described(number, kind: "effect started").allSatisfy { $0.contains("Todos.swift:") })
      let ended = try #require(try described(number, kind: "effect ended").first)
      #expect(ended.hasPrefix(#"TodosAction.add(title: "Eggs")"#))
      #expect(try timeline(number)["running"] == .array([]))
    }

    @Test func aRunningEffectIsListedUntilItEnds() async throws {
      hub.connect()
      let runtime = makeRuntime()
      let number = try #require(hub.lastSession())
      runtime.send(.add(title: "Milk"))
      await hub.settle(runtime)
      guard case .array(let running)? = try timeline(number)["running"] else {
        Issue.record("no running effects listed")
        return
      }
      #expect(running.count == 1)
      #expect(running.first?.string(at: "described") == #"TodosAction.add(title: "Milk")"#)
      await clock.advance(by: .milliseconds(300))
      await runtime.waitForAllEffects()
      await hub.settle(runtime)
      #expect(try timeline(number)["running"] == .array([]))
    }

    @Test func releasingTheRuntimeCancelsItsEffectsAndClosesTheSession() async throws {
      hub.connect()
      var runtime: InteractorRuntime<TodosState, TodosAction>? = makeRuntime()
      let number = try #require(hub.lastSession())
      runtime!.send(.add(title: "Milk"))
      runtime!._flushInspection()
      runtime = nil
      try await hub.waitUntil {
        try kinds(number).contains("effect cancelled") && apps.sessions[number]?.closed == true
      }
      #expect(try described(number, kind: "effect cancelled").first?.contains("released") == true)
    }

    @Test func theExportReplaysInATestAsARegressionTest() async throws {
      hub.connect()
      // The effects wait as they would in the app (300 ms for a save, a second for the sort);
      // the test awaits them.
      let runtime = makeRuntime(realTime: true)
      let number = try #require(hub.lastSession())
      runtime.send(.add(title: "Milk"))
      runtime.send(.add(title: "Eggs"))
      await runtime.waitForAllEffects()
      runtime.send(.todo(row: .element(id: runtime.state.todos[0].id, action: .toggle)))
      await runtime.waitForAllEffects()
      await hub.settle(runtime)

      let (_, text) = try apps.recording(of: number)
      let recording = try Recording<TodosState, TodosAction>(jsonLines: text)
      // The two adds, their one save (the first was cancelled), the toggle, its save, the sort,
      // and the save after the sort.
      #expect(
        recording.entries.map(\.kind) == [.action, .action, .effect, .action, .effect, .effect, .effect])
      #expect(recording.entries.last?.state == runtime.state)
      let replayClock = TestClock()
      let harness = await InteractorTestHarness(
        initialState: recording.initialState, TodosInteractor(),
        withDependencies: {
          $0.todosStore = .inMemory()
          $0.continuousClock = replayClock
          $0.uuid = .incrementing
        })
      #expect(await harness.replay(recording, clock: replayClock))
    }

    @Test func thePageRewindsTheAppAndSendsItActions() async throws {
      hub.connect()
      let runtime = makeRuntime()
      let number = try #require(hub.lastSession())
      runtime.send(.add(title: "Milk"))
      runtime.send(.add(title: "Eggs"))
      await hub.settle(runtime)

      _ = try await apps.rewind(number, toEntry: 0)
      #expect(runtime.state.todos.map(\.title) == ["Milk"])
      _ = try await apps.send(.object(["add": .object(["title": .string("Bread")])]), to: number)
      #expect(runtime.state.todos.map(\.title) == ["Bread", "Milk"])
      await hub.settle(runtime)
      #expect(try kinds(number).contains("rewind"))

      // What the app cannot apply is refused with its reason, as the page shows it.
      await #expect(throws: HostSessions.Failure.self) {
        try await apps.send(.object(["launch": .object([:])]), to: number)
      }
      do {
        _ = try await apps.send(.object(["launch": .object([:])]), to: number)
      } catch {
        #expect(error.code == "not_applied")
        #expect(error.message.contains("is not a TodosAction"))
      }
      do {
        _ = try await apps.rewind(number, toEntry: 99)
      } catch {
        #expect(error.code == "unknown_entry")
      }
      await clock.advance(by: .milliseconds(300))
      await runtime.waitForAllEffects()
    }

    @Test func anIssueReportedDuringAStepIsTheSessionsAtThatStep() async throws {
      hub.connect()
      let runtime = makeRuntime()
      let number = try #require(hub.lastSession())
      let session = try #require(hub.session(number: 1))
      // Outside a step, no session takes it (the connection shows it as the app's).
      #expect(!session.issue("outside"))
      var taken = false
      runtime.addObserver { _ in taken = session.issue("while adding") || taken }
      runtime.send(.add(title: "Milk"))
      #expect(taken)
      await hub.settle(runtime)
      // An observer of the step reported it: after the change it tells of.
      #expect(try kinds(number).prefix(2) == ["action", "issue"])
      #expect(try described(number, kind: "issue") == ["while adding"])
      await clock.advance(by: .milliseconds(300))
      await runtime.waitForAllEffects()
    }

    @Test func aSessionKeepsABoundedRingBetweenBatchesAndCountsWhatItDrops() async throws {
      let (counting, runtime) = followed(TodosInteractor())
      for index in 0..<1_500 { runtime.send(.filterPicked(index.isMultiple(of: 2) ? .active : .all)) }
      runtime._flushInspection()
      // The opened event, and 1,500 changes of which the ring keeps the newest 1,024.
      #expect(counting.batches.map(\.count) == [1_025])
      #expect(counting.batches.map(\.dropped) == [476])
      let lines = counting.batches[0].encode()
      #expect(lines.last?.contains(#""kind":"action""#) == true)
      _Inspection.endGeneration()
      runtime.send(.filterPicked(.completed))
      runtime._flushInspection()
      #expect(counting.batches.count == 1)  // not followed once the connection is gone
    }

    @Test func aSessionRenamedAsItsRuntimeIsMadeIsNotListedClosed() async throws {
      hub.connect()
      let runtime = withDependencies {
        $0.todosStore = .inMemory()
        $0.continuousClock = AnyClock(clock)
      } operation: {
        InteractorRuntime(TodosInteractor())
      }
      // Named again as it is made (what `inspect(as:)` does, in the installed hub): nothing
      // between, so the inspector never hears of "Todos".
      runtime._openInspection(in: hub, named: "Todos")
      runtime._openInspection(in: hub, named: "Renamed")
      await hub.settle(runtime)
      #expect(apps.list.map { $0.string(at: "feature") } == ["Renamed"])
      // Renamed again after a change: the first name's session is listed closed, with its change.
      runtime.send(.filterPicked(.active))
      runtime._openInspection(in: hub, named: "Again")
      await hub.settle(runtime)
      let listed = apps.list.map { ($0.string(at: "feature") ?? "", $0["closed"] == .bool(true)) }
      #expect(listed.map(\.0) == ["Renamed", "Again"])
      #expect(listed.map(\.1) == [true, false])
      #expect(try kinds(try #require(hub.lastSession()) - 1) == ["action"])
    }

    @Test func aStateEncodableOnlyOnTheMainActorIsEncodedThereAsJSON() async throws {
      let (counting, runtime) = followed(MainActorTallyInteractor())
      runtime.send(.increment)
      runtime._flushInspection()
      let batch = counting.batches[0]
      // Off the main actor, where the conformances cannot be used, as a connection encodes.
      let lines = try await Task.detached { batch.encode() }.value.map { line in
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      }
      #expect(lines.map { $0["type"] as? String } == ["opened", "entry"])
      #expect(lines[0]["codable"] as? Bool == true)
      #expect((lines[0]["state"] as? [String: Any])?["value"] as? Int == 0)
      #expect((lines[1]["state"] as? [String: Any])?["value"] as? Int == 1)
      #expect((lines[1]["action"] as? [String: Any])?.keys.first == "increment")
      // Rewound to and sent to from the page: decoded on the main actor, where they can be.
      let session = try #require(counting.session)
      #expect(session.rewind(stateJSON: Array(#"{"value":5}"#.utf8)) == nil)
      #expect(runtime.state.value == 5)
      #expect(session.send(actionJSON: Array(#"{"increment":{}}"#.utf8)) == nil)
      #expect(runtime.state.value == 6)
      _Inspection.endGeneration()
    }

    @Test func anAppsActionsAreNamedAsTheHostNamesItsFeaturesActions() throws {
      // What an app sends for its action type, read back as the inspector reads it.
      let sent = try #require(_ActionNames.schema(of: TodosAction.self)).text
      let namer = try #require(_ActionNames.namer(for: try parseJSON(Array(sent.utf8))))
      // Every action the host's Todos feature lists, named alike.
      let todos = try #require(bundledFeatures.first { $0.name == "todos" })
      #expect(todos.actions.count > 5)
      for info in todos.actions {
        #expect(namer(info.example) == todos.namedAction(info.example), "\(info.path)")
        #expect(namer(info.example)?.name == info.path)
      }
      #expect(namer(.object(["launch": .object([:])])) == nil)
      // Neither a schema nor a value of one.
      #expect(_ActionNames.namer(for: .object(["cases": .string("no")])) == nil)
      #expect(_ActionNames.schema(of: TodosState.self) == nil)
    }

    @Test func aViewModelsChildViewModelsAreListedUnderItsSessionWhileTheyLive() async throws {
      hub.connect()
      let viewModel = TodosInteractor.makeViewModel(withDependencies: {
        $0.todosStore = .inMemory()
        $0.continuousClock = AnyClock(clock)
        $0.uuid = .incrementing
      })
      viewModel._runtime._openInspection(in: hub, named: "Todos screen")
      viewModel._runtime._flushInspection()  // its `opened`: the page has the session
      let number = try #require(hub.lastSession())
      func children() -> [String] {
        guard case .array(let listed)? = apps.summary(of: number)["children"] else { return [] }
        return listed.compactMap { $0.string(at: "name") }
      }
      viewModel.sendViewEvent(.add(title: "Milk"))
      viewModel.sendViewEvent(.add(title: "Eggs"))
      #expect(viewModel.rowViewModels.count == 2)  // a view reads the rows: their view models are made
      await hub.settle(viewModel._runtime)
      #expect(children().count == 2)
      #expect(children().allSatisfy { $0.hasPrefix("\\TodosViewState.rows · ") })
      // Told again to a new connection, after the session's opened.
      hub.connect()
      await hub.settle(viewModel._runtime)
      #expect(children().count == 2)
      // Gone with their rows.
      viewModel.sendViewEvent(.filterPicked(.completed))
      #expect(viewModel.rowViewModels.isEmpty)
      await hub.settle(viewModel._runtime)
      #expect(children().isEmpty)
      await clock.advance(by: .seconds(2))
      await viewModel._runtime.waitForAllEffects()
    }

    /// `interactor`'s runtime in a session of a new ``CountingHub`` that follows it: its batches
    /// stay in the hub, unencoded, until the test takes them.
    func followed<Feature: Interactor>(
      _ interactor: Feature
    ) -> (CountingHub, InteractorRuntime<Feature.DomainState, Feature.Action>) {
      let counting = CountingHub()
      _ = _Inspection.beginGeneration()
      let runtime = InteractorRuntime(interactor)
      runtime._openInspection(in: counting, named: "\(Feature.self)")
      counting.announce(generation: _Inspection.currentGeneration)
      return (counting, runtime)
    }

    /// The values of the states in `batch`'s change entries, encoded off the main actor.
    nonisolated func values(of batch: _InspectionBatch) async throws -> [Int] {
      let lines = await Task.detached { batch.encode() }.value
      return try lines.compactMap { line in
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        guard object["type"] as? String == "entry" else { return nil }
        return (object["state"] as? [String: Any])?["value"] as? Int
      }
    }

    @Test func aBatchHoldsItsOwnChangesInOrderWrittenOverAnArrayHandedBack() async throws {
      let (counting, runtime) = followed(TallyInteractor())
      for _ in 1...5 { runtime.send(.increment) }
      runtime._flushInspection()
      #expect(try await values(of: counting.batches[0]) == [1, 2, 3, 4, 5])  // hands its array back
      // A batch's flush takes the array handed back by then for the changes after it.
      runtime.send(.increment)
      runtime._flushInspection()
      #expect(try await values(of: counting.batches[1]) == [6])
      // Written over the first batch's array, which still holds 3, 4 and 5 after them.
      for _ in 1...2 { runtime.send(.increment) }
      runtime._flushInspection()
      #expect(counting.batches[2].count == 2)
      #expect(try await values(of: counting.batches[2]) == [7, 8])
      // Over the second batch's, grown to a full ring that wraps: the newest 1,024, oldest first.
      for _ in 1...1_030 { runtime.send(.increment) }
      runtime._flushInspection()
      #expect(counting.batches[3].count == 1_024)
      #expect(counting.batches[3].dropped == 6)
      #expect(try await values(of: counting.batches[3]) == Array(15...1_038))
      // Over the third's again (7, 8, 3, 4, 5), then over the full ring's.
      for _ in 1...3 { runtime.send(.increment) }
      runtime._flushInspection()
      #expect(try await values(of: counting.batches[4]) == [1_039, 1_040, 1_041])
      runtime.send(.increment)
      runtime._flushInspection()
      #expect(try await values(of: counting.batches[5]) == [1_042])
      _Inspection.endGeneration()
    }

    @Test func theStatesOfChangesTheHubIsDoneWithAreNotReleasedByTheHub() async throws {
      Token.released.withLock { $0 = [] }
      let (counting, runtime) = followed(TallyInteractor())
      for round in 0..<6 {
        for _ in 0..<300 { runtime.send(.increment) }
        runtime._flushInspection()
        var batch: _InspectionBatch? = counting.batches.removeLast()
        // Encoded or let go, and let go of, on another thread, as a connection's writer does:
        // a state released meanwhile is released by the hub.
        await Task.detached { [encode = round.isMultiple(of: 2)] in
          Token.$inHub.withValue(true) {
            if encode { _ = batch?.encode() } else { batch?.discard() }
            batch = nil
          }
        }.value
      }
      runtime.inspect(as: nil)  // closes the session: what it still holds is released
      let released = Token.released.withLock { $0 }
      // Every state the session kept but the runtime's own (the 1,800th); the first state is
      // the `opened` event's, which goes with its batch wherever that goes.
      #expect(Set(released.map(\.id)).isSuperset(of: 1..<1_800))
      #expect(released.filter { $0.id > 0 && $0.inHub }.count == 0)
      _Inspection.endGeneration()
    }

    @Test func linesThatAreNotTheProtocolAreRefusedAndReported() throws {
      var warnings: [String] = []
      apps.broadcast = { message in
        if case .string(let text)? = message["message"] { warnings.append(text) }
      }
      let link = Link()
      let bad = apps.connected(write: { _ in }, close: {})
      apps.receive(Array(#"{"format":"uno-inspection","version":1,"token":"nope"}"#.utf8), from: bad)
      #expect(warnings.last?.contains("the token is not this inspector's") == true)
      let old = apps.connected(write: { _ in }, close: {})
      apps.receive(
        Array(#"{"format":"uno-inspection","version":2,"token":"secret-token-0123"}"#.utf8), from: old)
      #expect(warnings.last?.contains("version 1") == true)

      let connection = apps.connected(
        write: { line in MainActor.assumeIsolated { link.written.append(line) } },
        close: { MainActor.assumeIsolated { link.closed = true } })
      apps.receive(
        Array(
          #"{"format":"uno-inspection","version":1,"token":"secret-token-0123","app":"A","instance":"i"}"#
            .utf8), from: connection)
      #expect(link.written == [#"{"type":"welcome","version":1}"#])
      for line in [
        "not json", "[1,2]", #"{"no":"type"}"#, #"{"type":"entry","session":7,"kind":"action","state":{}}"#,
        #"{"type":"opened","session":1}"#, #"{"type":"reply","request":"never"}"#, "\u{FF}",
        String(repeating: "[", count: 10_000),
      ] {
        let before = warnings.count
        apps.receive(Array(line.utf8), from: connection)
        #expect(warnings.count == before + 1, "\(line.prefix(20)) was not refused")
      }
      #expect(apps.list.isEmpty)
      #expect(!link.closed)
    }
  }

  /// What an app's connection was written, and whether it was closed.
  @MainActor final class Link {
    var written: [String] = []
    var closed = false
  }

  /// The two ends of a connection in one process: batches are encoded and read by `apps` as the
  /// inspector reads an app's lines; the inspector's requests are answered by the sessions.
  @MainActor
  final class LoopbackHub: _InspectionHub {
    let apps: InspectedApps
    private var sessions: [UInt64: _InspectedSession] = [:]
    private var connection = 0
    private var pendingBatches = 0

    init(apps: InspectedApps) {
      self.apps = apps
    }

    func connect() {
      connection = apps.connected(
        write: { [weak self] line in Task { @MainActor in self?.answer(line) } }, close: {})
      apps.receive(
        Array(
          #"{"format":"uno-inspection","version":1,"token":"secret-token-0123","app":"app","instance":"i-1","pid":1}"#
            .utf8), from: connection)
      let generation = _Inspection.beginGeneration()
      for session in sessions.values { session.announce(generation: generation) }
    }

    func opened(_ session: _InspectedSession) {
      sessions[session.id] = session
      session.announce(generation: _Inspection.currentGeneration)
    }

    nonisolated func deliver(_ batch: _InspectionBatch) {
      let lines = batch.encode()
      MainActor.assumeIsolated {
        for line in lines { apps.receive(Array(line.utf8), from: connection) }
      }
    }

    nonisolated func closed(_ session: UInt64, shown: Bool) {
      guard shown else { return }
      Task { @MainActor in
        self.apps.receive(Array(#"{"type":"closed","session":\#(session)}"#.utf8), from: self.connection)
      }
    }

    /// The app's `index`th session (from 1), in the order they opened.
    func session(number index: Int) -> _InspectedSession? {
      let sorted = sessions.values.sorted { $0.id < $1.id }
      return sorted.indices.contains(index - 1) ? sorted[index - 1] : nil
    }

    func issue(_ message: String) {
      _ = sessions.values.contains { $0.issue(message) }
    }

    nonisolated func issueOutsideSessions(_ message: String) {}

    /// The page's number of the session opened last.
    func lastSession() -> Int? {
      apps.sessions.keys.max()
    }

    /// Lets the runtime's pending events and effect ends reach the page.
    func settle(_ runtime: InteractorRuntime<TodosState, TodosAction>) async {
      for _ in 0..<20 { await Task.yield() }
      runtime._flushInspection()
    }

    func waitUntil(_ condition: () throws -> Bool) async throws {
      for _ in 0..<10_000 {
        if try condition() { return }
        await Task.yield()
      }
      Issue.record("the condition never held")
    }

    /// A request line of the page's, answered as the app's reader answers it.
    private func answer(_ line: String) {
      guard case .object(let fields)? = try? parseJSON(Array(line.utf8)),
        case .integer(let id)? = fields["session"], let session = sessions[UInt64(id)]
      else { return }
      let error: String?
      if fields["type"] == .string("send"), let action = fields["action"] {
        error = session.send(actionJSON: Array(action.text.utf8))
      } else if let state = fields["state"] {
        error = session.rewind(stateJSON: Array(state.text.utf8))
      } else {
        error = "bad request"
      }
      let answer: JSONValue = error.map { JSONValue.string($0) } ?? .null
      let reply = JSONValue.object([
        "type": .string("reply"), "request": fields["request"] ?? .null, "error": answer,
      ])
      apps.receive(Array(reply.text.utf8), from: connection)
    }
  }

  /// A count whose every change replaces its ``Token``: a state whose release a test sees.
  struct Tally: Sendable, Codable {
    var value = 0
    var token = Token(id: 0)

    init() {}
    enum CodingKeys: CodingKey { case value }
    init(from decoder: any Decoder) throws {
      value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
      token = Token(id: value)
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
    }
  }

  enum TallyAction: Sendable, Codable { case increment }

  struct TallyInteractor: Interactor {
    typealias DomainState = Tally
    typealias Action = TallyAction
    var body: some InteractorOf<Self> {
      Interact(initialValue: Tally()) { state, _ in
        state.value += 1
        state.token = Token(id: state.value)
        return .state
      }
    }
  }

  /// A count whose coding is isolated to the main actor, as a module whose default isolation is
  /// `MainActor` makes every type's (with `InferIsolatedConformances`).
  struct MainActorTally: @MainActor Codable, Sendable {
    var value = 0
  }

  enum MainActorTallyAction: @MainActor Codable, Sendable { case increment }

  struct MainActorTallyInteractor: Interactor {
    typealias DomainState = MainActorTally
    typealias Action = MainActorTallyAction
    var body: some InteractorOf<Self> {
      Interact(initialValue: MainActorTally()) { state, _ in
        state.value += 1
        return .state
      }
    }
  }

  /// Tells whether the hub released it (``inHub``, set while a test's hub holds a batch).
  final class Token: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
    deinit { Token.released.withLock { $0.append((id, Token.inHub)) } }

    static let released = Locked<[(id: Int, inHub: Bool)]>([])
    @TaskLocal static var inHub = false
  }

  /// A hub that keeps the batches it is given, unencoded.
  final class CountingHub: _InspectionHub, @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: touched by the test on the main actor only (`deliver`
    // is called from the runtime's flush there).
    var batches: [_InspectionBatch] = []
    var session: _InspectedSession?

    func opened(_ session: _InspectedSession) { self.session = session }
    func deliver(_ batch: _InspectionBatch) { batches.append(batch) }
    func closed(_ session: UInt64, shown: Bool) {}
    func issue(_ message: String) {}
    func issueOutsideSessions(_ message: String) {}

    @MainActor func announce(generation: Int) { session?.announce(generation: generation) }
  }
#endif
