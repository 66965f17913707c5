import Testing

@testable import UnoComposition

/// ``DebounceStateMachine`` on its own: the rules of docs/guides/Debounce.md, event by event, with
/// instants made from one fixed instant (no clock is read or waited on).
@Suite struct DebounceStateMachineTests {
  typealias Machine = DebounceStateMachine<ContinuousClock.Instant, String>
  let start = ContinuousClock.now
  func at(_ milliseconds: Int) -> ContinuousClock.Instant { start.advanced(by: .milliseconds(milliseconds)) }

  @Test func aBurstKeepsOneTimerWhoseDeadlineEachActionMoves() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.actionArrived("ab", deadline: at(400)) == .adoptTimer(0))
    #expect(machine.adoptionTried(timer: 0, adopted: true, action: "ab", deadline: at(400)) == .keepTimer)
    #expect(machine.actionArrived("abc", deadline: at(450)) == .adoptTimer(0))
    #expect(machine.adoptionTried(timer: 0, adopted: true, action: "abc", deadline: at(450)) == .keepTimer)
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .sleep(until: at(450)))
    #expect(machine.timerWoke(0, at: at(450), now: at(450)) == .fire("abc"))
    #expect(machine.fireLanded(0) == true)
    // Fired once: the timer has nothing left, and the next action starts a new burst.
    #expect(machine.timerWoke(0, at: at(450), now: at(450)) == .stop)
    #expect(machine.actionArrived("x", deadline: at(900)) == .startTimer(1))
  }

  @Test func aTimerThatCouldNotBeAdoptedIsReplacedAndNeverFires() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.actionArrived("ab", deadline: at(400)) == .adoptTimer(0))
    // Timer 0 was cancelled: the action gets a timer of its own.
    #expect(
      machine.adoptionTried(timer: 0, adopted: false, action: "ab", deadline: at(400)) == .startTimer(1))
    // Timer 0, should it wake anyway (cancelled after its sleep ended), takes nothing.
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .stop)
    #expect(machine.timerWoke(1, at: at(400), now: at(400)) == .fire("ab"))
  }

  @Test func aFireOnItsWayWhenTheNextActionIsAdoptedIsRevoked() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.actionArrived("ab", deadline: at(400)) == .adoptTimer(0))
    // Between the action's arrival and the adoption, timer 0 reached "a"'s deadline and took it.
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .fire("a"))
    #expect(machine.adoptionTried(timer: 0, adopted: true, action: "ab", deadline: at(400)) == .keepTimer)
    // "a"'s write hands nothing to the child; the same timer then waits for "ab".
    #expect(machine.fireLanded(0) == false)
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .sleep(until: at(400)))
    #expect(machine.timerWoke(0, at: at(400), now: at(400)) == .fire("ab"))
    #expect(machine.fireLanded(0) == true)
  }

  @Test func anActionArrivingWhileATimerFiresRevokesItsActionAndAdoptsIt() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .fire("a"))
    // "b" is handled before "a"'s write reached the runtime.
    #expect(machine.actionArrived("b", deadline: at(600)) == .adoptTimer(0))
    #expect(machine.adoptionTried(timer: 0, adopted: true, action: "b", deadline: at(600)) == .keepTimer)
    #expect(machine.fireLanded(0) == false)
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .sleep(until: at(600)))
    #expect(machine.timerWoke(0, at: at(600), now: at(600)) == .fire("b"))
    #expect(machine.fireLanded(0) == true)
  }

  @Test func aFiringTimerThatWasCancelledIsReplaced() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .fire("a"))
    #expect(machine.actionArrived("b", deadline: at(600)) == .adoptTimer(0))
    #expect(machine.adoptionTried(timer: 0, adopted: false, action: "b", deadline: at(600)) == .startTimer(1))
    // Were timer 0's write to land after all, it would hand nothing to the child.
    #expect(machine.fireLanded(0) == false)
    #expect(machine.timerWoke(1, at: at(600), now: at(600)) == .fire("b"))
  }

  @Test func aTimerWokenAMomentBeforeItsDeadlineFires() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.timerWoke(0, at: at(300), now: at(299)) == .fire("a"))
  }

  @Test func aTimerThatFellBehindABurstFiresItsLastActionAtOnce() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(0)) == .startTimer(0))
    for (index, action) in ["b", "c", "d"].enumerated() {
      #expect(machine.actionArrived(action, deadline: at(index + 1)) == .adoptTimer(0))
      #expect(
        machine.adoptionTried(timer: 0, adopted: true, action: action, deadline: at(index + 1)) == .keepTimer)
    }
    // The timer slept until "a"'s deadline and wakes when "d"'s has passed too.
    #expect(machine.timerWoke(0, at: at(0), now: at(5)) == .fire("d"))
  }

  @Test func aTimerWokenPastTheDeadlineFires() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.timerWoke(0, at: at(500), now: at(500)) == .fire("a"))
  }

  @Test func anotherTimersWakingTakesNothing() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0))
    #expect(machine.timerWoke(7, at: at(300), now: at(300)) == .stop)
    #expect(machine.timerWoke(0, at: at(300), now: at(300)) == .fire("a"))
  }
}
