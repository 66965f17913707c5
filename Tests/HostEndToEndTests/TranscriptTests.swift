import Foundation
import Testing

/// The example transcripts of docs/host-protocol.md, replayed against the built binary.
///
/// A transcript is a fenced block whose info string starts with `transcript`; the rest of the
/// info string is the command line after `uno-host`. Lines starting with `> ` are written to the
/// host's stdin, lines starting with `< ` must be its stdout, in order and exactly.
struct Transcript: CustomTestStringConvertible, Sendable {
  let title: String
  let arguments: [String]
  let input: [String]
  let expected: [String]
  var testDescription: String { title }

  static let all: [Transcript] = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    let text =
      (try? String(contentsOf: url.appendingPathComponent("docs/host-protocol.md"), encoding: .utf8)) ?? ""
    var transcripts: [Transcript] = []
    var title = ""
    var current: (arguments: [String], input: [String], expected: [String])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("#") { title = line.trimmingCharacters(in: CharacterSet(charactersIn: "# ")) }
      if current == nil, line.hasPrefix("```transcript") {
        let arguments = line.dropFirst("```transcript".count).split(separator: " ").map(String.init)
        current = (arguments, [], [])
      } else if let block = current {
        if line.hasPrefix("```") {
          transcripts.append(
            Transcript(title: title, arguments: block.arguments, input: block.input, expected: block.expected)
          )
          current = nil
        } else if line.hasPrefix("> ") {
          current?.input.append(String(line.dropFirst(2)))
        } else if line.hasPrefix("< ") {
          current?.expected.append(String(line.dropFirst(2)))
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
    let input = transcript.input.map { $0 + "\n" }.joined()
    let arguments = transcript.arguments + HostProcess.patientDrain
    let (lines, status) = try await HostProcess.run(arguments, input: input)
    #expect(status == 0)
    #expect(lines == transcript.expected)
  }
}
