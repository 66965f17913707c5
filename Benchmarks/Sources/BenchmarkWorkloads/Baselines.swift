import OpenCombine

/// The workloads' shared domain: a counter.
public struct Count: Sendable, Equatable {
  public init() {}
  public var value = 0
}

public enum Step: Sendable {
  case increment
}

@inline(never)
public func reduce(_ state: inout Count, _ action: Step) {
  switch action {
  case .increment: state.value &+= 1
  }
}

/// Baseline 1, the limit: a class with the state, a `switch` reducer and one observer callback.
public final class RawStore {
  public private(set) var state = Count()
  private let observer: (Count) -> Void

  public init(observer: @escaping (Count) -> Void) {
    self.observer = observer
  }

  @inline(never)
  public func send(_ action: Step) {
    reduce(&state, action)
    observer(state)
  }
}

/// Baseline 2, the AsyncStream design of the migration note: actions into an AsyncStream, a task
/// loop applies the reducer, states come out through an AsyncStream.
public final class AsyncStreamStore: Sendable {
  public let actions: AsyncStream<Step>.Continuation
  public let states: AsyncStream<Count>

  public init() {
    let (actionStream, actions) = AsyncStream<Step>.makeStream()
    let (states, output) = AsyncStream<Count>.makeStream()
    self.actions = actions
    self.states = states
    Task {
      var state = Count()
      output.yield(state)
      for await action in actionStream {
        reduce(&state, action)
        output.yield(state)
      }
      output.finish()
    }
  }
}

/// Baseline 3, the original Combine design (through OpenCombine): actions into a subject, a
/// feedback loop through a CurrentValueSubject holding the state, observers subscribe to it.
public final class CombineStore {
  public let actions = PassthroughSubject<Step, Never>()
  public let state = CurrentValueSubject<Count, Never>(Count())
  private var cancellables: [AnyCancellable] = []

  public init(observer: @escaping (Count) -> Void) {
    actions
      .sink { [state] action in
        var next = state.value
        reduce(&next, action)
        state.send(next)
      }
      .store(in: &cancellables)
    state.dropFirst().sink(receiveValue: observer).store(in: &cancellables)
  }
}

/// Baseline 4, the floor of an effect's round trip in this design: from the main actor, start a
/// task, hop back to the main actor to change a value, resume the caller awaiting it. A
/// `.perform` round trip does this and no less (its work runs off the main actor, its `send`
/// writes on it, `finish()` resumes its caller); the rest of its cost is the runtime's.
@MainActor
public final class TaskRoundTripFloor {
  public private(set) var value = 0

  public init() {}

  public func roundTrip() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Task.detached {
        await self.increment()
        continuation.resume()
      }
    }
  }

  private func increment() {
    value &+= 1
  }
}
