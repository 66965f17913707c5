import Testing

@testable import UnoComposition

/// ``ThrottleStateMachine`` on its own: the rules of docs/guides/Throttle.md, event by event, with
/// instants made from one fixed instant (no clock is read or waited on).
@Suite struct ThrottleStateMachineTests {
  typealias Machine = ThrottleStateMachine<ContinuousClock.Instant>
  let start = ContinuousClock.now
  func at(_ milliseconds: Int) -> ContinuousClock.Instant { start.advanced(by: .milliseconds(milliseconds)) }
  let second = Duration.seconds(1)

  @Test func anActionWithNoIntervalRunningPassesAndStartsOne() {
    var machine = Machine()
    #expect(machine.actionArrived(at: at(0), duration: second, latest: true) == .passNow)
    #expect(
      machine.actionArrived(at: at(999), duration: second, latest: true) == .wait(ticket: 0, until: at(1000)))
  }

  @Test func anActionAtTheIntervalsEndPassesAtOnce() {
    var machine = Machine()
    #expect(machine.actionArrived(at: at(0), duration: second, latest: true) == .passNow)
    #expect(machine.actionArrived(at: at(1000), duration: second, latest: true) == .passNow)
    #expect(
      machine.actionArrived(at: at(1500), duration: second, latest: true) == .wait(ticket: 0, until: at(2000))
    )
  }

  @Test func withLatestANewerActionTakesTheWaitingOnesPlace() {
    var machine = Machine()
    #expect(machine.actionArrived(at: at(0), duration: second, latest: true) == .passNow)
    #expect(
      machine.actionArrived(at: at(200), duration: second, latest: true) == .wait(ticket: 0, until: at(1000)))
    #expect(
      machine.actionArrived(at: at(400), duration: second, latest: true) == .wait(ticket: 1, until: at(1000)))
    #expect(machine.intervalEnded(ticket: 0, at: at(1000), duration: second) == .drop)
    #expect(machine.intervalEnded(ticket: 1, at: at(1000), duration: second) == .pass)
    // The waiting action started a new interval when it passed.
    #expect(
      machine.actionArrived(at: at(1500), duration: second, latest: true) == .wait(ticket: 2, until: at(2000))
    )
  }

  @Test func withoutLatestTheFirstWaitingActionKeepsItsPlace() {
    var machine = Machine()
    #expect(machine.actionArrived(at: at(0), duration: second, latest: false) == .passNow)
    #expect(
      machine.actionArrived(at: at(200), duration: second, latest: false) == .wait(ticket: 0, until: at(1000))
    )
    #expect(machine.actionArrived(at: at(400), duration: second, latest: false) == .drop)
    #expect(machine.intervalEnded(ticket: 0, at: at(1000), duration: second) == .pass)
  }

  @Test func aTicketPassesOnceAndIsNeverReused() {
    var machine = Machine()
    _ = machine.actionArrived(at: at(0), duration: second, latest: true)
    #expect(
      machine.actionArrived(at: at(100), duration: second, latest: true) == .wait(ticket: 0, until: at(1000)))
    #expect(machine.intervalEnded(ticket: 0, at: at(1000), duration: second) == .pass)
    #expect(machine.intervalEnded(ticket: 0, at: at(1000), duration: second) == .drop)
    #expect(
      machine.actionArrived(at: at(1100), duration: second, latest: true) == .wait(ticket: 1, until: at(2000))
    )
    #expect(machine.intervalEnded(ticket: 0, at: at(2000), duration: second) == .drop)
    #expect(machine.intervalEnded(ticket: 1, at: at(2000), duration: second) == .pass)
  }

  @Test func anIntervalEndingWithNothingWaitingDoesNothing() {
    var machine = Machine()
    #expect(machine.intervalEnded(ticket: 0, at: at(0), duration: second) == .drop)
    #expect(machine.actionArrived(at: at(0), duration: second, latest: true) == .passNow)
    #expect(machine.intervalEnded(ticket: 0, at: at(1000), duration: second) == .drop)
  }
}
