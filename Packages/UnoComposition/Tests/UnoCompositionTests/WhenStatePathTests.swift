import Testing
import UnoComposition

// `when(stateIs:)` reaches a child's state through its byte offset when the key path is a stored
// property, and through the key path otherwise. These tests pin both ways down with child states
// that hold references (so a wrong copy or a missed write-back would show), at a non-zero offset,
// behind two stored components, and behind a computed property.

struct Notes: Sendable, Equatable {
  var items: [String] = []
}

@CasePathable
enum NotesAction: Sendable {
  case add(String)
}

struct NotesInteractor: Interactor {
  var body: some Interactor<Notes, NotesAction> {
    Interact(initialValue: Notes()) { state, action in
      switch action {
      case .add(let item): state.items.append(item)
      }
      return .state
    }
  }
}

struct Shelf: Sendable, Equatable {
  var label = "shelf"
  var notes = Notes()
}

struct Holder: Sendable, Equatable {
  var title = "holder"
  var stored = Notes()
  var shelf = Shelf()
  var backing = Notes()
  var computed: Notes {
    get { backing }
    set { backing = newValue }
  }
  var heard: [String] = []
}

@CasePathable
enum HolderAction: Sendable {
  case stored(NotesAction)
  case shelved(NotesAction)
  case computed(NotesAction)
  case changed(Notes)
}

struct HolderInteractor: Interactor {
  var body: some Interactor<Holder, HolderAction> {
    Interact(initialValue: Holder()) { state, action in
      if case .changed(let notes) = action { state.heard.append(notes.items.joined(separator: ",")) }
      return .state
    }
    .when(stateIs: \.stored, actionIs: \.stored, stateAction: \.changed) { NotesInteractor() }
    .when(stateIs: \.shelf.notes, actionIs: \.shelved, stateAction: \.changed) { NotesInteractor() }
    .when(stateIs: \.computed, actionIs: \.computed, stateAction: \.changed) { NotesInteractor() }
  }
}

@MainActor
@Suite struct WhenStatePathTests {
  @Test func theStatePathsCoverBothWaysOfReachingTheChild() {
    #expect(MemoryLayout<Holder>.offset(of: \Holder.stored) != nil)
    #expect(MemoryLayout<Holder>.offset(of: \Holder.shelf.notes) != nil)
    #expect(MemoryLayout<Holder>.offset(of: \Holder.computed) == nil)
  }

  @Test func everyWayChangesTheChildInPlaceAndTheParentHearsTheNewState() {
    let runtime = InteractorRuntime(HolderInteractor())
    runtime.send(.stored(.add("a")))
    runtime.send(.shelved(.add("b")))
    runtime.send(.computed(.add("c")))
    runtime.send(.stored(.add("d")))
    runtime.send(.computed(.add("e")))
    #expect(runtime.state.stored.items == ["a", "d"])
    #expect(runtime.state.shelf.notes.items == ["b"])
    #expect(runtime.state.backing.items == ["c", "e"])
    #expect(runtime.state.title == "holder")
    #expect(runtime.state.shelf.label == "shelf")
    #expect(runtime.state.heard == ["a", "b", "c", "a,d", "c,e"])
  }

  @Test func aChildStateSharedWithACopyIsNotChangedThroughTheCopy() {
    let runtime = InteractorRuntime(HolderInteractor())
    runtime.send(.stored(.add("a")))
    let before = runtime.state
    runtime.send(.stored(.add("b")))
    runtime.send(.shelved(.add("c")))
    #expect(before.stored.items == ["a"])
    #expect(before.shelf.notes.items == [])
    #expect(runtime.state.stored.items == ["a", "b"])
  }
}
