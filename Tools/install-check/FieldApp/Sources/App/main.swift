import CustomDump
import Dependencies
import UnoArchitecture

// `App`: sends to a row, a screen on the stack and a presented child, and prints the state; then
// sends to a row through a view model and prints its view state.
// `App issue`: sends an action to a row that does not exist, which the library reports as an
// issue (install-check runs it as a test process that does not link UnoArchitectureTesting).
MainActor.assumeIsolated {
  let runtime = InteractorRuntime(AppInteractor())
  if CommandLine.arguments.dropFirst().first == "issue" {
    runtime.send(.rows(.element(id: 99, action: .increment)))
    print("sent to a missing row")
    return
  }
  runtime.send(.rows(.element(id: 2, action: .increment)))
  runtime.send(.open)
  let screen = runtime.state.path.ids.last!
  runtime.send(.path(.element(id: screen, action: .detail(.rename("renamed")))))
  runtime.send(.showDetail)
  runtime.send(.detail(.close))
  var printed = ""
  customDump(runtime.state.rows.map(\.count), to: &printed)
  print("rows: \(printed)")
  if case .detail(let screen)? = runtime.state.path.last {
    print("screen: \(screen.title)")
  }
  print("detail closed: \(runtime.state.detail?.closed == true)")
  let viewModel = ViewModel(
    initialValue: AppViewState(), AppInteractor().eraseToAnyInteractor(),
    AppViewStateReducer().eraseToAnyViewStateReducer())
  viewModel.sendViewEvent(.rows(.element(id: 1, action: .increment)))
  print("view total: \(viewModel.viewState.total)")
}
