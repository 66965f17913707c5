import Foundation
import IssueReporting
import Testing
@_spi(Internals) import UnoCore

/// A counter whose state and actions are `Codable`, as a recorded feature's are.
private struct Tally: Interactor {
  typealias DomainState = State
  struct State: Codable, Equatable, Sendable {
    var count = 0
  }
  enum Action: Codable, Equatable, Sendable {
    case add(Int)
    /// Adds in an effect's write.
    case addLater(Int)
    /// Starts `effects` effects that each add 1, `times` times.
    case hammer(effects: Int, times: Int)
  }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .add(let amount):
        state.count += amount
        return .state
      case .addLater(let amount):
        return .perform { _, send in await send { $0.count += amount } }
      case .hammer(let effects, let times):
        return .merge(
          (0..<effects).map { _ in
            Emission.perform { _, send in
              for _ in 0..<times { await send { $0.count += 1 } }
            }
          })
      }
    }
  }
}

@MainActor
@Suite struct RecordingTests {
  @Test func recordedEntriesFromAnIndexAreTheNewOnesEvenAcrossTheRing() throws {
    let runtime = InteractorRuntime(Tally())
    #expect(runtime.recordedEntries(from: 0) == nil)
    #expect(runtime.recordedCount == nil)
    runtime.record(limit: 3)
    #expect(runtime.recordedEntries(from: 0)?.entries.isEmpty == true)
    for amount in 1...5 { runtime.send(.add(amount)) }  // counts 1, 3, 6, 10, 15; the ring keeps 3
    #expect(runtime.recordedCount == 5)
    let all = try #require(runtime.recordedEntries(from: 0))
    #expect(all.first == 2)  // 0 and 1 were dropped
    #expect(all.dropped == 2)
    #expect(all.entries.map(\.state.count) == [6, 10, 15])
    let new = try #require(runtime.recordedEntries(from: 4))
    #expect(new.first == 4)
    #expect(new.entries.map(\.state.count) == [15])
    let none = try #require(runtime.recordedEntries(from: 5))
    #expect(none.first == 5)
    #expect(none.entries.isEmpty)
    #expect(try runtime.recording!.entries.map { try $0.jsonLine() } == all.entries.map { try $0.jsonLine() })
  }

  @Test func rewindingToARecordedEntryReachesOnlyTheEntriesTheRingHolds() {
    let runtime = InteractorRuntime(Tally())
    #expect(!runtime.rewind(toRecordedEntry: 0))  // not recording
    runtime.record(limit: 2)
    for amount in 1...3 { runtime.send(.add(amount)) }  // counts 1, 3, 6; the ring keeps 3 and 6
    #expect(!runtime.rewind(toRecordedEntry: -1))  // the initial state was dropped
    #expect(!runtime.rewind(toRecordedEntry: 3))  // not recorded yet
    #expect(runtime.state.count == 6)
    #expect(runtime.rewind(toRecordedEntry: 0))  // the state before the oldest kept: entry 0's
    #expect(runtime.state.count == 1)
    // The rewind is entry 3; entry 2 is still there to go forward to.
    #expect(runtime.rewind(toRecordedEntry: 2))
    #expect(runtime.state.count == 6)
    #expect(runtime.recording!.entries.map(\.kind) == [.rewind, .rewind])
  }

  @Test func recordsActionsAndEffectWritesInOrderFromTheStateWhenRecordingStarted() async {
    let runtime = InteractorRuntime(Tally())
    runtime.send(.add(5))  // before recording: part of the initial state
    #expect(runtime.recording == nil)

    runtime.record(feature: "tally")
    runtime.send(.add(1))
    await runtime.send(.addLater(10)).finish()

    let recording = try! #require(runtime.recording)
    #expect(recording.feature == "tally")
    #expect(recording.initialState == Tally.State(count: 5))
    #expect(recording.droppedEntries == 0)
    #expect(recording.entries.map(\.kind) == [.action, .action, .effect])
    #expect(recording.entries.map(\.action) == [.add(1), .addLater(10), .addLater(10)])
    #expect(recording.entries.map(\.state.count) == [6, 6, 16])
    #expect(recording.entries.map(\.elapsed) == recording.entries.map(\.elapsed).sorted())
  }

  @Test func stoppingReturnsTheRecordingAndRecordsNothingMore() {
    let runtime = InteractorRuntime(Tally())
    runtime.record()
    runtime.send(.add(1))
    let recording = runtime.stopRecording()
    runtime.send(.add(1))
    #expect(recording?.entries.count == 1)
    #expect(runtime.recording == nil)
    #expect(runtime.stopRecording() == nil)
  }

  @Test func recordingAgainStartsAfreshFromTheCurrentState() {
    let runtime = InteractorRuntime(Tally())
    runtime.record()
    runtime.send(.add(1))
    runtime.record()
    runtime.send(.add(2))
    let recording = runtime.recording!
    #expect(recording.initialState.count == 1)
    #expect(recording.entries.map(\.action) == [.add(2)])
  }

  @Test func aFullRecordingDropsTheOldestAndStartsFromTheStateItLeft() {
    let runtime = InteractorRuntime(Tally())
    runtime.record(limit: 3)
    for amount in 1...5 { runtime.send(.add(amount)) }  // counts 1, 3, 6, 10, 15

    let recording = runtime.recording!
    #expect(recording.droppedEntries == 2)
    #expect(recording.initialState.count == 3)
    #expect(recording.entries.map(\.action) == [.add(3), .add(4), .add(5)])
    #expect(recording.entries.map(\.state.count) == [6, 10, 15])
  }

  @Test func theRingKeepsTheLastEntriesAndTheStateBeforeThemHoweverOftenItWrapped() throws {
    for limit in 1...4 {
      for sends in 0...11 {
        let runtime = InteractorRuntime(Tally())
        runtime.record(limit: limit)
        var counts = [0]  // the state after each send, from the initial state
        for amount in stride(from: 1, through: sends, by: 1) {
          runtime.send(.add(amount))
          counts.append(counts.last! + amount)
        }
        let kept = min(limit, sends)
        let dropped = sends - kept
        let recording = try #require(runtime.recording)
        let label = "limit \(limit), \(sends) sends"
        #expect(recording.droppedEntries == dropped, "\(label)")
        #expect(recording.initialState.count == counts[dropped], "\(label)")
        #expect(recording.entries.map(\.state.count) == Array(counts[(dropped + 1)...]), "\(label)")
        #expect(recording.entries.map(\.action) == (dropped..<sends).map { .add($0 + 1) }, "\(label)")
        let entries = try #require(runtime.recordedEntries(from: 0))
        #expect(entries.first == dropped && entries.dropped == dropped, "\(label)")
        #expect(entries.entries.map(\.state.count) == recording.entries.map(\.state.count), "\(label)")
        // The base, then the newest entry, then the oldest kept, each by its index.
        #expect(runtime.rewind(toRecordedEntry: dropped - 1), "\(label)")
        #expect(runtime.state.count == counts[dropped], "\(label)")
        if sends > 0 {
          #expect(runtime.rewind(toRecordedEntry: sends - 1), "\(label)")
          #expect(runtime.state.count == counts[sends], "\(label)")
        }
        #expect(!runtime.rewind(toRecordedEntry: dropped - 2), "\(label)")
      }
    }
  }

  @Test func aLimitBelowOneIsReportedAndKeepsOne() {
    let runtime = InteractorRuntime(Tally())
    withKnownIssue {
      runtime.record(limit: 0)
    } matching: { issue in
      issue.description.contains("a recording keeps at least one entry")
    }
    runtime.send(.add(1))
    runtime.send(.add(2))
    #expect(runtime.recording?.entries.map(\.action) == [.add(2)])
    #expect(runtime.recording?.droppedEntries == 1)
  }

  @Test func concurrentEffectsAreEachRecordedOnceInTheOrderTheyLanded() async {
    let runtime = InteractorRuntime(Tally())
    runtime.record()
    await runtime.send(.hammer(effects: 8, times: 100)).finish()

    let recording = runtime.recording!
    #expect(recording.entries.count == 801)
    #expect(
      recording.entries.dropFirst().allSatisfy {
        $0.kind == .effect && $0.action == .hammer(effects: 8, times: 100)
      })
    #expect(recording.entries.map(\.state.count) == [0] + Array(1...800))
  }

  @Test func jsonLinesRoundTrip() throws {
    let runtime = InteractorRuntime(Tally())
    runtime.record(feature: "tally")
    runtime.send(.add(2))
    runtime.send(.add(3))
    let recording = runtime.recording!

    let text = try recording.jsonLines()
    let lines = text.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains(#""format":"uno-recording""#))
    #expect(lines[0].contains(#""version":1"#))
    #expect(lines[0].contains(#""initialState":{"count":0}"#))
    #expect(lines[1].contains(#""kind":"action""#))
    #expect(lines[2].contains(#""state":{"count":5}"#))

    let decoded = try Recording<Tally.State, Tally.Action>(jsonLines: text)
    #expect(decoded.feature == "tally")
    #expect(decoded.initialState == recording.initialState)
    #expect(decoded.entries.map(\.kind) == recording.entries.map(\.kind))
    #expect(decoded.entries.map(\.action) == recording.entries.map(\.action))
    #expect(decoded.entries.map(\.state) == recording.entries.map(\.state))
    #expect(
      zip(decoded.entries, recording.entries).allSatisfy {
        abs($0.elapsed - $1.elapsed) < .microseconds(1)
      })
    #expect(Int(decoded.startedAt.timeIntervalSince1970) == Int(recording.startedAt.timeIntervalSince1970))
  }

  @Test func anEmptyRecordingDecodesWithNoEntries() throws {
    let recording = Recording<Tally.State, Tally.Action>(initialState: .init(count: 7))
    let decoded = try Recording<Tally.State, Tally.Action>(jsonLines: try recording.jsonLines())
    #expect(decoded.initialState.count == 7)
    #expect(decoded.entries.isEmpty)
  }

  @Test(
    arguments: [
      ("", nil, "the recording is empty"),
      ("\n  \n", nil, "the recording is empty"),
      (#"{"count":1}"#, 1, "this is not an Uno recording"),
      ("not json", 1, "this is not an Uno recording"),
      (
        #"{"format":"uno-recording","version":2,"startedAt":"2026-11-25T00:00:00Z","droppedEntries":0,"initialState":{"count":0}}"#,
        1, "version 2 of the format, and this library reads version 1"
      ),
      (
        #"{"format":"uno-recording","version":1,"startedAt":"2026-11-25T00:00:00Z","droppedEntries":0,"initialState":{"total":0}}"#,
        1, "the header does not hold this feature's state: initialState.count is missing"
      ),
      (
        validHeader + "\n" + #"{"kind":"action","action":{"add":{"_0":1}},"elapsed":0.1,"state":{"count":1}}"#
          + "\n"
          + #"{"kind":"action","action":{"multiply":{"_0":2}},"elapsed":0.2,"state":{"count":2}}"#,
        3, "not an entry of this feature"
      ),
      (
        validHeader + "\n" + #"{"kind":"effect","elapsed":0.1,"state":{"count":1}}"#,
        2, #"an entry of kind "effect" needs its "action""#
      ),
      (validHeader + "\n" + "{", 2, "not an entry of this feature: it is not JSON"),
    ] as [(String, Int?, String)])
  func badRecordingsSayWhichLineAndWhy(text: String, line: Int?, message: String) {
    do {
      _ = try Recording<Tally.State, Tally.Action>(jsonLines: text)
      Issue.record("decoded \(text.debugDescription)")
    } catch let error as RecordingError {
      #expect(error.line == line)
      #expect(error.message.contains(message), "\(error)")
    } catch {
      Issue.record("threw \(error)")
    }
  }

  @Test func aRecordingDecodesAcrossBlankLines() throws {
    let text =
      validHeader + "\n\n" + #"{"kind":"action","action":{"add":{"_0":1}},"elapsed":0.1,"state":{"count":1}}"#
      + "\n\n"
    let recording = try Recording<Tally.State, Tally.Action>(jsonLines: text)
    #expect(recording.entries.map(\.action) == [.add(1)])
    #expect(abs(recording.entries[0].elapsed - .milliseconds(100)) < .microseconds(1))
  }

  @Test func recordingOffLeavesTheStepsAsTheyWere() {
    // A runtime never asked to record keeps no recorder: nothing is kept however much it runs.
    let runtime = InteractorRuntime(Tally())
    for _ in 0..<1000 { runtime.send(.add(1)) }
    #expect(runtime.recording == nil)
    #expect(runtime.state.count == 1000)
  }
}

private let validHeader =
  #"{"format":"uno-recording","version":1,"startedAt":"2026-11-25T00:00:00Z","droppedEntries":0,"initialState":{"count":0}}"#

private func abs(_ duration: Duration) -> Duration {
  duration < .zero ? .zero - duration : duration
}

@MainActor
@Suite struct RewindTests {
  @Test func aRewindIsAChangeOfItsOwnThatObserversAndTheRecordingSee() {
    let runtime = InteractorRuntime(Tally())
    var seen: [(Int, StateChangeSource)] = []
    runtime.addObserver(withSource: { state, source in seen.append((state.count, source)) })
    runtime.record()
    runtime.send(.add(1))
    runtime.send(.add(2))
    let recording = runtime.recording!
    runtime.rewind(to: recording.entries[0].state)
    runtime.send(.add(10))

    #expect(runtime.state.count == 11)
    #expect(seen.map(\.0) == [1, 3, 1, 11])
    #expect(seen.map(\.1) == [.action, .action, .rewind, .action])
    let after = runtime.recording!
    #expect(after.entries.map(\.kind) == [.action, .action, .rewind, .action])
    #expect(after.entries[2].action == nil)
    #expect(after.entries.map(\.state.count) == [1, 3, 1, 11])
  }

  @Test func aRecordingWithARewindReplaysIt() async throws {
    let runtime = InteractorRuntime(Tally())
    runtime.record()
    runtime.send(.add(1))
    runtime.send(.add(2))
    runtime.rewind(to: Tally.State(count: 1))
    runtime.send(.add(5))
    let text = try runtime.recording!.jsonLines()
    #expect(text.contains(#""kind":"rewind""#))

    let recording = try Recording<Tally.State, Tally.Action>(jsonLines: text)
    let replaying = InteractorRuntime(Tally())
    try await replaying.replay(recording)
    #expect(replaying.state.count == 6)
  }

  @Test func aReplayThatMeetsADifferentRewindStopsThere() async throws {
    var recording = Recording<Tally.State, Tally.Action>(initialState: .init())
    recording.entries = [
      .init(kind: .action, action: .add(1), state: .init(count: 1)),
      .init(kind: .rewind, action: nil, state: .init(count: 0)),
      .init(kind: .action, action: .add(1), state: .init(count: 2)),
    ]
    let replaying = InteractorRuntime(Tally())
    do {
      try await replaying.replay(recording)
      Issue.record("the replay matched")
    } catch {
      #expect(error.entry == 2)
      #expect(error.message.contains("Entry 2 (the action"))
      #expect(error.message.contains("− Tally.State(count: 2)"))
      #expect(error.message.contains("+ Tally.State(count: 1)"))
    }
  }
}
