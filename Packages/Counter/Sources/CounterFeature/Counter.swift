import Clocks
import UnoComposition
import UnoCore

/// The counter's domain state.
public struct CounterState: Sendable, Equatable, Codable {
  /// The count.
  public var count: Int
  /// Delayed increments started and not yet applied.
  public var pendingIncrements: Int

  /// A state with `count` and `pendingIncrements` delayed increments under way.
  public init(count: Int = 0, pendingIncrements: Int = 0) {
    self.count = count
    self.pendingIncrements = pendingIncrements
  }
}

/// What the counter can be asked to do.
public enum CounterAction: Sendable, Equatable, Codable {
  /// Adds one.
  case increment
  /// Subtracts one.
  case decrement
  /// Sets the count to zero; delayed increments under way still land.
  case reset
  /// Adds one after ``CounterInteractor/delay``, from an effect.
  case incrementLater
  /// Cancels every pending delayed increment.
  case cancelPending
}

/// The counter's business logic.
///
/// Delayed increments wait on the `continuousClock` dependency: the continuous clock live, a
/// test clock in tests.
///
/// ```swift
/// let harness = await InteractorTestHarness(CounterInteractor(), withDependencies: {
///   $0.continuousClock = clock  // a TestClock
/// })
/// ```
@Interactor<CounterState, CounterAction>
public struct CounterInteractor: Sendable {
  /// The clock delayed increments wait on.
  @Dependency(\.continuousClock) var clock
  /// How long a delayed increment waits.
  public let delay: Duration

  /// A counter whose delayed increments wait `delay`.
  public init(delay: Duration = .seconds(1)) {
    self.delay = delay
  }

  enum PendingIncrement: Hashable, Sendable { case id }

  /// Counting, and delayed increments as cancellable effects.
  public var body: some InteractorOf<Self> {
    Interact(initialValue: CounterState()) { [delay] state, action in
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .decrement:
        state.count -= 1
        return .state
      case .reset:
        state = CounterState(pendingIncrements: state.pendingIncrements)
        return .state
      case .incrementLater:
        state.pendingIncrements += 1
        let clock = AnyClock(self.clock)
        // The deadline is fixed when the action is handled, not when the effect's task first runs.
        let deadline = clock.now.advanced(by: delay)
        return .perform { _, send in
          do {
            try await clock.sleep(toDeadline: deadline)
          } catch {
            // Cancelled: the pending count is settled by .cancelPending.
            return
          }
          await send {
            $0.count += 1
            $0.pendingIncrements -= 1
          }
        }
        .cancellable(id: PendingIncrement.id)
      case .cancelPending:
        state.pendingIncrements = 0
        return .cancel(id: PendingIncrement.id)
      }
    }
  }
}
