// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// Starts uno-host on `directory`, opens `feature`, sends bursts of changes, and kills it with
  /// SIGKILL at a random moment, `rounds` times: the crash tests of the features that keep a file.
  ///
  /// - Parameters:
  ///   - burst: The request lines of one change (the `index`th of round `round`); a burst sends
  ///     them again and again, `pause` milliseconds apart, until the kill.
  ///   - killAfter: How long after the session opened the host is killed, in milliseconds.
  ///   - check: Called after each kill with the round, the file as the host left it, and how many
  ///     changes were sent; it says whether the file is whole.
  /// - Returns: Every version of the file seen (the one before the first round included), to check
  ///   that the hosts did save between the kills.
  func killWhileSaving(
    feature: String, in directory: URL, file: URL, rounds: Int, killAfter: ClosedRange<Int>,
    pause: ClosedRange<Int>, burst: (_ round: Int, _ index: Int) -> [String],
    check: (_ round: Int, _ file: Data, _ changes: Int) throws -> Void
  ) async throws -> Set<Data> {
    var generator = SystemRandomNumberGenerator()
    var versions: Set<Data> = [try Data(contentsOf: file)]
    for round in 0..<rounds {
      let host = try HostProcess(["--data-dir", directory.path])
      await host.write(#"{"op":"open","feature":"\#(feature)"}"# + "\n")
      _ = await host.readLine()  // opened: the file is loaded
      let killAt = Duration.milliseconds(Int.random(in: killAfter, using: &generator))
      let start = ContinuousClock.now
      var changes = 0
      while ContinuousClock.now - start < killAt {
        for line in burst(round, changes) { await host.write(line + "\n") }
        changes += 1
        try await Task.sleep(for: .milliseconds(Int.random(in: pause, using: &generator)))
      }
      host.process.send(SIGKILL)
      _ = await host.readToEnd()
      let data = try Data(contentsOf: file)
      versions.insert(data)
      try check(round, data, changes)
      // Nothing was ever found unreadable and moved aside.
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(!names.contains { $0.contains(".corrupt-") }, "round \(round)")
    }
    return versions
  }
#endif
