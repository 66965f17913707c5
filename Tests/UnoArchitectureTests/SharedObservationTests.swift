import ConcurrencyExtras
import Observation
import Testing
import UnoArchitecture

/// `Shared` and `SharedReader` are observable: what a `withObservationTracking` block (or a
/// SwiftUI view's `body`) read of them is tracked, and a change through any reference tells it.
@MainActor
@Suite struct SharedObservationTests {
  /// Whether reading `read` inside tracking, then running `change`, calls `onChange`.
  func tracks(_ read: () -> Void, when change: () -> Void) -> Bool {
    let changed = LockIsolated(false)
    withObservationTracking(read) { changed.setValue(true) }
    change()
    return changed.value
  }

  @Test func aReadIsTrackedAndAWriteThroughAnotherReferenceTellsIt() {
    @Shared(.inMemory("count")) var count = 0
    @Shared(.inMemory("count")) var sameCount = 0
    #expect(tracks({ _ = count }, when: { $sameCount.withLock { $0 += 1 } }))
  }

  @Test func derivedReferencesAndReadersAreTrackedToo() {
    @Shared(.inMemory("items")) var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "One")]
    guard let first = Shared($items[id: 1]) else { return #expect(Bool(false)) }
    let title = first.title
    let count = SharedReader($items).count
    #expect(tracks({ _ = title.wrappedValue }, when: { $items.withLock { $0[id: 1]?.title = "Uno" } }))
    #expect(tracks({ _ = count.wrappedValue }, when: { $items.withLock { _ = $0.remove(id: 1) } }))
  }

  @Test func anotherValueIsNotTracked() {
    @Shared(.inMemory("a")) var a = 0
    @Shared(.inMemory("b")) var b = 0
    #expect(!tracks({ _ = a }, when: { $b.withLock { $0 += 1 } }))
  }

  @Test func aRuntimesStepThatWritesTellsTheTracker() {
    let runtime = InteractorRuntime(countInteractor)
    #expect(tracks({ _ = runtime.state.count }, when: { runtime.send(.increment) }))
  }
}
