// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// Two uno-host processes on one data directory: Standups' `standups.json` is saved by both, and
  /// neither undoes the other's adds, and each shows the other's.
  @Suite struct TwoHostsOneFileTests {
    struct Line: Decodable {
      struct State: Decodable {
        struct Row: Decodable { var summary: String }
        var list: [Row]?
      }
      var type: String
      var state: State?
    }

    struct Saved: Decodable { var title: String }

    static func adds(_ prefix: String, count: Int) -> String {
      var lines = [#"{"op":"open","feature":"standups"}"#]
      for index in 1...count {
        lines += [
          #"{"op":"send","session":1,"action":{"list":"addTapped"}}"#,
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"title":"\#(prefix) \#(index)"}}}}}"#,
          #"{"op":"send","session":1,"action":{"list":"saveAddTapped"}}"#,
        ]
      }
      return lines.map { $0 + "\n" }.joined()
    }

    /// Reads `host`'s output until a state shows `count` standups; the titles it shows then.
    static func waitForList(of count: Int, from host: HostProcess) async -> Set<String>? {
      while let line = await host.readLine() {
        guard let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)),
          let list = decoded.state?.list, list.count == count
        else { continue }
        return Set(list.map { String($0.summary.prefix { $0 != ":" }) })
      }
      return nil
    }

    @Test func fiftyAddsInEachOfTwoHostsAtOnceLeaveAHundredOnDiskAndInBoth() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "two-hosts-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let arguments = ["--data-dir", directory.path] + HostProcess.patientDrain
      let first = try HostProcess(arguments)
      let second = try HostProcess(arguments)
      // A guard, not a timing: if the lists never reach 100, the hosts are stopped and the test
      // fails on what they showed, rather than waiting forever.
      let guardTask = Task {
        try await Task.sleep(for: .seconds(300))
        first.process.closeInput()
        second.process.closeInput()
      }
      async let writeFirst: Void = first.write(Self.adds("A", count: 50))
      async let writeSecond: Void = second.write(Self.adds("B", count: 50))
      _ = await (writeFirst, writeSecond)

      let expected = Set((1...50).map { "A \($0)" } + (1...50).map { "B \($0)" })
      async let seenByFirst = Self.waitForList(of: 100, from: first)
      async let seenBySecond = Self.waitForList(of: 100, from: second)
      let (firstList, secondList) = await (seenByFirst, seenBySecond)
      #expect(firstList == expected)
      #expect(secondList == expected)

      guardTask.cancel()
      let (_, firstStatus) = await first.finish()
      let (_, secondStatus) = await second.finish()
      #expect(firstStatus == 0)
      #expect(secondStatus == 0)
      let saved = try JSONDecoder().decode(
        [Saved].self, from: Data(contentsOf: directory.appendingPathComponent("standups.json")))
      #expect(saved.count == 100)
      #expect(Set(saved.map(\.title)) == expected)
    }
  }
#endif
