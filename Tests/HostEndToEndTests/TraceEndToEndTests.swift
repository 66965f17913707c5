// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// `uno-host --trace`, run as a user runs it: the JSON on stdout is unchanged, the changes go to
  /// stderr, tagged with the session.
  @Suite struct TraceEndToEndTests {
    @Test func traceWritesEachChangeToStandardErrorBesideTheJSON() async throws {
      let (stdout, stderr, status) = try await ChildProcess.run(
        HostProcess.binary.path, ["--trace"],
        input: """
          {"op":"open","feature":"counter"}
          {"op":"send","session":1,"action":"increment","id":"r1"}

          """)
      #expect(status == 0)
      let json = String(decoding: stdout, as: UTF8.self).split(separator: "\n")
      #expect(json.count == 3)
      #expect(json.allSatisfy { $0.hasPrefix("{") })
      let trace = String(decoding: stderr, as: UTF8.self)
      #expect(trace.contains("[1 counter] received action:\n[1 counter]   CounterAction.increment\n"))
      #expect(trace.contains("[1 counter] +   count: 1,"))
    }
  }
#endif
