import Observation
import Testing
import UnoComposition
import UnoPresentation

@MainActor
@Suite struct FieldObservationTests {
  @Test func aViewReadingTheTitleIsNotToldOfACountChange() {
    let viewModel = makeListViewModel()
    let title = Observed { _ = viewModel.title }
    let count = Observed { _ = viewModel.count }
    viewModel.sendViewEvent(.bump)
    #expect(title.told == 0)
    #expect(count.told == 1)
    viewModel.sendViewEvent(.setTitle("Groceries"))
    #expect(title.told == 1)
    #expect(viewModel.title == "Groceries")
  }

  @Test func aChangeThatLeavesTheFieldEqualTellsNobody() {
    let viewModel = makeListViewModel()
    let title = Observed { _ = viewModel.title }
    viewModel.sendViewEvent(.setTitle("Items"))  // the title it already has: no view-state change
    viewModel.sendViewEvent(.bump)  // a change, to another field
    #expect(title.told == 0)
    // Still observed: the next change of the title is told.
    viewModel.sendViewEvent(.setTitle("Groceries"))
    #expect(title.told == 1)
  }

  @Test func aFieldObservedAgainAfterItChangedIsToldAgain() {
    let viewModel = makeListViewModel()
    let count = Observed { _ = viewModel.count }
    viewModel.sendViewEvent(.bump)
    viewModel.sendViewEvent(.bump)  // not observed again yet: observation is once per read
    #expect(count.told == 1)
    count.track()
    viewModel.sendViewEvent(.bump)
    #expect(count.told == 2)
  }

  @Test func aNestedValueOrACollectionTellsItsOwnObserversNotItsSiblings() {
    let viewModel = makeListViewModel()
    let rows = Observed { _ = viewModel.rows }
    let editor = Observed { _ = viewModel.editor }
    let title = Observed { _ = viewModel.title }
    viewModel.sendViewEvent(.item(.element(id: 1, action: .toggle)))
    #expect((rows.told, editor.told, title.told) == (1, 0, 0))
    viewModel.sendViewEvent(.open(id: 2))
    rows.track()
    viewModel.sendViewEvent(.editor(.typed("item two")))
    #expect((rows.told, editor.told, title.told) == (1, 1, 0))
  }

  @Test func oneChangeOfTwoFieldsTellsEachOnceAndTheWholeStateToo() {
    let viewModel = makeListViewModel()
    let count = Observed { _ = viewModel.count }
    let note = Observed { _ = viewModel.note }  // not `Equatable`: told of every change
    let title = Observed { _ = viewModel.title }
    let whole = Observed { _ = viewModel.viewState }
    viewModel.sendViewEvent(.bump)
    #expect((count.told, note.told, title.told, whole.told) == (1, 1, 0, 1))
    #expect(viewModel.count == 1 && viewModel.note.text == "1")
    // One field and the whole state.
    count.track()
    whole.track()
    viewModel.sendViewEvent(.setTitle("Groceries"))
    #expect((count.told, note.told, title.told, whole.told) == (1, 1, 1, 2))
  }

  @Test func theWholeViewStateIsToldOfEveryChange() {
    let viewModel = makeListViewModel()
    let whole = Observed { _ = viewModel.viewState }
    viewModel.sendViewEvent(.bump)
    #expect(whole.told == 1)
    whole.track()
    viewModel.sendViewEvent(.setTitle("Groceries"))
    #expect(whole.told == 2)
    whole.track()
    viewModel.sendViewEvent(.setTitle("Groceries"))  // equal view state: nobody is told
    #expect(whole.told == 2)
  }

  @Test func aFieldThatIsNotEquatableIsToldOfEveryViewStateChange() {
    let viewModel = makeListViewModel()
    let note = Observed { _ = viewModel.note }
    viewModel.sendViewEvent(.setTitle("Groceries"))  // the note's text is unchanged
    #expect(note.told == 1)
  }

  @Test func anObserverThatReadsAgainWhileToldIsToldOfTheNextChange() {
    let viewModel = makeListViewModel()
    // As a view that draws at once: reads the field again while it is told.
    let count = Observed(again: true) { _ = viewModel.count }
    viewModel.sendViewEvent(.bump)
    viewModel.sendViewEvent(.bump)
    #expect(count.told == 2)
  }

  @Test func aFieldChangedByAnEffectTellsItsObserversOnly() async {
    let viewModel = makeListViewModel()
    let rows = Observed { _ = viewModel.rows }
    let title = Observed { _ = viewModel.title }
    await viewModel.sendViewEvent(.item(.element(id: 0, action: .renameLater("later")))).finish()
    #expect(viewModel.rows[0].name == "later")
    #expect((rows.told, title.told) == (1, 0))
  }

  @Test func past16FieldsEachFieldIsStillItsOwn() {
    // A view state of 20 fields (an array's elements, each read through its own key path): the
    // first sixteen fields a view model hands out are properties to the registrar, the rest
    // subscripts.
    let viewModel: DirectViewModel<Int, [Int]> = ViewModel(
      Array(repeating: 0, count: 20),
      Interact(initialValue: Array(repeating: 0, count: 20)) { state, index in
        state[index] += 1
        return .state
      }.eraseToAnyInteractor()
    )
    let fields = (0..<20).map { index in Observed { _ = viewModel[dynamicMember: \[Int].[index]] } }
    viewModel.sendViewEvent(18)
    viewModel.sendViewEvent(3)
    #expect(fields.map(\.told) == (0..<20).map { [3, 18].contains($0) ? 1 : 0 })
  }

  @Test func theStreamIsUnchanged() async {
    let viewModel = makeListViewModel()
    _ = viewModel.title  // a field read changes nothing for the stream
    var states = viewModel.viewStates.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    viewModel.sendViewEvent(.bump)
    viewModel.sendViewEvent(.setTitle("Groceries"))
    #expect(await states.next()?.count == 1)
    #expect(await states.next()?.title == "Groceries")
  }

  @Test func aBindingReadsTheFieldAndSendsItsChange() {
    let viewModel = makeListViewModel()
    let binding = viewModel.binding(\.title) { .setTitle($0) }
    let title = Observed { _ = binding.wrappedValue }
    #expect(binding.wrappedValue == "Items")
    binding.wrappedValue = "Groceries"
    #expect(viewModel.domainState.title == "Groceries")
    #expect(title.told == 1)
  }
}
