import Foundation
import Testing
@_spi(Internals) import UnoCore

@Suite struct AsyncConditionTests {
  @Test func aWaiterReturnsOnceAChangeMeetsItsCondition() async {
    let count = AsyncCondition(0)
    let waiting = Task { await count.wait(until: { $0 >= 2 }) }
    count.withState { $0 = 1 }
    count.withState { $0 = 2 }
    await waiting.value
    #expect(count.state == 2)
  }

  @Test func aConditionAlreadyMetDoesNotSuspend() async {
    let count = AsyncCondition(5)
    await count.wait(until: { $0 == 5 })
    #expect(await count.wait(until: { $0 == 5 }, timeout: .zero))
  }

  @Test func cancellingTheWaiterReturnsEarlyUnlessItIgnoresCancellation() async {
    let opened = AsyncCondition(false)
    let cancellable = Task { await opened.wait(until: { $0 }) }
    cancellable.cancel()
    await cancellable.value  // returns without the condition
    #expect(opened.state == false)

    let stubborn = Task { await opened.wait(until: { $0 }, cancellable: false) }
    stubborn.cancel()
    opened.withState { $0 = true }  // only this lets it return
    await stubborn.value
  }

  @Test func aTimeoutThatHasPassedReturnsFalse() async {
    let count = AsyncCondition(0)
    #expect(await count.wait(until: { $0 > 0 }, timeout: .zero, clock: ContinuousClock()) == false)
  }

  @Test func aChangeBeforeTheTimeoutReturnsTrue() async {
    let count = AsyncCondition(0)
    let waiting = Task { await count.wait(until: { $0 > 0 }, timeout: .seconds(3600)) }
    count.withState { $0 = 1 }
    #expect(await waiting.value)
  }

  @Test func manyWaitersAndWritersFromManyTasks() async {
    let count = AsyncCondition(0)
    await withTaskGroup(of: Void.self) { group in
      for target in 1...100 {
        group.addTask { await count.wait(until: { $0 >= target }) }
      }
      for _ in 1...100 {
        group.addTask { count.withState { $0 += 1 } }
      }
    }
    #expect(count.state == 100)
  }

  @Test func aBlockedThreadIsWokenByAChangeFromAnotherThread() async {
    let count = AsyncCondition(0)
    // Long enough never to pass while the test runs; if the change did not wake the thread, the
    // wait would end there and the test fail.
    let blocked = Task.detached { count.blockingWait(until: { $0 == 3 }, timeout: .seconds(60)) }
    for _ in 1...3 { count.withState { $0 += 1 } }
    #expect(await blocked.value)
  }

  @Test func aTimeoutTooLongToCountInNanosecondsMeansNone() async {
    let opened = AsyncCondition(false)
    let blocked = Task.detached { opened.blockingWait(until: { $0 }, timeout: .seconds(Int64.max)) }
    opened.withState { $0 = true }
    #expect(await blocked.value)
  }

  @Test func aBlockedThreadWhoseConditionNeverHoldsGetsFalseAndLeavesNoWaiter() {
    let count = AsyncCondition(0)
    let neverHeld = count.blockingWait(until: { $0 > 0 }, timeout: .milliseconds(1))
    #expect(neverHeld == false)
    let alreadyHolds = count.blockingWait(until: { $0 == 0 }, timeout: .zero)
    #expect(alreadyHolds)
    // The timed-out waiter is gone: a change wakes nobody and leaves nothing behind.
    count.withState { $0 = 1 }
    #expect(count.state == 1)
  }
}
