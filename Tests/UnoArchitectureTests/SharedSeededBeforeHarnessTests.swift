import Clocks
import Foundation
import Testing
import UnoArchitecture
import UnoArchitectureTesting

// A file-backed shared value made and seeded at the top of a test, outside any dependency
// context, then handed to a harness: the way the reference library's users write their tests
// (`@Shared(.fileStorage(.standups)) var standups = [standup]`, then the store). The seed's save
// needs no clock the test never mentioned; the harness's writes save on the harness's clock.

extension URL {
  fileprivate static let roster = URL(fileURLWithPath: "/data/roster.json")
}

struct RosterState: Equatable, Sendable {
  @Shared(.fileStorage(.roster)) var names: [String] = []
}

enum RosterAction: Sendable {
  case add(String)
}

private let rosterInteractor = Interact<RosterState, RosterAction>(initialValue: RosterState()) {
  state, action in
  switch action {
  case .add(let name):
    state.$names.withLock { $0.append(name) }
    return .state
  }
}

private func saved() throws -> [String]? {
  @Dependency(\.sharedFileSystem) var files
  return try files.read(.roster).map { try JSONDecoder().decode([String].self, from: $0) }
}

@MainActor
struct SharedSeededBeforeHarnessTests {
  @Test func theReferencePatternRecordsNoIssue() async throws {
    // As an outside team's Standups tests write it: state made and seeded before the harness.
    let state = RosterState()
    state.$names.withLock { $0 = ["Blob"] }
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: state, rosterInteractor, withDependencies: { $0.continuousClock = clock })
    harness.send(.add("Blob Jr")) { $0.$names.withLock { $0 = ["Blob", "Blob Jr"] } }
    await clock.advance(by: .milliseconds(100))
    @Dependency(\.sharedStore) var store
    await store.waitForSaves()
    #expect(try saved() == ["Blob", "Blob Jr"])
  }

  @Test func aSeedOutsideAnyContextIsSavedWithoutAClock() async throws {
    @Shared(.fileStorage(.roster)) var names: [String] = []
    $names.withLock { $0 = ["Blob", "Blob Sr"] }
    @Dependency(\.sharedStore) var store
    await store.waitForSaves()
    #expect(try saved() == ["Blob", "Blob Sr"])
  }

  @Test func aValueMadeOutsideSavesOnTheHarnesssClockOnceInside() async throws {
    let state = RosterState()
    state.$names.withLock { $0 = ["Blob"] }
    @Dependency(\.sharedStore) var store
    await store.waitForSaves()
    #expect(try saved() == ["Blob"])

    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: state, rosterInteractor, withDependencies: { $0.continuousClock = clock })
    harness.send(.add("Blob Jr")) { $0.$names.withLock { $0 = ["Blob", "Blob Jr"] } }
    // The save waits 100 ms on the harness's clock: not written before it is advanced.
    await clock.advance(by: .milliseconds(99))
    #expect(try saved() == ["Blob"])
    await clock.advance(by: .milliseconds(1))
    await store.waitForSaves()
    #expect(try saved() == ["Blob", "Blob Jr"])
  }
}
