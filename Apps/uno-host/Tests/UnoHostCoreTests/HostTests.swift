import BundledFeatures
import Foundation
import Testing
import UnoPlugin

@testable import UnoHostCore

/// A host whose output lines are collected.
@MainActor
final class TestHost {
  private(set) var lines: [String] = []
  private(set) var host: ProtocolHost!

  /// A host of the bundled features, and of `plugins`.
  init(recordLimit: Int? = nil, plugins: [FeaturePlugin] = []) throws {
    let registry = try FeatureRegistry(makeRegistry().plugins + plugins)
    host = ProtocolHost(registry: registry, recordLimit: recordLimit) { [unowned self] in
      self.lines.append($0)
    }
  }

  /// Sends `line` and returns the lines it produced at once, parsed.
  @discardableResult
  func send(_ line: String) -> [JSONValue] {
    send(bytes: Array(line.utf8))
  }

  @discardableResult
  func send(bytes: [UInt8]) -> [JSONValue] {
    let before = lines.count
    host.handle(line: bytes)
    return lines[before...].map { try! parseJSON(Array($0.utf8)) }
  }

  var parsed: [JSONValue] { lines.map { try! parseJSON(Array($0.utf8)) } }
}

@MainActor
@Suite struct HostTests {
  @Test func versionFeaturesAndSessions() throws {
    let host = try TestHost()
    #expect(
      host.send(#"{"op":"version","id":1}"#) == [
        .object([
          "type": .string("version"), "id": .integer(1), "protocol": .integer(1), "host": .string("uno-host"),
        ])
      ])
    let features = host.send(#"{"op":"features"}"#)[0]
    guard case .array(let list)? = features["features"] else { Issue.record("no features"); return }
    #expect(list.compactMap { $0["name"]?.stringValue } == ["counter", "search", "todos", "standups"])
    // The list is the registry as `Encodable` writes it: an action as its ActionInfo encodes.
    struct Listed: Encodable {
      let name: String
      let summary: String
      let actions: [FeaturePlugin.ActionInfo]
    }
    let listed = try makeRegistry().plugins.map {
      Listed(name: $0.name, summary: $0.summary, actions: $0.actions)
    }
    #expect(try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(listed)) == .array(list))
    host.send(#"{"op":"open","feature":"counter"}"#)
    #expect(
      host.send(#"{"op":"sessions","id":"s"}"#)[0]["sessions"]
        == .array([.object(["session": .integer(1), "feature": .string("counter")])]))
  }

  @Test func openSendAndFinish() throws {
    let host = try TestHost()
    let opened = host.send(#"{"op":"open","feature":"counter","id":"o"}"#)
    #expect(opened[0]["session"] == .integer(1))
    #expect(opened[0]["state"]?["count"] == .integer(0))
    let replies = host.send(#"{"op":"send","session":1,"action":"increment","id":"r1"}"#)
    #expect(replies.map { $0["type"]?.stringValue } == ["state", "finished"])
    #expect(replies[0]["request"] == .string("r1"))
    #expect(replies[0]["state"]?["displayText"] == .string("Count: 1"))
    #expect(
      replies[1]
        == .object([
          "type": .string("finished"), "session": .integer(1), "request": .string("r1"),
          "cancelled": .bool(false),
        ]))
  }

  @Test func cancelAndClose() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    let started = host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"later"}"#)
    #expect(started.map { $0["type"]?.stringValue } == ["state"])
    #expect(host.host.runningRequests == 1)
    #expect(
      host.send(#"{"op":"cancel","session":1,"request":"later","id":"c"}"#)[0]["type"] == .string("cancelled")
    )
    #expect(await host.host.drain(timeout: .seconds(60)))
    #expect(host.parsed.last?["type"] == .string("finished"))
    #expect(host.parsed.last?["cancelled"] == .bool(true))
    #expect(
      host.send(#"{"op":"cancel","session":1,"request":"later"}"#)[0]["code"] == .string("unknown_request"))
    #expect(
      host.send(#"{"op":"close","session":1,"id":9}"#) == [
        .object(["type": .string("closed"), "id": .integer(9), "session": .integer(1)])
      ])
    #expect(
      host.send(#"{"op":"send","session":1,"action":"increment"}"#)[0]["code"] == .string("unknown_session"))
    #expect(host.host.openSessions == 0)
  }

  @Test func closingASessionCancelsItsEffects() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"later"}"#)
    host.send(#"{"op":"close","session":1}"#)
    #expect(await host.host.drain(timeout: .seconds(60)))
    #expect(host.host.runningRequests == 0)
    // No line about the closed session after "closed".
    #expect(host.parsed.last?["type"] == .string("closed"))
  }

  @Test func aZeroDrainTimeoutReportsRunningRequestsWithoutWaiting() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    #expect(await host.host.drain(timeout: .zero))  // nothing runs
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"later"}"#)
    #expect(await host.host.drain(timeout: .zero) == false)
    #expect(host.host.runningRequests == 1)
    host.host.closeAll()
    #expect(await host.host.drain(timeout: .seconds(60)))
    #expect(host.host.runningRequests == 0)
  }

  @Test(arguments: [
    (#"{"op":"teleport"}"#, "unknown_op"),
    (#"{"op":"open","feature":"chess"}"#, "unknown_feature"),
    (#"{"op":"send","session":42,"action":"increment"}"#, "unknown_session"),
    (#"{"op":"send","session":1,"action":"queryChanged"}"#, "unknown_action"),
    (#"{"op":"send","session":1,"action":{"increment":{},"decrement":{}}}"#, "malformed_action"),
    (#"{"op":"send","session":1,"action":7}"#, "malformed_action"),
    (#"{"op":"send","session":"1","action":"increment"}"#, "wrong_type"),
    (#"{"op":"send","action":"increment"}"#, "missing_field"),
    (#"{"op":"open"}"#, "missing_field"),
    (#"{"feature":"counter"}"#, "missing_field"),
    (#"{"op":7}"#, "wrong_type"),
    (#"{"op":"version","id":[1]}"#, "wrong_type"),
    (#"[1,2]"#, "not_an_object"),
    (#""open""#, "not_an_object"),
    ("", "empty_line"),
    ("   ", "empty_line"),
    ("{", "invalid_json"),
    (#"{"op":"version"} trailing"#, "invalid_json"),
  ])
  func badRequestsGetOneErrorLine(line: String, code: String) throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    let replies = host.send(line)
    #expect(replies.count == 1)
    #expect(replies.first?["type"] == .string("error"))
    #expect(replies.first?["code"] == .string(code), "\(replies)")
    #expect(replies.first?["message"]?.stringValue?.isEmpty == false)
  }

  @Test func hostileLines() throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"increment"}"#)
    #expect(host.send(bytes: [0x7B, 0xFF, 0xFE, 0x7D])[0]["code"] == .string("invalid_utf8"))
    #expect(host.send(String(repeating: "[", count: 100_000))[0]["code"] == .string("too_deep"))
    #expect(host.send(String(repeating: "{\"a\":", count: 100_000))[0]["code"] == .string("too_deep"))
    let huge = "{\"op\":\"version\",\"id\":\"" + String(repeating: "x", count: 10_000_000) + "\"}\n"
    var splitter = LineSplitter(maximumLength: Limits.maximumLineLength)
    let events = splitter.append(Array(huge.utf8))
    #expect(events == [.tooLong(length: huge.utf8.count - 1)])
    let before = host.lines.count
    host.host.handle(events[0])
    #expect(host.lines.count == before + 1)
    #expect(host.parsed.last?["code"] == .string("line_too_long"))
    // The session kept its state.
    #expect(
      host.send(#"{"op":"send","session":1,"action":"increment"}"#)[0]["state"]?["count"] == .integer(2))
  }

  @Test func everyCorpusFileGetsACorrectAnswerOrOneErrorAndNoSessionLosesState() throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"increment"}"#)
    for file in Corpus.files {
      let replies = host.send(bytes: file.bytes)
      #expect(replies.count == 1, "\(file.name): \(replies)")
      if file.name.hasPrefix("n_") {
        #expect(replies.first?["type"] == .string("error"), "\(file.name)")
      }
    }
    #expect(Corpus.files.count == 318)
    let after = host.send(#"{"op":"send","session":1,"action":"increment","id":"after"}"#)
    #expect(after[0]["state"]?["count"] == .integer(2))
    #expect(after[1]["request"] == .string("after"))
  }

  @Test func aThousandSessionsWithInterleavedActions() throws {
    let host = try TestHost()
    for _ in 1...1000 { host.send(#"{"op":"open","feature":"counter"}"#) }
    for round in 1...5 {
      for session in 1...1000 {
        let action = session.isMultiple(of: 2) || round == 3 ? "increment" : "decrement"
        host.send(#"{"op":"send","session":\#(session),"action":"\#(action)"}"#)
      }
    }
    for session in [1, 2, 999, 1000] {
      // Even sessions: +5. Odd sessions: -4 + 1 (round 3).
      let expected = session.isMultiple(of: 2) ? 5 : -3
      let last = host.parsed.last { $0["type"] == .string("state") && $0["session"] == .integer(session) }
      #expect(last?["state"]?["count"] == .integer(expected), "session \(session)")
    }
    #expect(host.host.openSessions == 1000)
  }

  /// A request id is a string or an integer, and `1` and `"1"` name the same request: `cancel`
  /// takes either, so a running `1` refuses a `"1"` as a duplicate, and `cancel` of `"1"` reaches it.
  @Test func theIDs1AndQuoted1AreOneRequest() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":1}"#)
    #expect(
      host.send(#"{"op":"send","session":1,"action":"increment","id":"1"}"#)[0]["code"]
        == .string("duplicate_request"))
    #expect(host.send(#"{"op":"cancel","session":1,"request":"1"}"#)[0]["type"] == .string("cancelled"))
    #expect(await host.host.drain(timeout: .seconds(60)))
    #expect(
      host.parsed.contains {
        $0["type"] == .string("finished") && $0["request"] == .integer(1) && $0["cancelled"] == .bool(true)
      })
    // And the other way round: a running "2", cancelled as 2.
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"2"}"#)
    #expect(host.send(#"{"op":"cancel","session":1,"request":2}"#)[0]["type"] == .string("cancelled"))
    #expect(await host.host.drain(timeout: .seconds(60)))
  }

  @Test func duplicateRequestIDWhileRunning() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"x"}"#)
    #expect(
      host.send(#"{"op":"send","session":1,"action":"increment","id":"x"}"#)[0]["code"]
        == .string("duplicate_request"))
    host.send(#"{"op":"cancel","session":1,"request":"x"}"#)
    #expect(await host.host.drain(timeout: .seconds(60)))
    // Once finished, the id is free again.
    #expect(
      host.send(#"{"op":"send","session":1,"action":"increment","id":"x"}"#).map { $0["type"]?.stringValue }
        == ["state", "finished"])
  }

  @Test func requestIDsBelongToTheirSession() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"x"}"#)
    #expect(
      host.send(#"{"op":"send","session":2,"action":"incrementLater","id":"x"}"#)[0]["type"]
        == .string("state"))
    #expect(host.host.runningRequests == 2)
    host.send(#"{"op":"cancel","session":1,"request":"x"}"#)
    #expect(await host.host.drain(timeout: .seconds(60)))
    let finished = host.parsed.filter { $0["type"] == .string("finished") }
    #expect(finished.count == 2)
    #expect(finished.first { $0["session"] == .integer(1) }?["cancelled"] == .bool(true))
    #expect(finished.first { $0["session"] == .integer(2) }?["cancelled"] == .bool(false))
  }

  @Test func endOfInputReportsWhatDidNotFinishAndClosesEverySession() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"later"}"#)
    await host.host.endOfInput(drainTimeout: .zero)
    #expect(
      host.lines.last
        == #"{"type":"error","id":null,"code":"drain_timeout","message":"1 request(s) still running after 0.0 s at end of input were cancelled"}"#
    )
    #expect(host.host.openSessions == 0)
    #expect(host.host.runningRequests == 0)
  }

  @Test func endOfInputAfterEverythingFinishedWritesNothing() async throws {
    let host = try TestHost()
    host.send(#"{"op":"open","feature":"counter"}"#)
    host.send(#"{"op":"send","session":1,"action":"incrementLater","id":"later"}"#)
    await host.host.endOfInput(drainTimeout: .seconds(60))
    #expect(host.parsed.last?["type"] == .string("finished"))
    #expect(host.host.openSessions == 0)
  }
}
