import Testing
import UnoCore

/// Holds a runtime for the interactor it runs, which reads it.
@MainActor
private final class RuntimeBox {
  var runtime: InteractorRuntime<Int, Int>?
}

// The state has no dynamic exclusivity checks (they were 40% of a state-only send): the runtime
// stops a read of its state from inside the change itself, with a message that says what to do.
@Suite struct StateAccessTests {
  @Test func readingTheStateWhileTheInteractorChangesItStopsTheProgramAndSaysWhy() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let box = RuntimeBox()
          let runtime = InteractorRuntime(
            Interact<Int, Int>(initialValue: 0) { state, action in
              state += action + MainActor.assumeIsolated { box.runtime!.state }
              return .state
            })
          box.runtime = runtime
          runtime.send(1)
        }
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("was read while its interactor changes it"))
    #expect(message.contains("read 'runtime.state' from an observer, a view, or an effect's 'DynamicState'"))
  }

  @MainActor
  @Test func theStateIsReadBetweenStepsAndByObservers() {
    let runtime = InteractorRuntime(
      Interact<Int, Int>(initialValue: 0) { state, action in
        state += action
        return .state
      })
    var seen: [Int] = []
    runtime.addObserver { _ in seen.append(runtime.state) }
    runtime.send(2)
    runtime.send(3)
    #expect(runtime.state == 5)
    #expect(seen == [2, 5])
  }
}
