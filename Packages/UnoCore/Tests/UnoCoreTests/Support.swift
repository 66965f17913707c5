import ConcurrencyExtras
@_spi(Internals) import UnoCore

/// A one-shot gate that effects wait on until the test opens it. No wall clock involved.
///
/// `wait()` returns early when the waiting task is cancelled; `waitIgnoringCancellation()` does
/// not, which lets a test make a cancelled effect try to send anyway.
final class Latch: Sendable {
  private let opened = AsyncCondition(false)

  func open() { opened.withState { $0 = true } }

  func wait() async { await opened.wait(until: { $0 }) }

  func waitIgnoringCancellation() async { await opened.wait(until: { $0 }, cancellable: false) }
}

/// Records every state an observer sees.
@MainActor
final class StateLog<State: Sendable> {
  private(set) var states: [State] = []
  init<Action>(_ runtime: InteractorRuntime<State, Action>) {
    runtime.addObserver { [weak self] in self?.states.append($0) }
  }
}
