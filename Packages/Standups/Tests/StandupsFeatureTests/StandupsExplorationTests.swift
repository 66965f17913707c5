import Foundation
import StandupsFeature
import Testing
import UnoComposition
import UnoTesting

/// What must hold of the Standups app after any action, in any order.
@MainActor
let standupsInvariants: [Invariant<StandupsAppState>] = [
  Invariant("the stack holds only screens of standups that exist") { state in
    let standups = Set(state.list.standups.ids)
    return state.path.allSatisfy { screen in
      switch screen {
      case .detail(let detail): standups.contains(detail.standup.id)
      case .record(let record): standups.contains(record.standup.id)
      case .meeting(let meeting): standups.contains(meeting.standup.id)
      }
    }
  },
  Invariant("a meeting records only over the detail of its standup") { state in
    let screens = Array(state.path)
    return screens.indices.allSatisfy { index in
      guard case .record(let record) = screens[index] else { return true }
      guard index > 0, case .detail(let detail) = screens[index - 1] else { return false }
      return detail.standup.id == record.standup.id
    }
  },
  Invariant("a meeting's clock stays within the meeting") { state in
    state.path.allSatisfy { screen in
      guard case .record(let record) = screen else { return true }
      return (0...record.durationSeconds).contains(record.secondsElapsed)
        && record.standup.attendees.indices.contains(record.speakerIndex)
    }
  },
  Invariant("the list's ids are unique") { state in
    Set(state.list.standups.ids).count == state.list.standups.count
  },
]

@MainActor
@Suite struct StandupsExplorationTests {
  @Test func anyOrderOfActionsKeepsTheStackOnStandupsThatExist() async throws {
    let file = URL(fileURLWithPath: "/standups.json")
    let standups = try JSONEncoder().encode(IdentifiedArrayOf<Standup>(uniqueElements: [seeded]))
    var screensSeen = Set<String>()
    let failure = await explore(
      StandupsAppInteractor(), runs: 60, steps: 30, seed: 2026,
      advances: [.zero, .zero, .seconds(1), .seconds(3), .seconds(60)],
      // Screens are pushed by the app (a tap on a standup, on record, on a meeting), never sent:
      // a pushed screen of a made-up standup is not a state the app can reach.
      excluding: { action in
        if case .path(.push) = action { return true }
        return false
      },
      // Taps on a standup or a meeting that is not there, or on a screen that is not the top one,
      // are reported to the sender, and so are actions to a screen that has been popped: bad
      // input, not a bug.
      allowingIssues: { $0.contains("was dropped") },
      withDependencies: {
        // Each run its own files, seeded with one standup of three attendees.
        $0.sharedFileSystem = .inMemory([file: standups])
        $0.standupsFile = file
        $0.uuid = .incrementing
        $0.date.now = now
        $0.speechClient = .feeding(["Hello"])
      },
      invariants: standupsInvariants + [
        Invariant("records the screens it reaches") { state in
          for screen in state.path {
            switch screen {
            case .detail: screensSeen.insert("detail")
            case .record: screensSeen.insert("record")
            case .meeting: screensSeen.insert("meeting")
            }
          }
          return true
        }
      ])
    #expect(failure == nil)
    // The runs went deep: they opened a standup and recorded a meeting.
    #expect(screensSeen.isSuperset(of: ["detail", "record"]))
  }

  @Test func recordTappedOnADetailUnderAnotherScreenPushesNothing() async {
    // The shortest run exploration found: a detail opened twice, then record tapped on the lower
    // one pushed a record screen over the other (the invariant "a meeting records only over the
    // detail of its standup" broke).
    let harness = await standupsHarness(clock: TestClock(), standups: [seeded], exhaustivity: .off)
    harness.send(.list(.standupTapped(id: standupID)))
    harness.send(.list(.standupTapped(id: standupID)))
    withKnownIssue {
      harness.send(.path(.element(id: 0, action: .detail(.recordTapped))))
    } matching: { issue in
      issue.description.contains("'recordTapped' of screen")
        && issue.description.contains("not the top screen")
    }
    #expect(harness.currentState.path.count == 2)
    #expect(harness.currentState.path.allSatisfy { if case .detail = $0 { true } else { false } })
  }
}
