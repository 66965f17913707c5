import ConcurrencyExtras
import Dependencies
import Foundation
import Testing
import UnoArchitecture

// `.fileStorage` and writes made by someone else: in the in-memory file system every test gets, a
// test's own write to a file is such a write.

extension URL {
  fileprivate static let items = URL(fileURLWithPath: "/data/items.json")
}

struct StoredItemsState: Equatable, Sendable {
  @Shared(.fileStorage(.items)) var items: IdentifiedArrayOf<Item> = []
}

let storedItemsInteractor = Interact<StoredItemsState, Item>(initialValue: StoredItemsState()) {
  state, item in
  state.$items.withLock { _ = $0.append(item) }
  return .state
}

private func json(_ items: [Item]) throws -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return try encoder.encode(items)
}

private func decoded(_ data: Data?) throws -> [Item] {
  try data.map { try JSONDecoder().decode([Item].self, from: $0) } ?? []
}

@MainActor
@Suite struct FileSharingTests {
  @Test func aWriteBySomeoneElseIsLoadedAndPublishedAsASharedChange() async throws {
    @Dependency(\.sharedFileSystem) var files
    let runtime = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      InteractorRuntime(storedItemsInteractor)
    }
    let seen = Publications(runtime) { $0.items.map(\.title) }
    var values = runtime.state.$items.values.makeAsyncIterator()
    #expect(await values.next() == [])
    try files.write(json([Item(id: 1, title: "From elsewhere")]), .items)
    #expect(await values.next()?.map(\.title) == ["From elsewhere"])
    while seen.values.isEmpty { await Task.yield() }
    #expect(seen.values == [["From elsewhere"]])
    #expect(seen.sources == [.sharedValue])
  }

  @Test func aWriteElsewhereBeforeTheFirstSaveKeepsTheChangesNotSavedYet() async throws {
    @Dependency(\.sharedFileSystem) var files
    // No file yet, and a change not saved (the clock is never advanced): the other process's
    // first save must not replace it.
    let runtime = withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      InteractorRuntime(storedItemsInteractor)
    }
    runtime.send(Item(id: 1, title: "Mine"))
    var values = runtime.state.$items.values.makeAsyncIterator()
    #expect(await values.next()?.map(\.title) == ["Mine"])
    try files.write(json([Item(id: 2, title: "Theirs")]), .items)
    #expect(Set(await values.next()?.map(\.title) ?? []) == ["Mine", "Theirs"])
  }

  @Test func itsOwnSavesAreNotLoadedBack() async throws {
    @Dependency(\.sharedFileSystem) var files
    @Dependency(\.sharedStore) var store
    let clock = TestClock()
    let runtime = withDependencies {
      $0.continuousClock = clock
    } operation: {
      InteractorRuntime(storedItemsInteractor)
    }
    let seen = Publications(runtime) { $0.items.map(\.title) }
    runtime.send(Item(id: 1, title: "Mine"))
    await clock.advance(by: .milliseconds(100))
    await store.waitForSaves()
    #expect(try decoded(files.read(.items)).map(\.title) == ["Mine"])
    // A write by someone else after it: the one change from outside the runtime publishes.
    var values = runtime.state.$items.values.makeAsyncIterator()
    _ = await values.next()
    try files.write(json([Item(id: 1, title: "Mine"), Item(id: 2, title: "Theirs")]), .items)
    _ = await values.next()
    while seen.values.count < 2 { await Task.yield() }
    #expect(seen.sources == [.action, .sharedValue])
    #expect(seen.values.last == ["Mine", "Theirs"])
  }

  @Test func aSaveMergesWhatAnotherProcessSavedSince() async throws {
    @Dependency(\.sharedFileSystem) var files
    @Dependency(\.sharedStore) var store
    try files.write(json([Item(id: 1, title: "Both")]), .items)
    let clock = TestClock()
    // The other process's write is not seen before the save: no watch.
    let runtime = withDependencies {
      $0.continuousClock = clock
      $0.sharedFileSystem.watch = { _, _ in SharedSubscription {} }
    } operation: {
      InteractorRuntime(storedItemsInteractor)
    }
    try files.write(
      json([Item(id: 1, title: "Both, renamed there"), Item(id: 2, title: "Theirs")]), .items)
    runtime.send(Item(id: 3, title: "Mine"))
    await clock.advance(by: .milliseconds(100))
    await store.waitForSaves()
    let onDisk = try decoded(files.read(.items))
    #expect(onDisk.map(\.title) == ["Both, renamed there", "Theirs", "Mine"])
    // And the value in memory has the other process's changes.
    #expect(runtime.state.items.map(\.title) == ["Both, renamed there", "Theirs", "Mine"])
  }

  @Test func onAConflictOnOneFieldTheSavingProcessWins() async throws {
    @Dependency(\.sharedFileSystem) var files
    @Dependency(\.sharedStore) var store
    try files.write(json([Item(id: 1, title: "Start", notes: ["a"])]), .items)
    let clock = TestClock()
    let state = withDependencies {
      $0.continuousClock = clock
      $0.sharedFileSystem.watch = { _, _ in SharedSubscription {} }
    } operation: {
      StoredItemsState()
    }
    // Both change the title; only the other changes the notes; only this one removes nothing.
    try files.write(json([Item(id: 1, title: "Theirs", notes: ["a", "b"])]), .items)
    state.$items.withLock { $0[id: 1]?.title = "Mine" }
    await clock.advance(by: .milliseconds(100))
    await store.waitForSaves()
    #expect(try decoded(files.read(.items)) == [Item(id: 1, title: "Mine", notes: ["a", "b"])])
  }

  @Test func aRemovalOnOneSideIsKeptUnlessTheOtherChangedTheElement() async throws {
    @Dependency(\.sharedFileSystem) var files
    @Dependency(\.sharedStore) var store
    try files.write(json([Item(id: 1, title: "One"), Item(id: 2, title: "Two")]), .items)
    let clock = TestClock()
    let state = withDependencies {
      $0.continuousClock = clock
      $0.sharedFileSystem.watch = { _, _ in SharedSubscription {} }
    } operation: {
      StoredItemsState()
    }
    // They removed 2; this process removes 1.
    try files.write(json([Item(id: 1, title: "One")]), .items)
    state.$items.withLock { _ = $0.remove(id: 1) }
    await clock.advance(by: .milliseconds(100))
    await store.waitForSaves()
    #expect(try decoded(files.read(.items)) == [])
  }

  @Test func aCorruptWriteBySomeoneElseIsSetAsideAndTheValueStays() throws {
    @Dependency(\.sharedFileSystem) var files
    // The watch is told here, by the test, so that the reload and what it reports happen inside
    // the known-issue block (the in-memory file system's own watch tells on another task).
    let watchers = LockIsolated<[@Sendable () -> Void]>([])
    let state = withDependencies {
      $0.continuousClock = TestClock()
      $0.sharedFileSystem.watch = { _, onChange in
        watchers.withValue { $0.append(onChange) }
        return SharedSubscription {}
      }
    } operation: {
      StoredItemsState()
    }
    state.$items.withLock { _ = $0.append(Item(id: 1, title: "Kept")) }
    try files.write(Data("{ not json".utf8), .items)
    #expect(watchers.value.count == 1)
    withKnownIssue {
      for watcher in watchers.value { watcher() }
    } matching: {
      $0.description.contains("could not be decoded") && $0.description.contains("items.json.corrupt")
    }
    #expect(try files.read(.items) == nil)
    #expect(state.items.map(\.title) == ["Kept"])
    #expect(try files.read(URL(fileURLWithPath: "/data/items.json.corrupt")) == Data("{ not json".utf8))
  }
}
