import Foundation
import IssueReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// What the library says when it reports an issue in a test process that cannot record it.
///
/// The library reports misuse (a send to a removed row's view model, a `forEach` action for a row
/// that is gone) through IssueReporting, which fails the running test, but only if the test target
/// links IssueReporting's test support. A test target that depends on `UnoArchitecture` alone
/// (a team testing its view models, not using the harness) does not: IssueReporting then prints
/// that "IssueReportingTestSupport" is missing, a name the team never added, without the issue's
/// message, and the test passes. Here the library prints the message and the product the target
/// needs, `UnoArchitectureTesting`, which brings that support.
enum MissingTestSupport {
  /// The function IssueReporting looks up to record an issue in a test, in
  /// IssueReportingTestSupport (which `UnoArchitectureTesting` links).
  static let recordSymbol = "$s25IssueReportingTestSupport07_recordA0ypyF"

  /// Whether this process runs tests and cannot record an issue in them; read once.
  static let isMissing: Bool = isTesting && !isLinked()

  /// Whether IssueReporting's test support is in this process, found as IssueReporting finds it.
  static func isLinked() -> Bool {
    #if os(Linux) || os(Android)
      let handle = dlopen("libIssueReportingTestSupport.so", RTLD_LAZY) ?? dlopen(nil, RTLD_LAZY)
    #elseif canImport(Darwin)
      let handle = dlopen(nil, RTLD_LAZY)
    #else
      let handle: UnsafeMutableRawPointer? = nil
    #endif
    guard let handle else { return false }
    return dlsym(handle, recordSymbol) != nil
  }

  /// The text for `message`, reported at `fileID`:`line`.
  static func text(_ message: String, fileID: StaticString, line: UInt) -> String {
    """
    \(fileID):\(line): UnoArchitecture reported an issue: \(message)

    It cannot fail the test: this test target does not link 'UnoArchitectureTesting', the \
    product that records the library's issues in tests. Add it to the test target's \
    dependencies: .product(name: "UnoArchitectureTesting", package: "swift-uno-architecture").

    """
  }

  /// Prints `message` and the fix on standard error, if the issue cannot be recorded here.
  static func noteIfMissing(_ message: String, fileID: StaticString, line: UInt) {
    guard isMissing else { return }
    FileHandle.standardError.write(Data(text(message, fileID: fileID, line: line).utf8))
  }
}

/// Reports `message` as an issue (a test failure in tests, a warning elsewhere), and says which
/// product a test target lacks when it cannot be recorded. Every issue the library reports goes
/// through here: UnoCore's directly, the other modules' through ``CallSite/reportIssue(_:)``.
///
/// An installed inspection hub (`UnoInspection.connect`) is told too: on the main actor (where
/// `isolation` says the caller runs), so that the issue goes in the session of the runtime whose
/// step reported it.
func reportLibraryIssue(
  _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column, isolation: isolated (any Actor)? = #isolation
) {
  MissingTestSupport.noteIfMissing(message, fileID: fileID, line: line)
  IssueReporting.reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  guard let hub = InspectionState.hub else { return }
  let located = "\(message) (\(fileID):\(line))"
  if let isolation, isolation === MainActor.shared {
    MainActor.assumeIsolated { hub.issue(located) }
  } else {
    hub.issueOutsideSessions(located)
  }
}
