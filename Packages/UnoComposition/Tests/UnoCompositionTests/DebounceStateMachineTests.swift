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
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0, cancelling: nil))
    #expect(machine.actionArrived("ab", deadline: at(400)) == .adoptTimer(0))
    #expect(machine.adoptionTried(timer: 0, adopted: true, action: "ab", deadline: at(400)) == .keepTimer)
    #expect(machine.actionArrived("abc", deadline: at(450)) == .adoptTimer(0))
    #expect(machine.adoptionTried(timer: 0, adopted: true, action: "abc", deadline: at(450)) == .keepTimer)
    #expect(machine.timerWoke(0, at: at(300)) == .sleep(until: at(450)))
    #expect(machine.timerWoke(0, at: at(450)) == .fire("abc"))
    // Fired once: the timer has nothing left, and once its write landed the next action starts
    // a new burst.
    #expect(machine.timerWoke(0, at: at(450)) == .stop)
    #expect(machine.fireLanded(0) == true)
    #expect(machine.actionArrived("x", deadline: at(900)) == .startTimer(1, cancelling: nil))
  }

  @Test func aTimerThatCouldNotBeAdoptedIsReplacedAndNeverFires() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0, cancelling: nil))
    #expect(machine.actionArrived("ab", deadline: at(400)) == .adoptTimer(0))
    // Timer 0 was cancelled: the action gets a timer of its own.
    #expect(
      machine.adoptionTried(timer: 0, adopted: false, action: "ab", deadline: at(400))
        == .startTimer(1, cancelling: nil))
    // Timer 0, should it wake anyway (cancelled after its sleep ended), takes nothing.
    #expect(machine.timerWoke(0, at: at(300)) == .stop)
    #expect(machine.timerWoke(1, at: at(400)) == .fire("ab"))
  }

  @Test func aTimerThatFiredBeforeTheAdoptionLeavesTheNewActionATimerOfItsOwn() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0, cancelling: nil))
    #expect(machine.actionArrived("ab", deadline: at(400)) == .adoptTimer(0))
    // Between the action's arrival and the adoption, timer 0 reached "a"'s deadline and took it:
    // it is cancelled, so that "a" never reaches the child after "ab" was handled.
    #expect(machine.timerWoke(0, at: at(300)) == .fire("a"))
    #expect(
      machine.adoptionTried(timer: 0, adopted: true, action: "ab", deadline: at(400))
        == .startTimer(1, cancelling: 0))
    #expect(machine.fireLanded(0) == false)
    #expect(machine.timerWoke(1, at: at(400)) == .fire("ab"))
    #expect(machine.fireLanded(1) == true)
  }

  @Test func anActionArrivingWhileATimerFiresCancelsIt() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0, cancelling: nil))
    #expect(machine.timerWoke(0, at: at(300)) == .fire("a"))
    // "b" is handled before "a"'s write reached the runtime.
    #expect(machine.actionArrived("b", deadline: at(600)) == .startTimer(1, cancelling: 0))
    #expect(machine.fireLanded(0) == false)
    #expect(machine.timerWoke(1, at: at(600)) == .fire("b"))
    #expect(machine.fireLanded(1) == true)
    // A write that landed leaves nothing to cancel.
    #expect(machine.actionArrived("c", deadline: at(900)) == .startTimer(2, cancelling: nil))
  }

  @Test func aTimerWokenPastTheDeadlineFires() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0, cancelling: nil))
    #expect(machine.timerWoke(0, at: at(500)) == .fire("a"))
  }

  @Test func anotherTimersWakingTakesNothing() {
    var machine = Machine()
    #expect(machine.actionArrived("a", deadline: at(300)) == .startTimer(0, cancelling: nil))
    #expect(machine.timerWoke(7, at: at(300)) == .stop)
    #expect(machine.timerWoke(0, at: at(300)) == .fire("a"))
  }
}
