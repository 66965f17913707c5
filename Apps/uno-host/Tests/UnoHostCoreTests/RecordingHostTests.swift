import Foundation
import Testing
import UnoComposition
import UnoPlugin
import UnoPresentation

@testable import UnoHostCore

/// A feature whose domain state is not `Codable`: its sessions cannot be recorded.
struct StopwatchState: Sendable, Equatable {
  var laps = 0
}

struct StopwatchView: Sendable, Equatable, Codable {
  var laps: Int
}

enum StopwatchAction: Sendable, Equatable, Codable {
  case lap
}

let stopwatchPlugin = FeaturePlugin(
  name: "stopwatch",
  summary: "Laps, in a state that cannot be recorded.",
  actions: [.init(StopwatchAction.lap, summary: "Counts a lap.")],
  makeViewModel: {
    let stopwatch = Interact<StopwatchState, StopwatchAction>(initialValue: StopwatchState()) { state, _ in
      state.laps += 1
      return .state
    }
    return ViewModel(
      initialValue: StopwatchView(laps: 0), stopwatch.eraseToAnyInteractor(),
      BuildViewState { StopwatchView(laps: $0.laps) }.eraseToAnyViewStateReducer(),
      reportsReinitialization: false)
  }
)

/// `--record` and the `export` request: a session's recording, as the lines of a recording file.
@MainActor
@Suite struct RecordingHostTests {
  @Test func aRecordingSessionExportsItsHeaderAndEveryChange() throws {
    let host = try TestHost(recordLimit: 100)
    host.send(#"{"op":"open","feature":"counter","id":1}"#)
    host.send(#"{"op":"send","session":1,"action":"increment","id":2}"#)
    host.send(#"{"op":"send","session":1,"action":"decrement","id":3}"#)
    let answer = host.send(#"{"op":"export","session":1,"id":4}"#)

    #expect(answer.count == 1)
    guard case .object(let object) = answer.first, case .array(let lines)? = object["recording"] else {
      Issue.record("not a recording answer: \(answer)")
      return
    }
    #expect(object["type"] == .string("recording"))
    #expect(object["id"] == .integer(4))
    #expect(object["session"] == .integer(1))
    #expect(object["feature"] == .string("counter"))
    #expect(lines.count == 3)
    guard case .object(let header) = lines[0], case .object(let first) = lines[1],
      case .object(let second) = lines[2]
    else {
      Issue.record("lines are not objects: \(lines)")
      return
    }
    #expect(header["format"] == .string("uno-recording"))
    #expect(header["version"] == .integer(1))
    #expect(header["feature"] == .string("counter"))
    #expect(first["kind"] == .string("action"))
    #expect(first["action"] == .object(["increment": .object([:])]))
    #expect(second["action"] == .object(["decrement": .object([:])]))
    guard case .object(let state)? = second["state"] else {
      Issue.record("no state: \(second)")
      return
    }
    #expect(state["count"] == .integer(0))
  }

  @Test func theRecordingKeepsTheLastChangesWithinTheLimit() throws {
    let host = try TestHost(recordLimit: 2)
    host.send(#"{"op":"open","feature":"counter"}"#)
    for _ in 0..<5 { host.send(#"{"op":"send","session":1,"action":"increment"}"#) }
    let answer = host.send(#"{"op":"export","session":1}"#)
    guard case .object(let object) = answer.first, case .array(let lines)? = object["recording"],
      case .object(let header) = lines.first
    else {
      Issue.record("not a recording answer: \(answer)")
      return
    }
    #expect(lines.count == 3)
    #expect(header["droppedEntries"] == .integer(3))
  }

  @Test func aFeatureThatCannotBeRecordedRefusesAReplay() async {
    #expect(!stopwatchPlugin.isRecordable)
    await #expect(throws: FeatureError.notRecordable(feature: "stopwatch")) {
      try await stopwatchPlugin.replay(jsonLines: "")
    }
  }

  @Test func exportSaysWhyThereIsNoRecording() throws {
    let plain = try TestHost()
    plain.send(#"{"op":"open","feature":"counter"}"#)
    #expect(
      plain.send(#"{"op":"export","session":1,"id":"x"}"#) == [
        .object([
          "type": .string("error"), "id": .string("x"), "code": .string("not_recording"),
          "message": .string(
            "session 1 is not recording: start uno-host with --record to record every session"),
        ])
      ])

    let recording = try TestHost(recordLimit: 10, plugins: [stopwatchPlugin])
    recording.send(#"{"op":"open","feature":"stopwatch"}"#)
    let stopwatch = recording.send(#"{"op":"export","session":1}"#)
    guard case .object(let error) = stopwatch.first else {
      Issue.record("no answer")
      return
    }
    #expect(error["code"] == .string("not_recordable"))
    #expect(recording.send(#"{"op":"export","session":9}"#).first.flatMap(code) == "unknown_session")
    #expect(recording.send(#"{"op":"export"}"#).first.flatMap(code) == "missing_field")
    #expect(recording.send(#"{"op":"export","session":"one"}"#).first.flatMap(code) == "wrong_type")
  }
}

private func code(_ line: JSONValue) -> String? {
  guard case .object(let object) = line, case .string(let code)? = object["code"] else { return nil }
  return code
}
