import ConcurrencyExtras
import Dependencies
import Foundation
import Testing
import UnoArchitecture

extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<Item>> {
  fileprivate static var readerItems: Self { .fileStorage(URL(fileURLWithPath: "/data/reader-items.json")) }
}

struct ReadingState: Equatable, Sendable {
  @SharedReader(.inMemory("items")) var items: IdentifiedArrayOf<Item> = []
}

@MainActor
@Suite struct SharedReaderTests {
  @Test func aReaderFromAKeyOrAReferenceSeesEveryWrite() {
    @Shared(.inMemory("items")) var items: IdentifiedArrayOf<Item> = []
    let state = ReadingState()
    let reader = SharedReader($items)
    $items.withLock { $0.append(Item(id: 1, title: "One")) }
    #expect(state.items.map(\.title) == ["One"])
    #expect(reader.wrappedValue.count == 1)
    // Derived readers, like derived references.
    let count = reader.count
    $items.withLock { $0.append(Item(id: 2, title: "Two")) }
    #expect(count.wrappedValue == 2)
  }

  @Test func aRuntimeThatHoldsAReaderPublishesTheChanges() {
    @Shared(.inMemory("items")) var items: IdentifiedArrayOf<Item> = []
    let runtime = InteractorRuntime(
      initialState: ReadingState(),
      interactor: Interact<ReadingState, Int> { _, _ in .state })
    let seen = Publications(runtime) { $0.items.count }
    $items.withLock { $0.append(Item(id: 1, title: "One")) }
    #expect(seen.values == [1])
    #expect(seen.sources == [.sharedValue])
  }

  @Test func valuesStartWithTheValueNowAndSeeEachChangeOnceInOrder() async {
    let count = Shared(value: 0)
    var iterator = count.values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    for _ in 1...3 { count.withLock { $0 += 1 } }
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == 3)
  }

  @Test func writersOnManyThreadsAreSeenInOrderWithoutWaitingForTheReader() async {
    let count = Shared(value: 0)
    // Following from here: the writers below never wait for it to read.
    var iterator = count.values.makeAsyncIterator()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<1_000 { count.withLock { $0 += 1 } } }
      }
    }
    var seen: [Int] = []
    while let value = await iterator.next() {
      seen.append(value)
      if value == 4_000 { break }
    }
    // Every value once, in order.
    #expect(seen == Array(0...4_000))
  }

  @Test func valuesEndWhenTheTaskIsCancelled() async {
    let count = Shared(value: 0)
    let started = LockIsolated(false)
    let task = Task {
      var seen = 0
      for await _ in count.values {
        seen += 1
        started.setValue(true)
      }
      return seen
    }
    while !started.value { await Task.yield() }
    task.cancel()
    let seen = await task.value
    #expect(seen >= 1)
  }

  @Test func valuesOfARemovedElementEnd() async {
    @Shared(.inMemory("items")) var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "One")]
    guard let item = Shared($items[id: 1]) else { return #expect(Bool(false)) }
    var iterator = item.values.makeAsyncIterator()
    $items.withLock { $0[id: 1]?.title = "Uno" }
    $items.withLock { _ = $0.remove(id: 1) }
    var seen: [String] = []
    while let value = await iterator.next() { seen.append(value.title) }
    #expect(seen == ["One", "Uno"])
  }

  @Test func valuesOfAnElementAlreadyGoneEndAtOnce() async {
    @Shared(.inMemory("items")) var items: IdentifiedArrayOf<Item> = [Item(id: 1, title: "One")]
    guard let item = Shared($items[id: 1]) else { return #expect(Bool(false)) }
    $items.withLock { _ = $0.remove(id: 1) }
    var seen: [String] = []
    for await value in item.values { seen.append(value.title) }
    #expect(seen == [])
  }

  @Test func aKeyNamedOnceServesReferencesAndReaders() {
    // A test clock for the file's delayed save, which this test does not wait for.
    withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      @Shared(.readerItems) var items: IdentifiedArrayOf<Item> = []
      @SharedReader(.readerItems) var readOnly: IdentifiedArrayOf<Item> = []
      @SharedReader(.fileStorage(URL(fileURLWithPath: "/data/reader-items.json")))
      var sameFile: IdentifiedArrayOf<Item> = []
      $items.withLock { _ = $0.append(Item(id: 1, title: "One")) }
      #expect(readOnly.map(\.title) == ["One"])
      #expect(sameFile.map(\.title) == ["One"])
    }
  }
}
