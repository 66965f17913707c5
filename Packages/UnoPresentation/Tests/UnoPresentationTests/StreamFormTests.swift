import Testing
import UnoPresentation

@Suite struct StreamFormTests {
  @Test func emitsTheInitialStateThenEveryChange() async {
    let (actions, send) = AsyncStream<CounterAction>.makeStream()
    let states = CounterInteractor().interact(actions)
    send.yield(.increment)
    send.yield(.incrementLater)
    send.yield(.touchSecret)
    send.finish()
    var counts: [Int] = []
    for await state in states { counts.append(state.count) }
    // initial, increment, incrementLater (unchanged), touchSecret (count unchanged), the effect.
    #expect(counts.count == 5)
    #expect(counts.first == 0)
    #expect(counts.last == 2)
    #expect(counts.sorted() == counts)
  }

  @Test func upstreamFinishingLetsStartedEffectsFinishFirst() async {
    let (actions, send) = AsyncStream<CounterAction>.makeStream()
    let states = actions.interact(with: CounterInteractor())
    for _ in 0..<10 { send.yield(.incrementLater) }
    send.finish()
    var last: CounterState?
    for await state in states { last = state }
    // Every effect's write arrived before the stream finished.
    #expect(last?.count == 10)
  }

  @Test func cancellingTheConsumerCancelsEffects() async {
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let (ended, endedContinuation) = AsyncStream<Void>.makeStream()
    let (actions, send) = AsyncStream<CounterAction>.makeStream()
    let states = CounterInteractor().interact(actions)
    let consumer = Task {
      for await _ in states {}
    }
    send.yield(.suspend(started: startedContinuation, ended: endedContinuation))
    var startedIterator = started.makeAsyncIterator()
    _ = await startedIterator.next()
    consumer.cancel()
    var endedIterator = ended.makeAsyncIterator()
    #expect(await endedIterator.next() != nil)  // the effect was cancelled and ended
    await consumer.value
  }
}
