import IssueReporting

/// Where something was written in a feature's source: an effect (`.perform`, `.observe`) or a
/// scope (`when`, `forEach`). Diagnostics name it, and report their issues there.
///
/// ```swift
/// let site = CallSite()           // here
/// print(site)                     // "CounterFeature/Counter.swift:42"
/// ```
public struct CallSite: Sendable, CustomStringConvertible {
  /// The file, as `Module/File.swift`.
  public let fileID: StaticString
  /// The file's path, for tools that open it.
  public let filePath: StaticString
  /// The line.
  public let line: UInt
  /// The column.
  public let column: UInt

  /// The place this initializer is called from, or the one given.
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:line`.
  public var description: String { "\(fileID):\(line)" }
}

extension CallSite {
  /// Reports `message` as an issue at this call site (a test failure in tests, a warning
  /// elsewhere), and to the `IssueCapture` under way on this thread, if any; when a collector is
  /// bound to the task (`IssueCapture.collector`, an exploration's), it has the issue alone. In a test target that does not link
  /// `UnoArchitectureTesting`, where the issue cannot fail the test, it also prints the message
  /// and that product's name on standard error. A connected inspector (`UnoInspection`) shows it
  /// in the session of the runtime whose step reported it.
  ///
  /// - Parameters:
  ///   - message: What is wrong, why, and how to fix it.
  ///   - isolation: Where it is reported from, which the compiler fills in: on the main actor, an
  ///     inspector can tell which runtime's step it belongs to.
  public func reportIssue(_ message: String, isolation: isolated (any Actor)? = #isolation) {
    IssueCapture.record(message)
    if let collector = IssueCapture.collector {
      collector.append(message)
      return
    }
    reportLibraryIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
