import Dependencies
import Foundation
import IssueReporting

/// The interface of the Todos store: where the list is kept between sessions.
///
/// The live store (`TodosStoreLive`) is a JSON file in the host's data directory, written
/// atomically; tests use ``inMemory(_:)`` or override the endpoints; the test value fails any
/// test that reaches an endpoint it did not override, naming it.
nonisolated public struct TodosStore: Sendable {
  /// The saved list. Synchronous: a session opens with its list. Throws ``TodosStoreError`` when
  /// the saved data cannot be read.
  public var load: @Sendable () throws -> [Todo]
  /// Saves the whole list, replacing what was saved.
  public var save: @Sendable (_ todos: [Todo]) async throws -> Void

  /// A store from its two operations.
  public init(
    load: @escaping @Sendable () throws -> [Todo],
    save: @escaping @Sendable (_ todos: [Todo]) async throws -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// A store that keeps the list in memory, starting from `todos`; `saved` holds every list
  /// saved, for tests to check.
  public static func inMemory(
    _ todos: [Todo] = [], saved: LockIsolatedSaves = LockIsolatedSaves()
  ) -> TodosStore {
    saved.record(todos, asInitial: true)
    return TodosStore(
      load: { saved.latest },
      save: { todos in saved.record(todos, asInitial: false) }
    )
  }
}

/// The lists an in-memory store was given to save, in order (see ``TodosStore/inMemory(_:saved:)``).
nonisolated public final class LockIsolatedSaves: Sendable {
  private let storage = LockIsolated<(initial: [Todo], saves: [[Todo]])>(([], []))

  /// An empty record.
  public init() {}

  /// Every list saved, oldest first.
  public var saves: [[Todo]] { storage.value.saves }
  /// The last list saved, or the initial one.
  public var latest: [Todo] { storage.value.saves.last ?? storage.value.initial }

  func record(_ todos: [Todo], asInitial: Bool) {
    storage.withValue { value in
      if asInitial { value.initial = todos } else { value.saves.append(todos) }
    }
  }
}

/// Why the saved list could not be loaded. The message says what happened to the data.
public enum TodosStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file did not decode; it was moved aside to `keptAt`, untouched.
  case unreadable(reason: String, keptAt: String)
  /// The file could not be read (or moved aside), so it is left where it is, and nothing will be
  /// saved over it.
  case inaccessible(reason: String, path: String)

  public var description: String {
    switch self {
    case .unreadable(let reason, let keptAt):
      return
        "The saved todos could not be read (\(reason)). They were kept in \(keptAt); the list starts empty."
    case .inaccessible(let reason, let path):
      return
        "The saved todos at \(path) could not be read (\(reason)). Nothing will be saved over them until that is fixed."
    }
  }
}

nonisolated extension TodosStore: TestDependencyKey {
  /// Fails the test that loads or saves without overriding the store, naming the endpoint.
  public static let testValue = TodosStore(
    load: unimplemented("TodosStore.load", placeholder: []),
    save: unimplemented("TodosStore.save")
  )

  /// An in-memory store with three todos, for previews.
  public static var previewValue: TodosStore {
    .inMemory([
      Todo(id: UUID(), title: "Buy milk"),
      Todo(id: UUID(), title: "Walk the dog", isComplete: true),
      Todo(id: UUID(), title: "Call mum"),
    ])
  }
}

nonisolated extension DependencyValues {
  /// Where the Todos feature keeps its list (see ``TodosStore``).
  public var todosStore: TodosStore {
    get { self[TodosStore.self] }
    set { self[TodosStore.self] = newValue }
  }
}
