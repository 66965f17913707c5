import ConcurrencyExtras
import IssueReporting
import Observation
import Testing
import UnoCore
import UnoPresentation

@MainActor
@Suite struct ViewModelTests {
  @Test func viewStateIsUpToDateWhenSendReturns() {
    let viewModel = makeViewModel()
    // The initial view state is trusted: the reducer has not run yet.
    #expect(viewModel.viewState == CounterViewState(count: 0, displayText: ""))
    viewModel.sendViewEvent(.increment)
    #expect(viewModel.viewState == CounterViewState(count: 1, displayText: "Count: 1"))
    #expect(viewModel.displayText == "Count: 1")  // dynamic member lookup
    #expect(viewModel.domainState.count == 1)
  }

  @Test func viewStateIsRecomputedAfterEffectSends() async {
    let viewModel = makeViewModel()
    let task = viewModel.sendViewEvent(.incrementLater)
    #expect(task.hasEffects)
    await task.finish()
    #expect(viewModel.count == 1)
    #expect(viewModel.displayText == "Count: 1")
  }

  @Test func viewStateObserversLearnTheSourceOfEachChange() async {
    let viewModel = makeViewModel()
    var seen: [(Int, StateChangeSource)] = []
    viewModel.observeViewState { state, source in seen.append((state.count, source)) }
    viewModel.sendViewEvent(.increment)
    viewModel.sendViewEvent(.touchSecret)  // no view change: not reported
    let task = viewModel.sendViewEvent(.incrementLater)
    await task.finish()
    #expect(seen.map(\.0) == [1, 2])
    #expect(seen.map(\.1) == [.action, .effect(of: task.id!)])
  }

  @Test func directViewModel() {
    let viewModel: DirectViewModel<CounterAction, CounterState> = ViewModel(
      CounterState(count: 0),
      CounterInteractor().eraseToAnyInteractor()
    )
    viewModel.sendViewEvent(.increment)
    viewModel.sendViewEvent(.increment)
    #expect(viewModel.viewState == CounterState(count: 2))
    #expect(viewModel.count == 2)
  }

  @Test func observationFiresOncePerViewStateChange() {
    let viewModel = makeViewModel()
    let counter = Counter()
    var changes: Int { counter.value }
    func track() {
      withObservationTracking {
        _ = viewModel.viewState
      } onChange: {
        counter.increment()
      }
    }
    track()
    viewModel.sendViewEvent(.increment)
    #expect(changes == 1)
    track()
    viewModel.sendViewEvent(.increment)
    #expect(changes == 2)
    // A domain change that leaves the view state equal does not notify.
    track()
    viewModel.sendViewEvent(.touchSecret)
    #expect(changes == 2)
    viewModel.sendViewEvent(.increment)
    #expect(changes == 3)
  }

  @Test func viewStatesStreamYieldsTheCurrentValueThenChanges() async {
    var viewModel: ViewModel<CounterAction, CounterState, CounterViewState>? = makeViewModel()
    viewModel?.sendViewEvent(.increment)
    let stream = viewModel!.viewStates
    viewModel?.sendViewEvent(.increment)
    viewModel?.sendViewEvent(.touchSecret)  // no view change, no element
    await viewModel?.sendViewEvent(.incrementLater).finish()
    viewModel = nil  // finishes the stream
    var received: [Int] = []
    for await state in stream { received.append(state.count) }
    #expect(received == [1, 2, 3])
  }

  /// The first stream makes the view model's table of streams; a later one joins it, so both see
  /// every change after they were made and both end with the view model.
  @Test func everyStreamSeesTheChangesAfterItWasMade() async {
    var viewModel: ViewModel<CounterAction, CounterState, CounterViewState>? = makeViewModel()
    let first = viewModel!.viewStates
    viewModel?.sendViewEvent(.increment)
    let second = viewModel!.viewStates
    viewModel?.sendViewEvent(.increment)
    viewModel = nil
    var firstReceived: [Int] = []
    for await state in first { firstReceived.append(state.count) }
    var secondReceived: [Int] = []
    for await state in second { secondReceived.append(state.count) }
    #expect(firstReceived == [0, 1, 2])
    #expect(secondReceived == [1, 2])
  }

  @Test func releasedViewModelWithSuspendedEffectsIsFreedAndCancelsThem() async {
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let (ended, endedContinuation) = AsyncStream<Void>.makeStream()
    var viewModel: ViewModel<CounterAction, CounterState, CounterViewState>? = makeViewModel()
    weak let weakViewModel = viewModel
    let task = viewModel!.sendViewEvent(.suspend(started: startedContinuation, ended: endedContinuation))
    var startedIterator = started.makeAsyncIterator()
    _ = await startedIterator.next()  // the effect is suspended now

    viewModel = nil
    #expect(weakViewModel == nil)
    await task.finish()
    var endedIterator = ended.makeAsyncIterator()
    #expect(await endedIterator.next() != nil)  // the effect ended: it was cancelled
    #expect(task.isCancelled)
  }
}

/// `withObservationTracking`'s `onChange` is `@Sendable`.
final class Counter: Sendable {
  private let count = LockIsolated(0)
  var value: Int { count.value }
  func increment() { count.withValue { $0 += 1 } }
}

/// Only this suite creates view models from this call site, one test at a time.
@MainActor
func makeReportingViewModel(reports: Bool? = true) -> ViewModel<CounterAction, CounterState, CounterViewState>
{
  ViewModel(
    initialValue: CounterViewState(count: 0, displayText: ""),
    CounterInteractor().eraseToAnyInteractor(),
    CounterViewStateReducer().eraseToAnyViewStateReducer(),
    reportsReinitialization: reports
  )
}

@MainActor
@Suite(.serialized) struct ReinitializationTests {
  @Test func warnsWhileAViewModelFromTheSameCallSiteIsAlive() {
    let first = makeReportingViewModel()
    withKnownIssue {
      let second = makeReportingViewModel()
      _ = second
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("while a previous one from there is still alive")
        && text.contains("@State var viewModel")
    }
    _ = first
  }

  @Test func silentOnceThePreviousOneIsReleased() {
    var first: ViewModel<CounterAction, CounterState, CounterViewState>? = makeReportingViewModel()
    first?.sendViewEvent(.increment)
    first = nil
    let second = makeReportingViewModel()  // would record an issue, failing this test, if it warned
    second.sendViewEvent(.increment)
    #expect(second.count == 1)
  }

  @Test func silentWhenDisabled() {
    let first = makeReportingViewModel(reports: false)
    #expect(issuesReported { _ = makeReportingViewModel(reports: false) } == [])
    _ = first
    // The same two, reporting: the collector sees the warning, so the check above can fail.
    let reporting = makeReportingViewModel(reports: true)
    #expect(issuesReported { _ = makeReportingViewModel(reports: true) }.count == 1)
    _ = reporting
  }

  @Test func silentByDefaultUnderATestRunner() {
    let first = makeReportingViewModel(reports: nil)
    #expect(issuesReported { _ = makeReportingViewModel(reports: nil) } == [])
    _ = first
  }
}
