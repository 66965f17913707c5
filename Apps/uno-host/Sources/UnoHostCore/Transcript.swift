import UnoPlugin

/// Runs `input`, bytes as uno-host's standard input would carry them, through a fresh
/// ``ProtocolHost`` and returns what it wrote, one string per output line. Sessions are closed at
/// the end of the input, so effects still running are cancelled rather than awaited.
///
/// The fuzz target (`UnoHostFuzz`) calls it for every input, and tests replay the inputs the
/// fuzzer once failed on through it:
///
/// ```swift
/// let lines = hostTranscript(of: Array(#"{"op":"version"}\n"#.utf8), registry: try makeRegistry())
/// ```
///
/// It also checks the protocol's first promise, that every input line is answered (at once, or by
/// the `finished` line of a request whose effects are running), and stops the program if it is
/// broken: that is what a fuzzer notices.
@MainActor
public func hostTranscript(of input: some Collection<UInt8>, registry: FeatureRegistry) -> [String] {
  var output: [String] = []
  let host = ProtocolHost(registry: registry) { output.append($0) }
  var splitter = LineSplitter(maximumLength: Limits.maximumLineLength)
  var lines = 0
  for event in splitter.append(input) + splitter.finish() {
    lines += 1
    let (before, runningBefore) = (output.count, host.runningRequests)
    host.handle(event)
    // A `send` whose effects are still running is answered later (its `finished` line), or
    // never if its session is closed first; every other line is answered at once.
    precondition(
      output.count > before || host.runningRequests > runningBefore,
      "uno-host wrote nothing for input line \(lines) and started nothing that will answer it")
  }
  host.closeAll()
  return output
}
