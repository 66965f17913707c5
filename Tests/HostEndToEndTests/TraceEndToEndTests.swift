import Foundation
import Testing

/// `uno-host --trace`, run as a user runs it: the JSON on stdout is unchanged, the changes go to
/// stderr, tagged with the session.
@Suite struct TraceEndToEndTests {
  @Test func traceWritesEachChangeToStandardErrorBesideTheJSON() async throws {
    let process = Process()
    process.executableURL = HostProcess.binary
    process.arguments = ["--trace"]
    let (input, output, errors) = (Pipe(), Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(
      Data(
        """
        {"op":"open","feature":"counter"}
        {"op":"send","session":1,"action":"increment","id":"r1"}

        """.utf8))
    try input.fileHandleForWriting.close()
    // Read both pipes to their ends on threads of their own, so that neither can fill and block.
    let (stdout, stderr) = await (
      onOwnThread { output.fileHandleForReading.readDataToEndOfFile() },
      onOwnThread { errors.fileHandleForReading.readDataToEndOfFile() }
    )
    await onOwnThread { process.waitUntilExit() }
    #expect(process.terminationStatus == 0)
    let json = String(decoding: stdout, as: UTF8.self).split(separator: "\n")
    #expect(json.count == 3)
    #expect(json.allSatisfy { $0.hasPrefix("{") })
    let trace = String(decoding: stderr, as: UTF8.self)
    #expect(trace.contains("[1 counter] received action:\n[1 counter]   CounterAction.increment\n"))
    #expect(trace.contains("[1 counter] +   count: 1,"))
  }
}
