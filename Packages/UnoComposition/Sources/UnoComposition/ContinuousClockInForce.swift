import Clocks
import Dependencies

/// The `continuousClock` dependency in force now, type-erased: the clock of `Debounce` and
/// `Throttle` when none is given, read on every action so that a test's clock is the one used.
///
/// Read from the values in force directly: the `@Dependency` wrapper's getter binds a task-local
/// around each read (to name the dependency in its diagnostics), which cost a debounced action
/// more than starting its effect (docs/performance-history.md, "One effect without a plan list,
/// and the clock a debounce reads").
func continuousClockInForce() -> AnyClock<Duration> {
  AnyClock(DependencyValues._current.continuousClock)
}
