import ConcurrencyExtras
import UnoComposition
import UnoCore

/// Records every state an observer sees.
@MainActor
final class StateLog<State: Sendable> {
  private(set) var states: [State] = []
  init<Action>(_ runtime: InteractorRuntime<State, Action>) {
    runtime.addObserver { [weak self] in self?.states.append($0) }
  }
}
