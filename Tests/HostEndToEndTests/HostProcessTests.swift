// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// The built uno-host, driven through stdin and stdout.
  @Suite struct HostProcessTests {
    static let corpus: URL = {
      var url = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { url.deleteLastPathComponent() }  // .../Tests/HostEndToEndTests/HostProcessTests.swift
      return url.appendingPathComponent("Tests/Fixtures/JSONTestSuite/test_parsing")
    }()

    @Test func featuresCommandListsEveryFeatureAndAction() async throws {
      let (lines, status) = try await HostProcess.run(["features"], input: "")
      #expect(status == 0)
      #expect(lines.contains { $0.hasPrefix("counter: ") })
      #expect(lines.contains { $0.hasPrefix("search: ") })
      #expect(lines.contains { $0.contains("incrementLater") })
    }

    @Test func aSearchSelectOfAnIdNotAmongTheResultsIsAnErrorForItsSender() async throws {
      let (lines, status) = try await HostProcess.run(
        input: [
          #"{"op":"open","feature":"search"}"#,
          #"{"op":"send","session":1,"action":{"select":{"id":9731}},"id":"early"}"#,
        ].map { $0 + "\n" }.joined())
      #expect(status == 0)
      let error = try #require(lines.first { $0.contains(#""id":"early""#) })
      #expect(error.contains(#""type":"error""#) && error.contains(#""code":"not_applied""#))
      #expect(error.contains("'select' of id 9731 was dropped: it is not among the 0 result(s) shown."))
      #expect(!lines.contains { $0.contains(#""request":"early""#) })  // no state, no finished
    }

    @Test func theHelpOfServeHasNoRunsOfSpacesInsideItsSentences() async throws {
      let (lines, status) = try await HostProcess.run(["help", "serve"], input: "")
      #expect(status == 0)
      let inspector = lines.drop { !$0.contains("--inspector ") }.prefix(5).joined(separator: "\n")
      #expect(inspector.contains("Also serve the inspector"))
      // Past the option's name and its column, words are one space apart.
      for line in inspector.split(separator: "\n") {
        var text = line.drop { $0 == " " }
        if text.hasPrefix("--") { text = text.drop { $0 != " " }.drop { $0 == " " } }
        #expect(!text.contains("  "), "\(line)")
      }
    }

    @Test func unknownFeatureForRunIsAStartUpError() async throws {
      let (_, status) = try await HostProcess.run(["run", "chess"], input: "")
      #expect(status != 0)
    }

    @Test func writingToAHostThatExitedIsReportedNotACrash() async throws {
      let host = try HostProcess(["run", "chess"])
      let (_, status) = await host.readToEnd()
      #expect(status != 0)
      await withKnownIssue("uno-host stopped reading its input") {
        await host.write("increment\n")
      }
    }

    @Test func endOfInputLetsEffectsFinishThenExitsZero() async throws {
      // A loaded machine must not make it a drain_timeout (the next test covers that).
      let (lines, status) = try await HostProcess.run(
        HostProcess.patientDrain,
        input: #"""
          {"op":"open","feature":"counter"}
          {"op":"send","session":1,"action":"incrementLater","id":"later"}

          """#
      )
      #expect(status == 0)
      #expect(lines.last == #"{"type":"finished","session":1,"request":"later","cancelled":false}"#)
      #expect(lines.dropLast().last?.contains(#""count":1"#) == true)
    }

    /// With a zero drain timeout, an effect still running at the end of input is cancelled and
    /// reported. The `send` is the last line and has no newline, so uno-host handles it only when
    /// its input ends, right before the drain: had it a newline, a loaded machine could take longer
    /// than the effect's one second to go from that line to the end of input (CI once did, under
    /// ThreadSanitizer), and the effect would finish first.
    @Test func drainTimeoutCutsLongEffectsAndSaysSo() async throws {
      let (lines, status) = try await HostProcess.run(
        ["--drain-timeout", "0"],
        input: #"""
          {"op":"open","feature":"counter"}
          {"op":"send","session":1,"action":"incrementLater","id":"later"}
          """#
      )
      #expect(status == 0)
      #expect(lines.count == 3)
      #expect(lines.dropLast().last?.contains(#""pendingText":"1 increment pending""#) == true)
      #expect(
        lines.last
          == #"{"type":"error","id":null,"code":"drain_timeout","message":"1 request(s) still running after 0.0 s at end of input were cancelled"}"#
      )
    }

    @Test func everyCorpusFileAsOneLineThenAValidRequest() async throws {
      let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter {
        $0.hasSuffix(".json")
      }.sorted()
      #expect(names.count == 318)
      let host = try HostProcess()
      await host.write(#"{"op":"open","feature":"counter"}"# + "\n")
      await host.write(#"{"op":"send","session":1,"action":"increment"}"# + "\n")
      var expectedLines = 3  // opened, state, finished
      for name in names {
        var bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        // As one line: a newline inside the document would make it two.
        bytes = bytes.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
        await host.write(bytes: bytes + [UInt8(ascii: "\n")])
        expectedLines += 1
      }
      await host.write(#"{"op":"send","session":1,"action":"increment","id":"after"}"# + "\n")
      let (lines, status) = await host.finish()
      #expect(status == 0)
      #expect(lines.count == expectedLines + 2)
      for line in lines.dropFirst(3).dropLast(2) {
        #expect(
          line.hasPrefix(#"{"type":"error""#) || line.hasPrefix(#"{"type":"version""#)
            || line.hasPrefix(#"{"type":"#), "\(line)")
      }
      #expect(
        lines.dropLast().last
          == #"{"type":"state","session":1,"request":"after","state":{"count":2,"displayText":"Count: 2","pendingText":""}}"#
      )
    }

    @Test func hostileLinesThroughTheProcess() async throws {
      let host = try HostProcess()
      await host.write(#"{"op":"open","feature":"counter"}"# + "\n")
      await host.write("\n")
      await host.write(String(repeating: "x", count: 10_000_000) + "\n")
      await host.write(String(repeating: "[", count: 100_000) + "\n")
      await host.write(bytes: [0x7B, 0xC3, 0x28, 0x7D, 0x0A])
      await host.write(#"{"op":"send","session":1,"action":"queryChanged"}"# + "\n")
      await host.write(#"{"op":"close","session":1}"# + "\n")
      await host.write(#"{"op":"send","session":1,"action":"increment"}"# + "\n")
      await host.write(#"{"op":"open","feature":"counter"}"# + "\n")
      await host.write(#"{"op":"send","session":2,"action":"increment"}"# + "\n")
      let (lines, status) = await host.finish()
      #expect(status == 0)
      let codes = lines.compactMap { line in
        line.range(of: #""code":"([a-z_0-9]+)""#, options: .regularExpression).map { String(line[$0]) }
      }
      #expect(
        codes == [
          #""code":"empty_line""#, #""code":"line_too_long""#, #""code":"too_deep""#,
          #""code":"invalid_utf8""#,
          #""code":"unknown_action""#, #""code":"unknown_session""#,
        ]
      )
      #expect(lines.last?.contains(#""request":"auto-2""#) == true)
      #expect(lines.dropLast().last?.contains(#""session":2"#) == true)
    }

    @Test func aThousandSessionsAtOnce() async throws {
      var input = ""
      for _ in 1...1000 { input += #"{"op":"open","feature":"counter"}"# + "\n" }
      for round in 1...3 {
        for session in 1...1000 {
          let action = session.isMultiple(of: 3) && round == 2 ? "decrement" : "increment"
          input += #"{"op":"send","session":\#(session),"action":"\#(action)"}"# + "\n"
        }
      }
      let (lines, status) = try await HostProcess.run(input: input)
      #expect(status == 0)
      var last: [Int: String] = [:]
      for line in lines where line.hasPrefix(#"{"type":"state""#) {
        guard let range = line.range(of: #""session":[0-9]+"#, options: .regularExpression) else { continue }
        last[Int(line[range].dropFirst(10))!] = line
      }
      #expect(last.count == 1000)
      for (session, line) in last {
        let expected = session.isMultiple(of: 3) ? 1 : 3
        #expect(line.contains(#""count":\#(expected),"#), "session \(session): \(line)")
      }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func signalsExitCleanly(signal: Int32) async throws {
      let host = try HostProcess()
      await host.write(#"{"op":"open","feature":"counter"}"# + "\n")
      #expect(await host.readLine()?.hasPrefix(#"{"type":"opened""#) == true)
      host.process.send(signal)
      let (_, status) = await host.readToEnd()
      #expect(status == 0)
    }

    @Test func linesAreWrittenAsTheyHappen() async throws {
      let host = try HostProcess(["run", "counter"])
      #expect(await host.readLine()?.hasPrefix(#"{"type":"opened""#) == true)
      await host.write("increment\n")
      #expect(await host.readLine()?.contains(#""count":1"#) == true)
      #expect(await host.readLine()?.hasPrefix(#"{"type":"finished""#) == true)
      await host.write("incrementLater\n")
      #expect(await host.readLine()?.contains(#""pendingText":"1 increment pending""#) == true)
      // The effect's line arrives on its own, while stdin is still open.
      #expect(await host.readLine()?.contains(#""count":2"#) == true)
      #expect(await host.readLine()?.hasPrefix(#"{"type":"finished""#) == true)
      let (rest, status) = await host.finish()
      #expect(rest.isEmpty)
      #expect(status == 0)
    }
  }
#endif
