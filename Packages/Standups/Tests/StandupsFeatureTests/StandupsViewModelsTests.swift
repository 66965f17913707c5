import Foundation
import StandupsFeature
import Testing
import UnoComposition
import UnoPresentation
import UnoTesting

/// The app drawn from view models as a SwiftUI navigation stack would: the list and the stack
/// from the app's, each pushed screen from its own, each form from its own.
@MainActor
@Suite struct StandupsViewModelsTests {
  let clock = TestClock()

  func makeViewModel() -> StandupsStackViewModel {
    StandupsAppInteractor.makeStackViewModel(withDependencies: { [clock] in
      $0.standupsFile = URL(fileURLWithPath: "/stack.json")
      $0.uuid = .incrementing
      $0.continuousClock = clock
      $0.date.now = now
      $0.speechClient = .silent
    })
  }

  /// Adds "Morning sync" (Blob Jr and Blob Sr) through the add form's view model.
  func addMorningSync(_ viewModel: StandupsStackViewModel) {
    viewModel.sendViewEvent(.list(.addTapped))
    let form = viewModel.addFormViewModel!
    form.titleBinding.wrappedValue = "Morning sync"
    form.sendViewEvent(.attendeeAdded(name: "Blob Jr"))
    form.sendViewEvent(.attendeeAdded(name: "Blob Sr"))
    #expect(form.attendees == ["1. ", "2. Blob Jr", "3. Blob Sr"])
    viewModel.sendViewEvent(.list(.saveAddTapped))
    #expect(!form.isAttached)
  }

  @Test func aStandupAddedThroughTheFormsViewModelOpensOnAScreenOfItsOwn() {
    let viewModel = makeViewModel()
    #expect(viewModel.addFormViewModel == nil)
    addMorningSync(viewModel)
    #expect(viewModel.list.map(\.summary) == ["Morning sync: 2 attendees, 5 min"])
    let path = ObservationCounter { _ = viewModel.pathBinding.wrappedValue }
    viewModel.sendViewEvent(.list(.standupTapped(id: id(0))))
    #expect(path.count == 1)
    let detail = viewModel.screenViewModels.first!
    #expect(detail.kind == "detail")
    #expect(detail.detail?.title == "Morning sync")
    #expect(detail.detail?.attendees == ["Blob Jr", "Blob Sr"])  // the blank one was dropped
  }

  @Test func eachScreenIsToldOnlyOfItsOwnChanges() {
    let viewModel = makeViewModel()
    addMorningSync(viewModel)
    viewModel.sendViewEvent(.list(.standupTapped(id: id(0))))
    let detail = viewModel.screenViewModels.first!
    let detailView = ObservationCounter { _ = (detail.detail, detail.form, detail.alert) }
    detail.sendViewEvent(.detail(.recordTapped))  // pushes the record screen, which starts
    let record = viewModel.screenViewModels.last!
    #expect(record.recording?.speaker == "Blob Jr (1 of 2)")
    let recordView = ObservationCounter { _ = record.recording }
    record.sendViewEvent(.record(.nextTapped))
    #expect(record.recording?.speaker == "Blob Sr (2 of 2)")
    #expect(recordView.count == 1)
    #expect(detailView.count == 0)
    // Back: the path binding pops the record screen, whose view model is detached.
    viewModel.pathBinding.wrappedValue = [detail]
    #expect(viewModel.screenViewModels.ids == [detail.viewState.id])
    #expect(!record.isAttached)
    #expect(record.recording?.speaker == "Blob Sr (2 of 2)")
    #expect(detailView.count == 0)
    #expect(detail.isAttached)
  }

  @Test func theEditFormOverADetailIsAViewModelOfItsOwn() {
    let viewModel = makeViewModel()
    addMorningSync(viewModel)
    viewModel.sendViewEvent(.list(.standupTapped(id: id(0))))
    let detail = viewModel.screenViewModels.first!
    #expect(detail.editFormViewModel == nil)
    detail.sendViewEvent(.detail(.editTapped))
    let form = detail.editFormViewModel!
    #expect(form.purpose == "Edit standup")
    let detailShown = ObservationCounter { _ = detail.detail }
    let formTitle = ObservationCounter { _ = form.title }
    form.titleBinding.wrappedValue = "Evening sync"
    form.minutesBinding.wrappedValue = 10
    // The form edits a draft: the detail behind it is unchanged until it is saved.
    #expect((formTitle.count, detailShown.count) == (1, 0))
    #expect(detail.detail?.title == "Morning sync")
    detail.sendViewEvent(.detail(.saveEditTapped))
    #expect(!form.isAttached)
    #expect(detailShown.count == 1)
    #expect(detail.detail?.title == "Evening sync")
    #expect(viewModel.list.map(\.summary) == ["Evening sync: 2 attendees, 10 min"])
  }

  @Test func theHostsViewStateIsTheTopScreenOfTheStacks() {
    // The host's view state and the stack's are made by the same code: the top screen agrees.
    let host = StandupsAppInteractor.makeViewModel(withDependencies: { [clock] in
      $0.standupsFile = URL(fileURLWithPath: "/host.json")
      $0.uuid = .incrementing
      $0.continuousClock = clock
      $0.speechClient = .silent
    })
    let stack = makeViewModel()
    // Each opens its standup on the screen id its own stack gives it.
    func editTheFirstStandup<ViewState>(
      _ viewModel: AnyViewModel<StandupsAppAction, ViewState>, topID: () -> StackElementID
    ) {
      viewModel.sendViewEvent(.list(.addTapped))
      viewModel.sendViewEvent(.list(.saveAddTapped))
      viewModel.sendViewEvent(.list(.standupTapped(id: id(0))))
      viewModel.sendViewEvent(.path(.element(id: topID(), action: .detail(.editTapped))))
    }
    editTheFirstStandup(host) { StackElementID(rawValue: host.screens.last!.id!) }
    editTheFirstStandup(stack) { stack.screenViewModels.ids.last! }
    let top = stack.viewState.path.last!
    #expect(top.form?.purpose == "Edit standup")
    #expect(host.top == top.kind)
    #expect(host.detail == top.detail)
    #expect(host.form == top.form)
    #expect(host.alert == top.alert)
  }
}
