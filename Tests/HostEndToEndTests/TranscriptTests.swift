// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// The example transcripts of docs/host-protocol.md, replayed against the built binary.
  ///
  /// A transcript is a fenced block whose info string starts with `transcript`; the rest of the
  /// info string is the command line after `uno-host`. Lines starting with `> ` are written to the
  /// host's stdin, lines starting with `< ` must be its stdout, in order and exactly.
  ///
  /// - A `> ` line that follows `< ` lines is written only once those lines have been read: that is
  ///   how a transcript waits for an effect (the sort a second after a toggle) before going on.
  /// - `~ restart` ends the host's input, reads the rest of its output, and starts it again with the
  ///   same command line: what it saved must still be there.
  /// - `$DATA_DIR` in the command line stands for a fresh directory of the transcript's own.
  struct Transcript: CustomTestStringConvertible, Sendable {
    enum Step: Sendable, Equatable {
      case write(String)
      case expect(String)
      case restart
    }

    let title: String
    let arguments: [String]
    let steps: [Step]
    var testDescription: String { title }

    var input: [String] { steps.compactMap { if case .write(let line) = $0 { line } else { nil } } }
    var expected: [String] { steps.compactMap { if case .expect(let line) = $0 { line } else { nil } } }

    static let all: [Transcript] = {
      var url = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { url.deleteLastPathComponent() }
      let text =
        (try? String(contentsOf: url.appendingPathComponent("docs/host-protocol.md"), encoding: .utf8)) ?? ""
      var transcripts: [Transcript] = []
      var title = ""
      var current: (arguments: [String], steps: [Step])?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.hasPrefix("#") { title = line.trimmingCharacters(in: CharacterSet(charactersIn: "# ")) }
        if current == nil, line.hasPrefix("```transcript") {
          let arguments = line.dropFirst("```transcript".count).split(separator: " ").map(String.init)
          current = (arguments, [])
        } else if let block = current {
          if line.hasPrefix("```") {
            transcripts.append(Transcript(title: title, arguments: block.arguments, steps: block.steps))
            current = nil
          } else if line.hasPrefix("> ") {
            current?.steps.append(.write(String(line.dropFirst(2))))
          } else if line.hasPrefix("< ") {
            current?.steps.append(.expect(String(line.dropFirst(2))))
          } else if line == "~ restart" {
            current?.steps.append(.restart)
          }
        }
      }
      return transcripts
    }()
  }

  @Suite struct TranscriptTests {
    @Test func theProtocolDocumentHasTranscripts() {
      #expect(Transcript.all.count >= 5)
    }

    /// Replays a transcript with ``HostProcess/patientDrain``: a transcript documents effects that
    /// finish (a search, a delayed increment).
    @Test(arguments: Transcript.all)
    func transcript(_ transcript: Transcript) async throws {
      let dataDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("uno-host-transcript-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
      let arguments =
        transcript.arguments.map { $0.replacingOccurrences(of: "$DATA_DIR", with: dataDirectory) }
        + HostProcess.patientDrain
      var host = try HostProcess(arguments)
      var seen: [String] = []
      var expectedSoFar = 0
      // Input lines not written yet: consecutive lines go in one write, as a client would send them,
      // so that the host reads them together rather than with a pause between.
      var pending: [String] = []
      func flush() async {
        guard !pending.isEmpty else { return }
        await host.write(pending.map { $0 + "\n" }.joined())
        pending = []
      }
      func finishHost() async {
        await flush()
        let (rest, status) = await host.finish()
        seen += rest
        #expect(status == 0)
      }
      for step in transcript.steps {
        switch step {
        case .expect:
          expectedSoFar += 1
        case .write(let line):
          if seen.count < expectedSoFar {
            // The transcript shows output before this input: send what came before, wait for it.
            await flush()
            while seen.count < expectedSoFar, let next = await host.readLine() { seen.append(next) }
          }
          pending.append(line)
        case .restart:
          await finishHost()
          host = try HostProcess(arguments)
        }
      }
      await finishHost()
      #expect(seen == transcript.expected)
    }
  }
#endif
