import Dependencies
import Foundation

extension DependencyValues {
  /// The directory where a host keeps its features' data (uno-host's `--data-dir`).
  ///
  /// Live, it is `$XDG_DATA_HOME/uno-host`, else `~/.local/share/uno-host`; uno-host's
  /// `--data-dir DIR` overrides it for every session. In tests it is a directory of the test
  /// process's own under the temporary directory, so that no test writes into the user's data.
  /// A feature that persists (Todos) reads it where its plugin builds its live store.
  public var hostDataDirectory: URL {
    get { self[HostDataDirectoryKey.self] }
    set { self[HostDataDirectoryKey.self] = newValue }
  }
}

private enum HostDataDirectoryKey: DependencyKey {
  static var liveValue: URL {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
      return URL(fileURLWithPath: xdg).appendingPathComponent("uno-host")
    }
    return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/uno-host")
  }

  static var testValue: URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "uno-host-tests-\(ProcessInfo.processInfo.processIdentifier)")
  }
}
