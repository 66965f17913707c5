import BundledFeatures
import Foundation
import Testing
import UnoPlugin

@testable import UnoHostCore

/// Inputs kept for the fuzz target (`bash Tools/fuzz.sh`): the seeds written by hand, and every
/// input the fuzzer once failed on. Each is replayed through the same function the fuzz target
/// calls.
enum FuzzRegressions {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("FuzzRegressions")

  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

@MainActor
@Suite struct FuzzRegressionTests {
  @Test func theFolderIsFound() {
    #expect(FuzzRegressions.names.count >= 3)
  }

  /// `hostTranscript` itself checks that every line is answered (it stops the process if not);
  /// here, also that everything written is a JSON object.
  @Test(arguments: FuzzRegressions.names)
  func replayedInputIsAnsweredWithJSONObjects(_ name: String) throws {
    let bytes = try Array(Data(contentsOf: FuzzRegressions.directory.appendingPathComponent(name)))
    let output = hostTranscript(of: bytes, registry: try makeRegistry())
    #expect(!output.isEmpty)
    for line in output {
      guard case .success(.object) = parseLineJSON(Array(line.utf8)) else {
        Issue.record("not a JSON object: \(line)")
        continue
      }
    }
  }

  @Test func aSendWhoseEffectsRunIsAnsweredLaterNotAtOnce() throws {
    let input = """
      {"op":"open","feature":"search"}
      {"op":"send","session":1,"action":{"queryChanged":{"query":"cat"}},"id":"a"}
      {"op":"send","session":1,"action":{"queryChanged":{"query":"cat"}},"id":"b"}

      """
    let output = hostTranscript(of: Array(input.utf8), registry: try makeRegistry())
    // The second send changes nothing visible and its debounce is still waiting: no line yet.
    #expect(output.filter { $0.contains(#""request":"b""#) }.isEmpty)
    #expect(output.contains { $0.contains(#""type":"opened""#) })
  }

  @Test func emptyInputWritesNothing() throws {
    #expect(hostTranscript(of: [UInt8](), registry: try makeRegistry()).isEmpty)
  }
}
