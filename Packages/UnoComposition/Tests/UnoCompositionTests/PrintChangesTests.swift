import Clocks
import ConcurrencyExtras
import Testing
import UnoComposition
import UnoCore

/// A printer that keeps what it is given.
private final class Printed: Sendable {
  private let texts = LockIsolated<[String]>([])
  var all: [String] { texts.value }
  var printer: _ChangePrinter { _ChangePrinter { text in self.texts.withValue { $0.append(text) } } }
}

@MainActor
@Suite struct PrintChangesTests {
  let clock = TestClock()

  @Test func anActionPrintsItselfAndTheDiffItCaused() {
    let printed = Printed()
    let runtime = InteractorRuntime(
      TallyInteractor(clock: clock, reads: LockIsolated([]))._printChanges(printed.printer))
    runtime.send(.increment)
    #expect(
      printed.all == ["received action:\n  TallyAction.increment\n- Tally(value: 0)\n+ Tally(value: 1)"])
  }

  @Test func anEffectsWriteNamesTheActionThatStartedIt() async {
    let printed = Printed()
    let runtime = InteractorRuntime(
      TallyInteractor(clock: clock, reads: LockIsolated([]))._printChanges(printed.printer))
    let task = runtime.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(printed.all.count == 2)
    #expect(printed.all.first == "received action:\n  TallyAction.incrementLater\n  (No state changes)")
    #expect(
      printed.all.last
        == "effect of action:\n  TallyAction.incrementLater\n- Tally(value: 0)\n+ Tally(value: 1)")
  }

  @Test func aDeferredChildsChangesArePrintedAsEffectsOfTheDebouncedAction() async {
    let printed = Printed()
    let interactor = Debounce(for: .seconds(1), clock: clock) {
      TallyInteractor(clock: clock, reads: LockIsolated([]))
    }
    ._printChanges(printed.printer)
    let runtime = InteractorRuntime(interactor)
    let task = runtime.send(.increment)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(runtime.state.value == 1)
    #expect(printed.all.last?.hasPrefix("effect of action:\n  TallyAction.increment") == true)
  }

  @Test func aRuntimeTracesEveryChangeWhenItsDependencySaysSo() async {
    let printed = Printed()
    let runtime = withDependencies {
      $0._changeTracer = printed.printer
    } operation: {
      InteractorRuntime(TallyInteractor(clock: clock, reads: LockIsolated([])))
    }
    runtime.send(.increment)
    let task = runtime.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(printed.all.count == 3)
    #expect(printed.all[0].contains("+ Tally(value: 1)"))
    #expect(printed.all[2].hasPrefix("effect of action:\n  TallyAction.incrementLater"))
    #expect(printed.all[2].contains("+ Tally(value: 2)"))
  }
}
