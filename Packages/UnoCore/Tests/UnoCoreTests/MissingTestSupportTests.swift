import Testing

@testable import UnoCore

/// The note for a test target that does not link `UnoArchitectureTesting`. The missing case runs
/// end to end in `Tools/install-check.sh`, in an app whose executable links the library alone.
@Suite struct MissingTestSupportTests {
  @Test func findsTheTestSupportThisTestTargetLinks() {
    // This target links IssueReportingTestSupport, as `UnoArchitectureTesting` does: found, so
    // the library's issues fail tests here and no note is printed.
    #expect(MissingTestSupport.isLinked())
    #expect(!MissingTestSupport.isMissing)
  }

  @Test func theNoteGivesTheMessageAndTheProductToAdd() {
    let text = MissingTestSupport.text(
      "'remove' was not sent: row 3 is no longer in its parent's state.",
      fileID: "AppTests/RowTests.swift", line: 12)
    #expect(
      text.hasPrefix("AppTests/RowTests.swift:12: UnoArchitecture reported an issue: 'remove' was not sent"))
    #expect(text.contains(#".product(name: "UnoArchitectureTesting", package: "swift-uno-architecture")"#))
  }
}
