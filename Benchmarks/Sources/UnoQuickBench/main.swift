import BenchmarkWorkloads
import BundledFeatures
import Foundation
import Observation
import SearchClientLive
import TodosFeature
@_spi(Internals) @_spi(Inspection) import UnoCore
import UnoHostCore
import UnoPresentation
import UnoTesting

// Quick mode: each workload against its baselines, in this one process, on this machine.
// Prints plain lines such as "ratio uno/raw send: 2.1". Build in release:
//   swift run -c release --package-path Benchmarks UnoQuickBench

extension Duration {
  /// The duration in nanoseconds, as every measurement here reports it.
  var inNanoseconds: Double {
    Double(components.attoseconds) / 1e9 + Double(components.seconds) * 1e9
  }
}

/// Nanoseconds per operation in the best of `rounds` rounds of `iterations` operations. The best
/// round is the one least disturbed by the rest of the machine, so ratios between workloads
/// measured this way are stable from run to run.
@MainActor
func nanoseconds(iterations: Int, rounds: Int = 7, _ body: () -> Void) -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<iterations { body() }
    let elapsed = ContinuousClock.now - start
    samples.append(elapsed.inNanoseconds)
  }
  return samples.min()! / Double(iterations)
}

@MainActor
func nanosecondsAsync(iterations: Int, rounds: Int = 5, _ body: () async -> Void) async -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<iterations { await body() }
    let elapsed = ContinuousClock.now - start
    samples.append(elapsed.inNanoseconds)
  }
  return samples.min()! / Double(iterations)
}

/// The AsyncStream design: yield an action, await the state it produces. Median ns per action.
nonisolated func asyncStreamRoundTrip(iterations: Int, rounds: Int = 5) async -> Double {
  let stream = AsyncStreamStore()
  var states = stream.states.makeAsyncIterator()
  _ = await states.next()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<iterations {
      stream.actions.yield(.increment)
      _ = await states.next()
    }
    let elapsed = ContinuousClock.now - start
    samples.append(elapsed.inNanoseconds)
  }
  return samples.min()! / Double(iterations)
}

/// Resident memory of this process, in bytes, from /proc/self/statm. (Read with `read(2)`:
/// Foundation's `String(contentsOfFile:)` trusts the size /proc reports, 0, and reads nothing.)
func residentBytes() -> Int {
  let fd = open("/proc/self/statm", O_RDONLY)
  guard fd >= 0 else { return 0 }
  defer { close(fd) }
  var buffer = [UInt8](repeating: 0, count: 256)
  let count = read(fd, &buffer, buffer.count)
  guard count > 0 else { return 0 }
  let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
  let pages = fields.dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func report(_ name: String, _ value: Double, _ unit: String = "") {
  print("\(name): \(String(format: value < 10 ? "%.2f" : "%.0f", value))\(unit)")
  // Each row whole: piped, standard output is written in blocks, and a report on standard error
  // (the exploration's planted failure) landed in the middle of a row's figure.
  fflush(nil)
}

/// 1c. A send on a state of 1,000 rows while the runtime is a session of a connected inspector
/// (docs/inspector.md, "Your own app"), against the same send in a runtime that is not inspected.
/// Alone: `UnoQuickBench inspection`.
@MainActor
func inspectionRows(n: Int) {
  var sink = 0
  // Each change is copied into the session's ring; every 256 sends the main actor's
  // turn ends and the session hands its changes to the hub, as it does in an app between two
  // events (in the loop, `_flushInspection()`: the turn never ends). The hub passes each batch
  // to a thread of its own, which lets it go: the connection's threads encode and write it, and
  // release the states there, not on the main actor. A send that changes the counter keeps the
  // state by reference; one that changes a row copies the rows, as a recording does, because the
  // session holds the state before it.
  let uninspected = InteractorRuntime(RowsAndCountInteractor())
  uninspected.addObserver { sink &+= $0.count }
  let hub = DiscardingHub()
  let inspected = InteractorRuntime(RowsAndCountInteractor())
  inspected.addObserver { sink &+= $0.count }
  inspected._openInspection(in: hub, named: "rows")
  // A session whose connection is not up: what a send costs in an app that connects, while no
  // inspector is running.
  let waiting = InteractorRuntime(RowsAndCountInteractor())
  waiting.addObserver { sink &+= $0.count }
  waiting._openInspection(in: DiscardingHub(), named: "rows")
  hub.follow()
  func turns(
    _ runtime: InteractorRuntime<RowsAndCount, RowsAndCountAction>, _ action: RowsAndCountAction
  )
    -> () -> Void
  {
    var sent = 0
    return {
      runtime.send(action)
      sent &+= 1
      if sent & 255 == 0 { runtime._flushInspection() }
    }
  }
  let uninspectedSend = nanoseconds(iterations: n, turns(uninspected, .increment))
  let inspectedSend = nanoseconds(iterations: n, turns(inspected, .increment))
  let waitingSend = nanoseconds(iterations: n, turns(waiting, .increment))
  let uninspectedRowSend = nanoseconds(iterations: n / 10, turns(uninspected, .bump))
  let inspectedRowSend = nanoseconds(iterations: n / 10, turns(inspected, .bump))
  precondition(hub.taken > 0, "the hub took no batch")
  // The same sends while the runtime records (a ring of 1,024, full): what keeping each state
  // costs when nothing crosses threads.
  let recordedRows = InteractorRuntime(RowsAndCountInteractor())
  recordedRows.addObserver { sink &+= $0.count }
  recordedRows.record(limit: 1_024)
  let recordedSend = nanoseconds(iterations: n) { recordedRows.send(.increment) }
  let recordedRowSend = nanoseconds(iterations: n / 10) { recordedRows.send(.bump) }
  report("uno send, 1,000 rows, not inspected", uninspectedSend, " ns")
  report("uno send, 1,000 rows, inspected (connected)", inspectedSend, " ns")
  report("uno send, 1,000 rows, inspected (not connected)", waitingSend, " ns")
  report("ratio inspected connected/not inspected", inspectedSend / uninspectedSend)
  report("ratio inspected not connected/not inspected", waitingSend / uninspectedSend)
  report("uno send of a row, 1,000 rows, not inspected", uninspectedRowSend, " ns")
  report("uno send of a row, 1,000 rows, inspected (connected)", inspectedRowSend, " ns")
  report("ratio row send inspected connected/not inspected", inspectedRowSend / uninspectedRowSend)
  report("uno send, 1,000 rows, recording", recordedSend, " ns")
  report("uno send of a row, 1,000 rows, recording", recordedRowSend, " ns")
  report("ratio inspected connected/recording, 1,000 rows", inspectedSend / recordedSend)
  report("ratio row send inspected connected/recording, 1,000 rows", inspectedRowSend / recordedRowSend)
  withExtendedLifetime((uninspected, inspected, waiting, recordedRows, hub)) {}
}

@MainActor
func main() async {
  let n = 200_000
  var sink = 0

  // 1. One state-only send, and the designs it replaces.
  let raw = RawStore { sink &+= $0.value }
  let rawSend = nanoseconds(iterations: n) { raw.send(.increment) }
  let runtime = InteractorRuntime(CountInteractor())
  runtime.addObserver { sink &+= $0.value }
  let unoSend = nanoseconds(iterations: n) { runtime.send(.increment) }
  // One send to each of 1,000 runtimes, each with its observer: how a change reached 1,000
  // features before shared state (an action sent to each), the baseline of the shared fan-out
  // (section 9). Measured here, before any shared value exists, as "uno send" is.
  let spread = (0..<1_000).map { _ in InteractorRuntime(CountInteractor()) }
  for each in spread { each.addObserver { sink &+= $0.value } }
  let spreadSends = withExtendedLifetime(spread) {
    nanoseconds(iterations: 200) { for each in spread { each.send(.increment) } }
  }
  let combine = CombineStore { sink &+= $0.value }
  let combineSend = nanoseconds(iterations: n) { combine.actions.send(.increment) }
  let streamSend = await asyncStreamRoundTrip(iterations: n / 10)
  report("raw send", rawSend, " ns")
  report("uno send", unoSend, " ns")
  report("combine send", combineSend, " ns")
  report("asyncstream send", streamSend, " ns")
  report("ratio uno/raw send", unoSend / rawSend)
  report("ratio asyncstream/uno send", streamSend / unoSend)
  report("ratio combine/uno send", combineSend / unoSend)

  // 1a. Forms: a binding against a plain action setting the same field (the form's bindings run
  // first, as `BindingInteractor()` does in a form), and a send through `onChange` of the field.
  let bound = InteractorRuntime(BoundForm())
  let binding = FormFieldAction.binding(.set(\.value, 2))
  let plain = FormFieldAction.set(1)
  let bindingSend = nanoseconds(iterations: n) { bound.send(binding) }
  precondition(bound.state.value == 2, "the binding did not set the form's field")
  let plainFieldSend = nanoseconds(iterations: n) { bound.send(plain) }
  precondition(bound.state.value == 1, "the plain action did not set the form's field")
  report("form send, binding", bindingSend, " ns")
  report("form send, plain action", plainFieldSend, " ns")
  report("ratio binding/plain action", bindingSend / plainFieldSend)
  let watched = InteractorRuntime(WatchedCount())
  watched.addObserver { sink &+= $0.value }
  let watchedSend = nanoseconds(iterations: n) { watched.send(.increment) }
  report("uno send, onChange of the field", watchedSend, " ns")
  report("ratio onChange/plain send", watchedSend / unoSend)

  // 1b. The same send while the runtime records (`record(limit:)`): every change kept in a ring
  // of 10,000, full after the first round.
  let recorded = InteractorRuntime(CountInteractor())
  recorded.addObserver { sink &+= $0.value }
  recorded.record(limit: 10_000)
  let recordingSend = nanoseconds(iterations: n) { recorded.send(.increment) }
  precondition(recorded.recording?.entries.count == 10_000, "the recording kept the wrong number of entries")
  report("uno send, recording", recordingSend, " ns")
  report("ratio uno send recording/not recording", recordingSend / unoSend)

  inspectionRows(n: n)

  // 2. A send through a ViewModel with a ViewStateReducer.
  let viewModel = makeCountViewModel()
  report(
    "viewmodel send with reducer", nanoseconds(iterations: n) { viewModel.sendViewEvent(.increment) }, " ns")
  // 2b. The same send while a view observes, and draws again after each change: one that reads a
  // field (`viewModel.text`) against one that reads the whole view state.
  let fieldObserved = makeCountViewModel()
  let fieldView = ObservationCounter { _ = fieldObserved.text }
  let fieldSend = nanoseconds(iterations: n / 10) { fieldObserved.sendViewEvent(.increment) }
  let wholeObserved = makeCountViewModel()
  let wholeView = ObservationCounter { _ = wholeObserved.viewState }
  let wholeSend = nanoseconds(iterations: n / 10) { wholeObserved.sendViewEvent(.increment) }
  precondition(
    fieldView.count > 0 && fieldView.count == wholeView.count, "the views were not told of every change")
  report("viewmodel send, a view reading one field", fieldSend, " ns")
  report("viewmodel send, a view reading the whole view state", wholeSend, " ns")
  report("ratio viewmodel send field-observed/whole-observed", fieldSend / wholeSend)

  // 2c. One row of a 1,000-row list changed. With a view model per row, each row's view observing
  // its field, one observer is told; with every row view reading the list's view state, as before
  // child view models, all 1,000 are. The time of that send against the same send with one view
  // observing the whole list.
  let rowsList = makeListViewModel(count: 1_000)
  let rowViews = rowsList.scope(rows: \.rows, action: \.row).map { row in ObservationCounter { _ = row.count }
  }
  let wholeList = makeListViewModel(count: 1_000)
  let readingTheList = (0..<1_000).map { index in ObservationCounter { _ = wholeList.viewState.rows[index] } }
  let rowChange = BenchListAction.row(.element(id: 500, action: .increment))
  rowsList.sendViewEvent(rowChange)
  wholeList.sendViewEvent(rowChange)
  report("observers told of a row change, view model per row", Double(rowViews.map(\.count).reduce(0, +)))
  report(
    "observers told of a row change, rows read from the list",
    Double(readingTheList.map(\.count).reduce(0, +)))
  let rowObservedSend = nanoseconds(iterations: n / 100) { rowsList.sendViewEvent(rowChange) }
  let oneObserverList = makeListViewModel(count: 1_000)
  let oneObserver = ObservationCounter { _ = oneObserverList.viewState }
  let oneObserverSend = nanoseconds(iterations: n / 100) { oneObserverList.sendViewEvent(rowChange) }
  precondition(oneObserver.count > 0 && rowViews[500].count > 1, "the row change was not observed")
  report("1k-row list send, every row observed", rowObservedSend, " ns")
  report("1k-row list send, one observer", oneObserverSend, " ns")
  report("ratio 1k-row send every row observed/one observer", rowObservedSend / oneObserverSend)

  // 3. Merge of 10, and When 10 deep.
  let merged = InteractorRuntime(MergeTen())
  let mergeSend = nanoseconds(iterations: n / 10) { merged.send(.increment) }
  report("merge10 send", mergeSend, " ns")
  report("ratio merge10/flat send", mergeSend / unoSend)
  let deep = InteractorRuntime(I10())
  let leafSend = nanoseconds(iterations: n / 10) { deep.send(concreteLeafAction) }
  let rootSend = nanoseconds(iterations: n / 10) { deep.send(.root) }
  report("when10 leaf send", leafSend, " ns")
  report("when10 root send", rootSend, " ns")
  report("ratio when10 leaf/flat send", leafSend / unoSend)
  report("ratio when10 root/flat send", rootSend / unoSend)
  // The floor: the same levels with static case types and concrete types (StaticWhenFloor.swift).
  // It must do the same work: the same actions leave the same state.
  let (floorCheck, whenCheck) = (InteractorRuntime(StaticI10()), InteractorRuntime(I10()))
  for action in [concreteLeafAction, .root, concreteLeafAction] {
    floorCheck.send(action)
    whenCheck.send(action)
  }
  precondition(floorCheck.state == whenCheck.state, "the static floor does not do what `when` does")
  let floor = InteractorRuntime(StaticI10())
  let floorSend = nanoseconds(iterations: n / 10) { floor.send(concreteLeafAction) }
  report("when10 leaf send, static floor", floorSend, " ns")
  report("ratio when10 static floor/flat send", floorSend / unoSend)
  // The floor with the case paths put back (CasePathWhenFloor.swift): what they alone cost.
  let casePathCheck = InteractorRuntime(CasePathI10())
  for action in [concreteLeafAction, .root, concreteLeafAction] { casePathCheck.send(action) }
  precondition(casePathCheck.state == whenCheck.state, "the case-path floor does not do what `when` does")
  let casePathFloor = InteractorRuntime(CasePathI10())
  let casePathFloorSend = nanoseconds(iterations: n / 10) { casePathFloor.send(concreteLeafAction) }
  report("when10 leaf send, static floor with case paths", casePathFloorSend, " ns")
  report("ratio when10 static floor with case paths/static floor", casePathFloorSend / floorSend)
  report("ratio when10 leaf/static floor with case paths", leafSend / casePathFloorSend)
  let generic = InteractorRuntime(whenTenDeep())
  let genericLeafSend = nanoseconds(iterations: n / 100) { generic.send(leafAction) }
  report("when10 leaf send, generic levels", genericLeafSend, " ns")

  // 3b. `when` without `stateAction`, and `forEach`: an action to one row must not cost more
  // with the length of the list.
  let sameDeep = InteractorRuntime(J10())
  let sameLeafSend = nanoseconds(iterations: n / 10) { sameDeep.send(sameActionLeafAction) }
  report("when10 leaf send, same-action form", sameLeafSend, " ns")
  report("ratio when10 leaf same-action/flat send", sameLeafSend / unoSend)
  let oneWhen = InteractorRuntime(J1())
  let oneWhenSend = nanoseconds(iterations: n / 10) { oneWhen.send(.inner(.increment)) }
  let oneWhenStateAction = InteractorRuntime(I1())
  let oneWhenStateActionSend = nanoseconds(iterations: n / 10) { oneWhenStateAction.send(.inner(.increment)) }
  report("when1 send, same-action form", oneWhenSend, " ns")
  report("when1 send, stateAction form", oneWhenStateActionSend, " ns")
  // A child with one dependency overridden (`.dependency(_:_:)`), against the same child without.
  let overridden = InteractorRuntime(J1WithDependency())
  let overriddenSend = nanoseconds(iterations: n / 10) { overridden.send(.inner(.increment)) }
  precondition(overridden.state.inner.value > 0, "the child with a dependency did not count")
  report("when1 send, child with one dependency overridden", overriddenSend, " ns")
  report("ratio when1 send dependency overridden/not", overriddenSend / oneWhenSend)
  let boundByHand = InteractorRuntime(J1WithBoundDependency())
  let boundByHandSend = nanoseconds(iterations: n / 10) { boundByHand.send(.inner(.increment)) }
  precondition(boundByHand.state.inner.value > 0, "the child bound by hand did not count")
  report("when1 send, child bound by hand (the override's floor)", boundByHandSend, " ns")
  report("ratio when1 send dependency overridden/its floor", overriddenSend / boundByHandSend)
  // The same action sent again and again to one row, for five rows spread over the list; the
  // figure is the median of the five. Finding an id costs what the process's random hashing seed
  // makes of its place in the ids' hash table: measured on one row only, one process in about
  // five found that row twice as slowly, which measured the seed, not the list.
  var rowSends: [Int: Double] = [:]
  for count in [10, 1_000] {
    let list = InteractorRuntime(BenchListInteractor(count: count))
    let perRow = (1...5).map { part in
      let action = BenchListAction.row(.element(id: count * part / 6, action: .increment))
      return nanoseconds(iterations: n / 50) { list.send(action) }
    }
    precondition(list.state.rows[id: count / 2]!.count > 0, "the row was not reached")
    rowSends[count] = perRow.sorted()[2]
    report("forEach row send, \(count) rows", rowSends[count]!, " ns")
  }
  report("ratio forEach row send 1000/10 rows", rowSends[1_000]! / rowSends[10]!)
  report("ratio forEach row send 1000 rows/when1", rowSends[1_000]! / oneWhenSend)
  // Every row running an effect: an action to the parent (not the list) and one to a row must
  // not cost more with the rows (the runtime checks, after each step, which rows are gone).
  var parentSends: [Int: Double] = [:]
  var busyRowSends: [Int: Double] = [:]
  for count in [10, 10_000] {
    let list = InteractorRuntime(BenchListInteractor(count: count))
    for id in 0..<count { list.send(.row(.element(id: id, action: .work))) }
    let rowAction = BenchListAction.row(.element(id: count / 2, action: .increment))
    parentSends[count] = nanoseconds(iterations: n / 100) { list.send(.touch) }
    busyRowSends[count] = nanoseconds(iterations: n / 100) { list.send(rowAction) }
    precondition(list.state.changes > 0 && list.state.rows[id: count / 2]!.count > 0, "nothing was sent")
    report("forEach, every row running an effect, \(count) rows: parent send", parentSends[count]!, " ns")
    report("forEach, every row running an effect, \(count) rows: row send", busyRowSends[count]!, " ns")
    list.cancelAllEffects()
  }
  report("ratio parent send, rows with effects 10000/10", parentSends[10_000]! / parentSends[10]!)
  report("ratio row send, rows with effects 10000/10", busyRowSends[10_000]! / busyRowSends[10]!)
  // A navigation stack: an action to the top screen must not cost more with the depth.
  var stackSends: [Int: Double] = [:]
  for depth in [1, 50] {
    let stack = InteractorRuntime(BenchStackInteractor(depth: depth))
    let action = BenchStackAction.path(.element(id: stack.state.path.ids.last!, action: .increment))
    stackSends[depth] = nanoseconds(iterations: n / 10) { stack.send(action) }
    precondition(stack.state.path.last!.count > 0, "the stack's top screen did not count")
    report("stack top screen send, \(depth) deep", stackSends[depth]!, " ns")
  }
  report("ratio stack top screen send 50/1 deep", stackSends[50]! / stackSends[1]!)
  // Removing a row (the first: the most to shift) whose effect runs, then adding it back.
  for (count, withEffect) in [(10, true), (1_000, true), (1_000, false)] {
    let list = InteractorRuntime(BenchListInteractor(count: count))
    let perRow = nanoseconds(iterations: 2_000, rounds: 5) {
      let id = list.state.rows.ids[0]
      if withEffect { list.send(.row(.element(id: id, action: .work))) }
      list.send(.remove(id))
      list.send(.add(id))
    }
    report(
      "forEach start effect, remove row, add it back, \(count) rows\(withEffect ? "" : ", no effect")",
      perRow / 1e3, " µs")
    list.cancelAllEffects()
  }

  // 4. A .perform round trip: spawn, send, state updated, finished.
  // Against its floor (Baselines.swift): start a task, hop to the main actor, resume the caller.
  let trips = InteractorRuntime(RoundTrip())
  let (trip, tripFloor) = await roundTripAgainstFloor(trips)
  report("perform round trip", trip, " ns")
  report("perform round trip floor", tripFloor, " ns")
  report("ratio perform round trip/floor", trip / tripFloor)

  // 5. 10,000 concurrent effects from one action.
  let many = await nanosecondsAsync(iterations: 1, rounds: 5) { await trips.send(10_000).finish() }
  report("10k concurrent effects", many / 1e6, " ms")

  // 6. A debounce burst: N actions, then the last one fires; per action, for bursts of 1,000,
  // 10,000 and 100,000 (a cost that grows with the burst is quadratic somewhere), against the
  // same burst of cancelInFlight restarts of one effect, which is what a debounce does.
  // The debounce with its clock given, beside them: the operator's own cost, without the read of
  // the clock dependency that `Debounce(for:)` makes on every action.
  var burstPerAction: [Int: Double] = [:]
  var restartPerAction: [Int: Double] = [:]
  for count in [1_000, 10_000, 100_000] {
    let debounced = InteractorRuntime(Debounced())
    let clocked = InteractorRuntime(DebouncedOnGivenClock())
    let restarted = InteractorRuntime(RestartedEffect())
    // Best of 3 for the longest burst (2 left its ratio to the shortest one the noisiest figure of
    // quick mode: 1.08-1.56 over seven runs on 2026-11-26), of 5 for the others. The two bursts
    // alternate, and each starts once every effect of the one before has returned (untimed): the
    // cancelled tasks a burst leaves to the pool no longer run into the next one's time.
    let rounds = count == 100_000 ? 3 : 5
    func timed(_ runtime: InteractorRuntime<Count, Step>) async -> Double {
      let start = ContinuousClock.now
      var last = EventTask.none
      for _ in 0..<count { last = runtime.send(.increment) }
      await last.finish()
      let elapsed = ContinuousClock.now - start
      await runtime.waitForAllEffects()
      return elapsed.inNanoseconds
    }
    var burst = Double.infinity
    var clockedBurst = Double.infinity
    var restarts = Double.infinity
    for _ in 0..<rounds {
      burst = min(burst, await timed(debounced))
      clockedBurst = min(clockedBurst, await timed(clocked))
      restarts = min(restarts, await timed(restarted))
    }
    precondition(
      debounced.state.value == rounds && clocked.state.value == rounds && restarted.state.value == rounds,
      "a burst did not end once")
    burstPerAction[count] = burst / Double(count)
    restartPerAction[count] = restarts / Double(count)
    if count == 10_000 { report("debounce burst of 10k", burst / 1e6, " ms") }
    report("debounce burst of \(count), per action", burst / Double(count), " ns")
    report("cancelInFlight restart, burst of \(count), per action", restarts / Double(count), " ns")
    report("ratio debounced action/cancelInFlight restart, burst of \(count)", burst / restarts)
    report(
      "ratio debounced action with its clock given/cancelInFlight restart, burst of \(count)",
      clockedBurst / restarts)
  }
  report("ratio debounce per action, burst 100k/1k", burstPerAction[100_000]! / burstPerAction[1_000]!)
  // The same growth of the restart alone: what the runtime's backlog of cancelled tasks adds to
  // a long burst, whatever operator starts them.
  report("ratio restart per action, burst 100k/1k", restartPerAction[100_000]! / restartPerAction[1_000]!)

  // 7. uno-host: lines per second and per-line latency, in process.
  let registry = try! makeRegistry()
  for feature in ["counter", "search"] {
    var written = 0
    let host = ProtocolHost(registry: registry) { _ in written &+= 1 }
    host.open(feature)
    let action =
      feature == "counter" ? #""increment""# : #"{"queryChanged":{"query":"smiling cat face"}}"#
    let line = Array(#"{"op":"send","session":1,"action":\#(action),"id":"r"}"#.utf8)
    var latencies: [Double] = []
    let count = feature == "counter" ? 100_000 : 20_000
    latencies.reserveCapacity(count)
    let start = ContinuousClock.now
    for _ in 0..<count {
      let before = ContinuousClock.now
      host.handle(line: line)
      let elapsed = ContinuousClock.now - before
      latencies.append(Double(elapsed.components.attoseconds) / 1e12)
    }
    let total = ContinuousClock.now - start
    let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
    latencies.sort()
    report("host \(feature) lines per second", Double(count) / seconds)
    report("host \(feature) latency p50", latencies[count / 2], " µs")
    report("host \(feature) latency p99", latencies[count * 99 / 100], " µs")
    host.closeAll()
  }

  // 8. The Search feature's live index: building it, and typical queries.
  let entries = UnicodeNameIndex.unicodeNames()
  var index: UnicodeNameIndex?
  let build = await nanosecondsAsync(iterations: 1, rounds: 3) { index = UnicodeNameIndex(entries: entries) }
  report("index entries", Double(entries.count))
  report("index build", build / 1e6, " ms")
  for query in ["grinning face", "latin small letter a", "smil cat", "arrow", "cjk 4e00", "zzz"] {
    let perQuery = nanoseconds(iterations: 200) { sink &+= index!.search(query, limit: 50).count }
    report("index query \"\(query)\"", perQuery / 1e3, " µs")
  }

  // 8b. Exploration (UnoTesting's `explore`) on Todos: steps a second for state-only actions (the
  // filter, opening and closing the editor: no effect), for every action (most start a save a
  // moment later, so each step also lets effects run), and the time to find and shrink a failure
  // about 30 steps deep (an invariant that breaks once the list holds 3 todos).
  func exploreTodos(
    runs: Int, steps: Int, excluding: @escaping (TodosAction) -> Bool = { _ in false },
    invariants: [Invariant<TodosState>]
  ) async -> (steps: Int, nanoseconds: Double, shrunk: (from: Int, to: Int)?) {
    var checked = 0
    let counting = Invariant<TodosState>("counted") { _ in
      checked += 1
      return true
    }
    let start = ContinuousClock.now
    // A failure is reported as an issue: outside a test, a line on standard error.
    let failure = await explore(
      TodosInteractor(), runs: runs, steps: steps, seed: 1, advances: [.zero], checks: [],
      excluding: excluding,
      allowingIssues: { _ in true },
      withDependencies: {
        $0.uuid = .incrementing
        $0.todosStore = .inMemory([])
      },
      invariants: [counting] + invariants)
    return (
      checked, (ContinuousClock.now - start).inNanoseconds,
      failure.map { ($0.originalLength, $0.actions.count) }
    )
  }
  let stateOnly = await exploreTodos(
    runs: 50, steps: 200,
    excluding: {
      switch $0 {
      case .filterPicked, .openEditor, .closeEditor: false
      default: true
      }
    }, invariants: [])
  report("explore Todos state-only steps per second", Double(stateOnly.steps) / stateOnly.nanoseconds * 1e9)
  let everyAction = await exploreTodos(runs: 10, steps: 100, invariants: [])
  report(
    "explore Todos every action steps per second", Double(everyAction.steps) / everyAction.nanoseconds * 1e9)
  let deepFailure = await exploreTodos(
    runs: 50, steps: 60, invariants: [Invariant("fewer than 3 todos") { $0.todos.count < 3 }])
  report("explore Todos find and shrink a failure ~30 steps deep", deepFailure.nanoseconds / 1e6, " ms")
  report("explore Todos failing run's steps before shrinking", Double(deepFailure.shrunk?.from ?? -1))
  report("explore Todos failing run's steps after shrinking", Double(deepFailure.shrunk?.to ?? -1))

  // 9. Shared state, last: while a shared value is alive, every runtime of the process tracks
  // shared values, which the workloads above must not pay for.
  // Reading a shared field in a step, against reading a plain field of the same state.
  let sharedCount = Shared(value: 1)
  // What tracking shared values costs a runtime that holds none: the runtime of "uno send",
  // again, now that a shared value exists (it starts tracking at its next step).
  let trackingSend = nanoseconds(iterations: n) { runtime.send(.increment) }
  report("uno send, tracking shared values", trackingSend, " ns")
  report("ratio uno send tracking/not tracking", trackingSend / unoSend)
  let reader = InteractorRuntime(BenchSharedInteractor(shared: sharedCount))
  reader.addObserver { state in sink &+= state.sink }
  let readShared = nanoseconds(iterations: n) { reader.send(.readShared) }
  let readPlain = nanoseconds(iterations: n) { reader.send(.readPlain) }
  precondition(reader.state.sink > 0, "the shared reads read nothing")
  report("send reading a shared field", readShared, " ns")
  report("send reading a plain field", readPlain, " ns")
  report("ratio shared/plain field read", readShared / readPlain)
  // The delivery's two ways of holding a runtime, side by side: one write seen by 1,000 runtimes
  // held through `swift_tryRetain` (the library's), against 1,000 held weakly (docs/architecture.md,
  // "Shared values", says which is kept and why).
  let (tryRetained, weak) = holderReferencesSideBySide()
  report("one shared write seen by 1000 runtimes, held weakly", weak / 1e3, " µs")
  report("one shared write seen by 1000 runtimes, held through swift_tryRetain", tryRetained / 1e3, " µs")
  report("ratio shared write to 1000 holders weak/tryRetain", weak / tryRetained)
  // One write seen by 1,000 runtimes that hold the value (each with an observer), against 1,000
  // plain state-only sends (the "uno send" above, measured before any shared value existed).
  let fanOutValue = Shared(value: 0)
  let holders = (0..<1_000).map { _ in InteractorRuntime(BenchSharedInteractor(shared: fanOutValue)) }
  var published = 0
  for holder in holders { holder.addObserver { state in published &+= state.shared } }
  // The baseline: one plain state-only send to each of the same runtimes (the same state, the same
  // observer, which reads the shared value), measured before the writes, while the value is 0, so
  // that the observers' sum below counts the writes only.
  let sameSends = withExtendedLifetime(holders) {
    nanoseconds(iterations: 200) { for holder in holders { holder.send(.readPlain) } }
  }
  // The holders must outlive the writes: an optimized build may release an array after its last use.
  let oneWrite = withExtendedLifetime(holders) {
    nanoseconds(iterations: 200) { fanOutValue.withLock { $0 += 1 } }
  }
  precondition(published == 1_000 * 200 * 7 * (1 + 200 * 7) / 2, "not every holder published every write")
  let plainSends = unoSend * 1_000
  report("one shared write seen by 1000 runtimes", oneWrite / 1e3, " µs")
  report("1000 plain sends", plainSends / 1e3, " µs")
  report("ratio shared write to 1000 holders/1000 sends", oneWrite / plainSends)
  report("one plain send to each of the same 1000 runtimes", sameSends / 1e3, " µs")
  report(
    "ratio shared write to 1000 holders/one send to each of the same 1000 runtimes", oneWrite / sameSends)
  report("one plain send to each of 1000 runtimes without shared values", spreadSends / 1e3, " µs")
  report(
    "ratio shared write to 1000 holders/one send to each of 1000 runtimes without shared values",
    oneWrite / spreadSends)
  // The same write with an observer of the reference (the Observation framework, as a view's body
  // reads it): tracked again before each write, as a view re-reads after each change.
  var observed = 0
  let observedWrite = withExtendedLifetime(holders) {
    nanoseconds(iterations: 200) {
      withObservationTracking {
        observed &+= fanOutValue.wrappedValue
      } onChange: {
      }
      fanOutValue.withLock { $0 += 1 }
    }
  }
  precondition(observed > 0, "the observer read nothing")
  report("one shared write seen by 1000 runtimes, observed", observedWrite / 1e3, " µs")
  report("ratio shared write to 1000 holders observed/not observed", observedWrite / oneWrite)

  // 10. Memory, in a fresh process: here, memory freed by the workloads above would be reused
  // and hide what the view models take.
  fflush(nil)  // flush every output stream, so that the child's lines come after ours
  let memory = Process()
  memory.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  memory.arguments = ["memory"]
  try? memory.run()
  memory.waitUntilExit()
  if sink == 42 { print("") }
}

/// Nanoseconds per shared write seen by 1,000 runtimes, for each way the
/// delivery can hold them (`SharedHolderReferences`), best of 7 rounds each. Each round makes its
/// set of runtimes, each holding a value of the round's own with an observer, and releases them
/// after: the table the delivery walks holds one set at a time.
@MainActor
func holderReferencesSideBySide() -> (tryRetained: Double, weak: Double) {
  var samples: [SharedHolderReferences: [Double]] = [:]
  var published = 0
  for _ in 0..<7 {
    for references in [SharedHolderReferences.weak, .tryRetained] {
      SharedHolderReferences.forNewRuntimes = references
      let value = Shared(value: 0)
      let holders = (0..<1_000).map { _ in InteractorRuntime(BenchSharedInteractor(shared: value)) }
      for holder in holders { holder.addObserver { state in published &+= 1 } }
      let write = withExtendedLifetime(holders) {
        nanoseconds(iterations: 200, rounds: 1) { value.withLock { $0 += 1 } }
      }
      samples[references, default: []].append(write)
    }
  }
  SharedHolderReferences.forNewRuntimes = .tryRetained
  precondition(published == 2 * 7 * 1_000 * 200, "not every holder published every write")
  return (samples[.tryRetained]!.min()!, samples[.weak]!.min()!)
}

/// Nanoseconds per `.perform` round trip of `trips` and per round trip of its floor
/// (`TaskRoundTripFloor`), measured alternately, best of 25 rounds each.
@MainActor
func roundTripAgainstFloor(_ trips: InteractorRuntime<Count, Int>) async -> (trip: Double, floor: Double) {
  let taskFloor = TaskRoundTripFloor()
  let before = (trips.state.value, taskFloor.value)
  var tripSamples: [Double] = []
  var floorSamples: [Double] = []
  // Many short rounds, alternated, so that both see the same machine and each has rounds that
  // nothing else disturbed: a round trip is three thread wake-ups, whose cost varies a lot here.
  for _ in 0..<25 {
    tripSamples.append(await nanosecondsAsync(iterations: 800, rounds: 1) { await trips.send(1).finish() })
    floorSamples.append(await nanosecondsAsync(iterations: 800, rounds: 1) { await taskFloor.roundTrip() })
  }
  precondition(
    trips.state.value - before.0 == taskFloor.value - before.1,
    "the floor does not do what the round trip does")
  return (tripSamples.min()!, floorSamples.min()!)
}

/// One workload alone, for a profiler: `UnoQuickBench profile <name> [iterations]`, e.g.
/// `valgrind --tool=callgrind .build/release/UnoQuickBench profile when10-leaf 2000`.
@MainActor
func profile(_ name: String, iterations: Int) async {
  var sink = 0
  switch name {
  case "send":
    let runtime = InteractorRuntime(CountInteractor())
    runtime.addObserver { sink &+= $0.value }
    for _ in 0..<iterations { runtime.send(.increment) }
  case "binding":
    let runtime = InteractorRuntime(BoundForm())
    let binding = FormFieldAction.binding(.set(\.value, 1))
    for _ in 0..<iterations { runtime.send(binding) }
  case "dependency-override":
    let runtime = InteractorRuntime(J1WithDependency())
    for _ in 0..<iterations { runtime.send(.inner(.increment)) }
  case "dependency-floor":
    let runtime = InteractorRuntime(J1WithBoundDependency())
    for _ in 0..<iterations { runtime.send(.inner(.increment)) }
  case "on-change":
    let runtime = InteractorRuntime(WatchedCount())
    for _ in 0..<iterations { runtime.send(.increment) }
  case "send-inspection-waiting":
    // A state-only send in a runtime whose session no connection follows.
    let runtime = InteractorRuntime(CountInteractor())
    runtime.addObserver { sink &+= $0.value }
    runtime._openInspection(in: DiscardingHub(), named: "count")
    for _ in 0..<iterations { runtime.send(.increment) }
  case "send-inspected":
    // A state-only send in a runtime whose session a connected hub follows.
    let hub = DiscardingHub()
    let runtime = InteractorRuntime(CountInteractor())
    runtime.addObserver { sink &+= $0.value }
    runtime._openInspection(in: hub, named: "count")
    hub.follow()
    for _ in 0..<iterations { runtime.send(.increment) }
  case "send-inspected-rows", "send-inspected-row":
    // A send on a state of 1,000 rows in a runtime whose session a connected hub follows, the
    // session's events handed over every 256 sends (quick mode's row 1c): one that changes the
    // counter, or (`-row`) a row.
    let hub = DiscardingHub()
    let runtime = InteractorRuntime(RowsAndCountInteractor())
    runtime.addObserver { sink &+= $0.count }
    runtime._openInspection(in: hub, named: "rows")
    hub.follow()
    let action: RowsAndCountAction = name == "send-inspected-row" ? .bump : .increment
    for sent in 1...iterations {
      runtime.send(action)
      if sent & 255 == 0 { runtime._flushInspection() }
    }
  case "send-recording":
    let runtime = InteractorRuntime(CountInteractor())
    runtime.addObserver { sink &+= $0.value }
    runtime.record(limit: 1_000)
    for _ in 0..<iterations { runtime.send(.increment) }
  case "viewmodel":
    let viewModel = makeCountViewModel()
    for _ in 0..<iterations { viewModel.sendViewEvent(.increment) }
  case "viewmodel-field", "viewmodel-whole":
    let viewModel = makeCountViewModel()
    let view =
      name == "viewmodel-field"
      ? ObservationCounter { _ = viewModel.text } : ObservationCounter { _ = viewModel.viewState }
    for _ in 0..<iterations { viewModel.sendViewEvent(.increment) }
    sink &+= view.count
  case "viewmodel-rows":
    let list = makeListViewModel(count: 1_000)
    let rowViews = list.scope(rows: \.rows, action: \.row).map { row in ObservationCounter { _ = row.count } }
    let rowChange = BenchListAction.row(.element(id: 500, action: .increment))
    for _ in 0..<iterations { list.sendViewEvent(rowChange) }
    sink &+= rowViews[500].count
  case "merge10":
    let merged = InteractorRuntime(MergeTen())
    merged.addObserver { sink &+= $0.value }
    for _ in 0..<iterations { merged.send(.increment) }
  case "when10-leaf", "when10-root":
    let deep = InteractorRuntime(I10())
    let action = name == "when10-leaf" ? concreteLeafAction : .root
    for _ in 0..<iterations { deep.send(action) }
  case "when10-static":
    let deep = InteractorRuntime(StaticI10())
    for _ in 0..<iterations { deep.send(concreteLeafAction) }
  case "when10-case-paths":
    let deep = InteractorRuntime(CasePathI10())
    for _ in 0..<iterations { deep.send(concreteLeafAction) }
  case "when10-generic":
    let deep = InteractorRuntime(whenTenDeep())
    for _ in 0..<iterations { deep.send(leafAction) }
  case "foreach-row":
    let list = InteractorRuntime(BenchListInteractor(count: 1_000))
    for _ in 0..<iterations { list.send(.row(.element(id: 500, action: .increment))) }
  case "when10-same-action":
    let deep = InteractorRuntime(J10())
    for _ in 0..<iterations { deep.send(sameActionLeafAction) }
  case "roundtrip":
    let trips = InteractorRuntime(RoundTrip())
    for _ in 0..<iterations { await trips.send(1).finish() }
  case "roundtrip-ratio":
    let (trip, floor) = await roundTripAgainstFloor(InteractorRuntime(RoundTrip()))
    report("perform round trip", trip, " ns")
    report("perform round trip floor", floor, " ns")
    report("ratio perform round trip/floor", trip / floor)
  case "debounce", "restart":
    // A burst of `iterations` actions to `Debounce(for: .zero)`, or of as many cancelInFlight
    // restarts of one effect, then the last one fires.
    if name == "debounce" {
      let debounced = InteractorRuntime(Debounced())
      var last = EventTask.none
      for _ in 0..<iterations { last = debounced.send(.increment) }
      await last.finish()
    } else {
      let restarted = InteractorRuntime(RestartedEffect())
      var last = EventTask.none
      for _ in 0..<iterations { last = restarted.send(.increment) }
      await last.finish()
    }
  case "roundtrip-floor":
    let floor = TaskRoundTripFloor()
    for _ in 0..<iterations { await floor.roundTrip() }
  case "form-binding", "form-plain":
    let form = InteractorRuntime(BoundForm())
    let action = name == "form-binding" ? FormFieldAction.binding(.set(\.value, 1)) : .set(1)
    for _ in 0..<iterations { form.send(action) }
  case "shared-read", "shared-plain-read":
    let reader = InteractorRuntime(BenchSharedInteractor(shared: Shared(value: 1)))
    reader.addObserver { state in sink &+= state.sink }
    let action: BenchSharedAction = name == "shared-read" ? .readShared : .readPlain
    for _ in 0..<iterations { reader.send(action) }
  case "shared-fanout":
    let value = Shared(value: 0)
    let holders = (0..<1_000).map { _ in InteractorRuntime(BenchSharedInteractor(shared: value)) }
    for holder in holders { holder.addObserver { state in sink &+= state.shared } }
    withExtendedLifetime(holders) {
      for _ in 0..<iterations { value.withLock { $0 += 1 } }
    }
  case "explore-todos":
    // Exploration's state-only steps on Todos, as quick mode measures them: 200 steps a run.
    await explore(
      TodosInteractor(), runs: max(1, iterations / 200), steps: 200, seed: 1, advances: [.zero],
      checks: [],
      excluding: { action in
        switch action {
        case .filterPicked, .openEditor, .closeEditor: false
        default: true
        }
      }, allowingIssues: { _ in true },
      withDependencies: {
        $0.uuid = .incrementing
        $0.todosStore = .inMemory([])
      })
  case "host-counter":
    let host = ProtocolHost(registry: try! makeRegistry()) { _ in sink &+= 1 }
    host.open("counter")
    for _ in 0..<iterations { host.handle(line: counterSendLine) }
    host.closeAll()
  default:
    print(
      "unknown workload '\(name)': send, viewmodel, merge10, when10-leaf, when10-root, when10-static, when10-case-paths, when10-generic, "
        + "when10-same-action, foreach-row, roundtrip, roundtrip-floor, debounce, restart, shared-read, shared-plain-read, shared-fanout, form-binding, form-plain, host-counter, "
        + "binding, on-change, send-recording, send-inspected, send-inspected-rows, send-inspected-row, send-inspection-waiting, dependency-override, dependency-floor, explore-todos"
    )
  }
  if sink == 42 { print("") }
}

/// Memory figures, measured by a process that does nothing else.
@MainActor
func measureMemory() {
  let before = residentBytes()
  var idle: [ViewModel<Step, Count, CountView>] = []
  idle.reserveCapacity(10_000)
  for _ in 0..<10_000 {
    idle.append(
      makeCountViewModel()
    )
  }
  let idleBytes = residentBytes() - before
  report("10k idle viewmodels", Double(idleBytes) / 1e6, " MB")
  report("bytes per idle viewmodel", Double(idleBytes) / 10_000)
  // The view models of 10,000 rows of one list (the list's own state measured apart), while the
  // idle view models are alive: memory they freed would stay with malloc, and hold the rows' for
  // free.
  let list = makeListViewModel(count: 10_000)
  let beforeRows = residentBytes()
  let rowViewModels = list.scope(rows: \.rows, action: \.row)
  let rowBytes = residentBytes() - beforeRows
  precondition(rowViewModels.count == 10_000)
  report("10k child viewmodels of one list", Double(rowBytes) / 1e6, " MB")
  report("bytes per child viewmodel", Double(rowBytes) / 10_000)

  idle = []
  let growthRuntime = InteractorRuntime(CountInteractor())
  for _ in 0..<100_000 { growthRuntime.send(.increment) }
  let settled = residentBytes()
  for _ in 0..<1_000_000 { growthRuntime.send(.increment) }
  report("rss growth over 1M actions", Double(residentBytes() - settled) / 1e3, " KB")
  withExtendedLifetime((list, rowViewModels)) {}
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "memory" {
  measureMemory()
} else if arguments.count == 2, arguments[1] == "inspection" {
  inspectionRows(n: 200_000)
} else if arguments.count >= 3, arguments[1] == "profile" {
  await profile(arguments[2], iterations: arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000)
} else {
  await main()
}
