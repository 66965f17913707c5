import Benchmark
import BenchmarkWorkloads
import BundledFeatures
import SearchClientLive
import UnoCore
import UnoHostCore
import UnoPresentation

// The full suite: `swift package --package-path Benchmarks benchmark` (or `bash Tools/bench.sh full`).
// Each benchmark measures `scaledIterations` operations; the baselines are benchmarks of their
// own in the same run, so the tables compare like with like. The quick mode (UnoQuickBench)
// prints the ratios.

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 1_000
  )

  // One state-only send, and the three designs it is measured against.
  Benchmark("send: raw store (baseline)") { benchmark in
    var sink = 0
    let store = RawStore { sink &+= $0.value }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.send(.increment) }
    blackHole(sink)
  }
  Benchmark("send: Combine design via OpenCombine (baseline)") { benchmark in
    var sink = 0
    let store = CombineStore { sink &+= $0.value }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { store.actions.send(.increment) }
    blackHole(sink)
  }
  Benchmark("send: AsyncStream design (baseline)") { benchmark in
    let store = AsyncStreamStore()
    var states = store.states.makeAsyncIterator()
    _ = await states.next()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.actions.yield(.increment)
      blackHole(await states.next())
    }
  }
  onMainActor("send: Uno runtime") {
    let runtime = InteractorRuntime(CountInteractor())
    runtime.addObserver { blackHole($0) }
    return { iterations in for _ in iterations { runtime.send(.increment) } }
  }
  onMainActor("send: ViewModel with a ViewStateReducer") {
    let viewModel = makeCountViewModel()
    return { iterations in for _ in iterations { viewModel.sendViewEvent(.increment) } }
  }
  onMainActor("send: Merge of 10") {
    let runtime = InteractorRuntime(MergeTen())
    return { iterations in for _ in iterations { runtime.send(.increment) } }
  }
  onMainActor("send: when 10 deep, leaf action") {
    let runtime = InteractorRuntime(I10())
    return { iterations in for _ in iterations { runtime.send(concreteLeafAction) } }
  }
  onMainActor("send: when 10 deep, root action") {
    let runtime = InteractorRuntime(I10())
    return { iterations in for _ in iterations { runtime.send(.root) } }
  }

  // Effects.
  Benchmark("effect: .perform round trip", configuration: .init(scalingFactor: .one)) { benchmark in
    let runtime = await InteractorRuntime(RoundTrip())
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await runtime.send(1).finish() }
  }
  Benchmark("effect: 10,000 concurrent effects", configuration: .init(scalingFactor: .one, maxIterations: 20))
  {
    benchmark in
    let runtime = await InteractorRuntime(RoundTrip())
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { await runtime.send(10_000).finish() }
  }

  // uno-host, in process: one Counter line.
  onMainActor("host: Counter line") {
    let host = ProtocolHost(registry: try! makeRegistry()) { blackHole($0) }
    host.open("counter")
    return { iterations in for _ in iterations { host.handle(line: counterSendLine) } }
  }

  // The Search feature's live index.
  let index = UnicodeNameIndex(entries: UnicodeNameIndex.unicodeNames())
  for query in ["grinning face", "smil cat", "arrow"] {
    Benchmark("search: \"\(query)\"", configuration: .init(scalingFactor: .one)) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(index.search(query, limit: 50)) }
    }
  }
}

/// A benchmark of main-actor work: `setUp` (not measured) builds the workload and returns the
/// loop to measure.
func onMainActor(
  _ name: String,
  configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
  _ setUp: @escaping @MainActor @Sendable () -> @MainActor @Sendable (Range<Int>) -> Void
) {
  Benchmark(name, configuration: configuration) { benchmark in
    let iterations = benchmark.scaledIterations
    let run = await setUp()
    benchmark.startMeasurement()
    await run(iterations)
    benchmark.stopMeasurement()
  }
}
