import Testing
import UnoTesting

@Suite struct AsyncStreamRecorderTests {
  @Test func recordsEveryElementInOrder() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let recorder = AsyncStreamRecorder<Int>()
    recorder.record(stream)
    for i in 1...100 { continuation.yield(i) }
    try await recorder.waitForEmissions(count: 100)
    #expect(recorder.values == Array(1...100))
    recorder.cancel()
  }

  @Test func waitReturnsAtOnceWhenEnoughArrived() async throws {
    let recorder = AsyncStreamRecorder<Int>()
    recorder.record(
      AsyncStream {
        $0.yield(1); $0.finish()
      })
    try await recorder.waitForEmissions(count: 1)
    try await recorder.waitForEmissions(count: 0)
    #expect(recorder.values == [1])
  }

  @Test func timeoutSaysHowManyWereExpectedAndHowManyArrived() async throws {
    let clock = TestClock()
    let (stream, continuation) = AsyncStream<String>.makeStream()
    let recorder = AsyncStreamRecorder<String>(clock: clock)
    recorder.record(stream)
    continuation.yield("a")
    try await recorder.waitForEmissions(count: 1)
    let done = Flag()
    let wait = Task {
      defer { done.set() }
      try await recorder.waitForEmissions(count: 3, timeout: .seconds(1))
    }
    // The waiter fixes its deadline when it starts, which may be after an advance: advance until
    // it has timed out.
    while !done.isSet { await clock.advance(by: .seconds(1)) }
    await #expect {
      try await wait.value
    } throws: { error in
      let timeout = error as? WaitTimeout
      return timeout?.expected == 3 && timeout?.arrived == 1
        && timeout?.description.hasPrefix("Timed out after 1.0 seconds waiting for 3 values; 1 arrived.")
          == true
    }
  }

  @Test func cancelStopsRecording() async throws {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let recorder = AsyncStreamRecorder<Int>()
    recorder.record(stream)
    continuation.yield(1)
    try await recorder.waitForEmissions(count: 1)
    recorder.cancel()
    // After cancellation the recording task ends; later elements are not recorded.
    continuation.yield(2)
    continuation.finish()
    #expect(recorder.values == [1])
  }

  @Test func recordsTheRuntimeStatesOfTheStreamForm() async throws {
    // A plain AsyncStream of states built from a runtime observer, as non-UI consumers do.
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let recorder = AsyncStreamRecorder<Int>()
    recorder.record(stream)
    await MainActor.run {
      let runtime = InteractorRuntime(CounterInteractor())
      runtime.addObserver { continuation.yield($0.count) }
      runtime.send(.increment)
      runtime.send(.increment)
    }
    try await recorder.waitForEmissions(count: 2)
    #expect(recorder.values == [1, 2])
  }
}

@Suite struct DeadlineSleepTests {
  @Test func returnsAtOnceWhenTheClockAdvancedExactlyToTheDeadline() async throws {
    let clock = TestClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    // TestClock's own sleep(until:) would suspend here until the next advance.
    try await clock.sleep(toDeadline: deadline)
    #expect(clock.now == deadline)
  }

  @Test func sleepsUntilTheDeadlineOtherwise() async throws {
    let clock = TestClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    let done = Flag()
    let sleeper = Task {
      try await clock.sleep(toDeadline: deadline)
      done.set()
    }
    await clock.advance(by: .milliseconds(500))
    #expect(!done.isSet)
    while !done.isSet { await clock.advance(by: .milliseconds(500)) }
    try await sleeper.value
  }

  @Test func cancelledSleepThrows() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(toDeadline: clock.now.advanced(by: .seconds(1))) }
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }
}
