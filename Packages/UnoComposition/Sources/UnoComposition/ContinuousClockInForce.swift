import Clocks
import Dependencies

/// The `continuousClock` dependency in force now, type-erased: the clock of `Debounce` and
/// `Throttle` when none is given, read on every action so that a test's clock is the one used.
///
/// Read from the values in force directly: the `@Dependency` wrapper's getter binds a task-local
/// around each read (to name the dependency in its diagnostics), which cost a debounced action
/// more than starting its effect (quick mode, 2026-11-26: the debounce burst went from 1.6–2.3 to
/// 1.2–1.7 times a `cancelInFlight` restart).
func continuousClockInForce() -> AnyClock<Duration> {
  AnyClock(DependencyValues._current.continuousClock)
}
