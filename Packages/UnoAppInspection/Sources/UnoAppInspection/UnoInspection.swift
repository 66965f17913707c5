import Foundation
import IssueReporting
@_spi(Inspection) import UnoCore

/// Connects a running app to an inspector (`uno-host inspect`), so that the inspector's page
/// shows every runtime and view model of the app, live: each action and effect write with the
/// diff it made, each effect's start and end, and lets you rewind, send actions and export
/// recordings (docs/inspector.md, "Your own app").
///
/// ```swift
/// #if DEBUG
///   UnoInspection.connect(to: "127.0.0.1:7433", token: "3f9c…", app: "MyApp")
/// #endif
/// ```
public enum UnoInspection {
  /// Connects this process to the inspector at `address`, in the background: every runtime made
  /// from now on (every view model's) is a session in the inspector's page, named after its
  /// interactor (see `InteractorRuntime.inspect(as:)`).
  ///
  /// Returns at once. While no inspector listens at `address`, the app keeps trying, every two
  /// seconds at most, and says so once on standard error; when the inspector goes, the app
  /// reconnects by itself, and its sessions show again with their current state. Encoding and
  /// I/O happen on the connection's own threads: the main actor copies each change into a
  /// bounded buffer, and a slow or stopped inspector makes the app drop (and count) old events,
  /// never wait.
  ///
  /// - Parameters:
  ///   - address: `host:port` (`[::1]:7433` for IPv6), as `uno-host inspect` prints it.
  ///   - token: The token `uno-host inspect` prints: the inspector accepts no app without it.
  ///   - app: The app's name, as the page groups its sessions.
  /// - Returns: Whether the connection was set up: `false` when `address` is not `host:port` or
  ///   this process is already connected (both reported as issues, with how to fix them).
  @discardableResult
  public static func connect(to address: String, token: String, app: String) -> Bool {
    guard let (host, port) = parse(address) else {
      reportIssue(
        """
        UnoInspection.connect(to: "\(address)") needs the inspector's address as host:port \
        (127.0.0.1:7433, or [::1]:7433), as 'uno-host inspect' prints it. The app is not inspected.
        """)
      return false
    }
    let connection = InspectionConnection(host: host, port: port, token: token, app: app)
    guard _Inspection.install(connection) else {
      reportIssue(
        """
        UnoInspection.connect(to:token:app:) was called twice: a process connects to one \
        inspector, once, before it makes its view models. The second call changes nothing.
        """)
      return false
    }
    let writer = Thread { connection.run() }
    writer.name = "UnoInspection writer"
    writer.start()
    return true
  }

  /// `host:port`, or `[host]:port`, split; `nil` when it is neither.
  static func parse(_ address: String) -> (String, Int)? {
    guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
      (1...65_535).contains(port)
    else { return nil }
    var host = String(address[..<colon])
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { return nil }
    return (host, port)
  }
}
