import Dependencies
import Testing
import UnoPlugin

@testable import UnoHostCore

/// A protocol host over some features that records every line it writes: `send` hands it one
/// request line, waits until nothing runs, and returns the lines that request produced.
@MainActor
final class RecordingHost {
  private(set) var lines: [String] = []
  private var host: ProtocolHost?

  init(
    _ plugins: [FeaturePlugin],
    sessionDependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in }
  ) throws {
    let registry = try FeatureRegistry(plugins)
    host = ProtocolHost(registry: registry, sessionDependencies: sessionDependencies) { [unowned self] line in
      self.lines.append(line)
    }
  }

  /// The lines written in answer to `line`, once every request it started has finished.
  func send(_ line: String) async -> [String] {
    guard let host else { return [] }
    let before = lines.count
    host.handle(line: Array(line.utf8))
    if !(await host.drain(timeout: .seconds(60))) {
      Issue.record("the host still had requests running 60 seconds after \(line)")
    }
    return Array(lines[before...])
  }

  func closeAll() {
    host?.closeAll()
  }
}
