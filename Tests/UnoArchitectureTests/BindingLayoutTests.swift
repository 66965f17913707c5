import Testing
import UnoArchitecture

// `BindingInteractor` finds the `binding` case by the enum's tag and takes its payload out in
// place; these are the layouts an action enum can have, and the fields a binding can set, each
// checked against what the binding should do.

final class Box: Sendable, Equatable {
  let id: Int
  init(id: Int) { self.id = id }
  static func == (lhs: Box, rhs: Box) -> Bool { lhs.id == rhs.id }
}

final class Counter: @unchecked Sendable {
  // Only read and written by one test's synchronous steps, never from two threads.
  var value = 0
}

struct LayoutState: Sendable, Equatable {
  struct Inner: Sendable, Equatable { var flag = false; var name = "" }
  var count = 0
  var inner = Inner()
  var observed = 0 { didSet { observedWrites += 1 } }
  var observedWrites = 0
  var doubled: Int {
    get { count * 2 }
    set { count = newValue / 2 }
  }
  var shared = SharedCounter()
  var box: Box?

  struct SharedCounter: Sendable, Equatable {
    let reference = Counter()
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.reference === rhs.reference }
  }
}

/// One case with a payload, so that the others are its extra inhabitants.
enum SinglePayloadAction: BindableAction {
  case binding(BindingAction<LayoutState>)
  case tapped
  case reset
}

/// Several payloads, one a class reference like the binding's, so that the tag may live in the
/// references' spare bits.
enum MultiPayloadAction: BindableAction {
  case box(Box)
  case text(String)
  case binding(BindingAction<LayoutState>)
  case number(Int)
  case tapped
}

enum IndirectCaseAction: BindableAction {
  case tapped(Int)
  indirect case binding(BindingAction<LayoutState>)
}

indirect enum IndirectEnumAction: BindableAction {
  case tapped(Int)
  case binding(BindingAction<LayoutState>)
}

enum GenericAction<Payload: Sendable>: BindableAction {
  case payload(Payload)
  case binding(BindingAction<LayoutState>)
}

@MainActor
@Suite struct BindingLayoutTests {
  func apply<Action: BindableAction>(
    _ action: Action, to state: LayoutState = LayoutState()
  )
    -> LayoutState where Action.State == LayoutState
  {
    var state = state
    _ = BindingInteractor<LayoutState, Action>().interact(state: &state, action: action)
    return state
  }

  func check<Action: BindableAction>(
    _: Action.Type, others: [Action], sourceLocation: SourceLocation = #_sourceLocation
  ) where Action.State == LayoutState {
    #expect(apply(Action.binding(.set(\.count, 7))).count == 7, sourceLocation: sourceLocation)
    #expect(
      apply(Action.binding(.set(\.inner.name, "x"))).inner.name == "x",
      sourceLocation: sourceLocation)
    let initial = LayoutState()
    for other in others {
      #expect(apply(other, to: initial) == initial, sourceLocation: sourceLocation)
    }
  }

  @Test func aSinglePayloadEnum() {
    check(SinglePayloadAction.self, others: [.tapped, .reset])
  }

  @Test func aMultiPayloadEnumWhoseTagMayShareTheReferencesBits() {
    let box = Box(id: 1)
    check(
      MultiPayloadAction.self,
      others: [.box(box), .text("a long string, not inline"), .number(-1), .tapped])
    // Nothing is retained or released one time too many: the box is still whole.
    #expect(box.id == 1)
  }

  @Test func anIndirectCaseAndAnIndirectEnumGoThroughTheirBox() {
    check(IndirectCaseAction.self, others: [.tapped(3)])
    check(IndirectEnumAction.self, others: [.tapped(3)])
  }

  @Test func aGenericEnum() {
    check(GenericAction<String>.self, others: [.payload("a")])
    check(GenericAction<Box>.self, others: [.payload(Box(id: 2))])
  }

  @Test func takingABindingOutRetainsAndReleasesItsValueInPairs() {
    weak var weakBox: Box?
    do {
      let box = Box(id: 3)
      weakBox = box
      var action: MultiPayloadAction? = .binding(.set(\.box, box))
      for _ in 0..<100 { #expect(apply(action!).box === box) }
      action = nil
      _ = action
      #expect(weakBox?.id == 3)
    }
    #expect(weakBox == nil)
  }

  @Test func eachKindOfField() {
    // A nested stored property, a property with an observer (which must run), a computed
    // property, and a property of a class reached through the state.
    #expect(apply(SinglePayloadAction.binding(.set(\.inner.flag, true))).inner.flag)
    let observed = apply(SinglePayloadAction.binding(.set(\.observed, 4)))
    #expect(observed.observed == 4)
    #expect(observed.observedWrites == 1)
    #expect(apply(SinglePayloadAction.binding(.set(\.doubled, 10))).count == 5)
    let state = LayoutState()
    _ = apply(SinglePayloadAction.binding(.set(\.shared.reference.value, 9)), to: state)
    #expect(state.shared.reference.value == 9)
  }
}
