import Foundation
import StandupsFeature
import Testing
import UnoComposition
import UnoTesting

/// The whole app as a user goes through it, asserted non-exhaustively: only what this test is
/// about (a meeting recorded for a new standup lands in the list) is checked; the form's fields,
/// the timer's ticks and the transcript's growth on the way are not.
@MainActor
@Suite struct StandupsIntegrationTests {
  @Test func addAStandupOpenItRecordAMeetingAndSeeItInTheList() async {
    let clock = TestClock()
    // The state is made with the harness's dependencies: the list's file storage takes the test
    // clock, with no `withDependencies` around it here.
    let harness = await InteractorTestHarness(
      initialState: StandupsAppState(), StandupsAppInteractor(),
      withDependencies: {
        $0.uuid = .incrementing
        $0.continuousClock = clock
        $0.date.now = now
        $0.speechClient = .feeding(["Hello", "Hello world"])
      }
    )
    harness.exhaustivity = .off

    harness.send(.list(.addTapped))
    harness.send(.list(.addForm(.binding(.set(\.standup.title, "Morning sync")))))
    harness.send(.list(.addForm(.binding(.set(\.[attendeeName: id(1)], "Blob")))))
    harness.send(.list(.addForm(.binding(.set(\.minutes, 1)))))
    harness.send(.list(.saveAddTapped)) { $0.list.addForm = nil }
    #expect(harness.currentState.list.standups.map(\.title) == ["Morning sync"])

    harness.send(.list(.standupTapped(id: id(0))))
    harness.send(.path(.element(id: 0, action: .detail(.recordTapped)))) {
      $0.path[id: 1, case: \.record]?.secondsElapsed = 0
    }
    await harness.receive { $0.path[id: 1, case: \.record]?.transcript = "Hello world" }

    // A minute later the meeting ends by itself and is saved at the top of the standup's history.
    await clock.advance(by: .seconds(60))
    await harness.receive {
      $0.list.$standups.withLock {
        $0[id: id(0)]?.meetings = [Meeting(id: id(2), date: now, transcript: "Hello world")]
      }
    }
    // Non-exhaustive steps apply the closure to the actual state: an assignment, not `removeLast()`.
    await harness.receive { $0.path[id: 1] = nil }
    await harness.skipInFlightEffects()
    #expect(harness.currentState.list.standups[id: id(0)]?.meetings.map(\.transcript) == ["Hello world"])
    #expect(harness.currentState.path[id: 0, case: \.detail]?.standup.meetings.count == 1)
  }
}
