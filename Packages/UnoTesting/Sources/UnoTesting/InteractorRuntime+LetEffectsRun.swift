@_spi(Internals) import UnoCore

extension InteractorRuntime {
  /// Lets this runtime's effects run until every effect still running waits on a test clock,
  /// but for `elsewhere` of them, known to wait on something else; or, while more than those do
  /// not wait on the clock, until `quietTurns` turns in a row have changed nothing.
  ///
  /// A test clock that moves on before an effect woken from a sleep (or just started) has reached
  /// its next sleep lets that effect fix its next deadline after the move, and miss it: a tick a
  /// second later never fires when the machine is busy. Exploration calls this before and after
  /// each move of its clock, and the harness's ``HarnessClock`` between two wake-ups.
  ///
  /// After a few quiet turns, each turn sleeps a millisecond instead of yielding: yielding alone
  /// kept the main actor's queue full for as long as an effect waited on something other than the
  /// clock (a stream, a task of its own), and other tests' effects waited on it until their
  /// `receive` timed out.
  ///
  /// - Parameters:
  ///   - sleepers: How many sleeps wait on the test clock now.
  ///   - elsewhere: How many running effects are known to wait on something other than the clock.
  ///   - quietTurns: How many turns that change nothing end the wait while more effects than
  ///     `elsewhere` do not wait on the clock.
  func letEffectsRun(sleepers: () -> Int, elsewhere: Int = 0, quietTurns: Int) async {
    var quiet = 0
    var last: Diagnostics?
    // Bounded as well in all: an effect that never waits (a loop that writes and writes) would
    // otherwise keep every turn busy.
    for _ in 0..<quietTurns * 50 where quiet < quietTurns {
      handlePostedActions()
      let pending = pendingWork
      if pending.queuedActions == 0, pending.runningEffects <= sleepers() + elsewhere { return }
      let now = diagnostics
      quiet = now == last ? quiet + 1 : 0
      last = now
      if quiet < 8 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }
}
