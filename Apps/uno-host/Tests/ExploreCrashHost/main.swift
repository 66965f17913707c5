// A host kit over two features for the tests of `explore` with a crash (HostEndToEndTests,
// ExploreCrashTests): `trap`, whose `fire` after `arm` then `load` stops the process with a
// precondition, and `safe-trap`, the same feature with the precondition's case handled.
#if Host
  import UnoCore
  import UnoHostKit
  import UnoPresentation

  struct TrapState: Codable, Equatable, Sendable {
    var armed = false
    var loaded = false
    var taps = 0
  }

  enum TrapAction: Codable, Equatable, Sendable {
    case arm
    case load
    case fire
    case tap
    case reset
  }

  struct Trap: Interactor {
    typealias DomainState = TrapState
    typealias Action = TrapAction
    let safe: Bool

    var body: some Interactor<TrapState, TrapAction> {
      Interact(initialValue: TrapState()) { [safe] state, action in
        switch action {
        case .arm:
          state.armed = true
        case .load:
          state.loaded = state.armed
        case .fire:
          if state.loaded && !safe {
            preconditionFailure("the trap fired while armed and loaded")
          }
          state.loaded = false
        case .tap:
          state.taps += 1
        case .reset:
          state = TrapState()
        }
        return .state
      }
    }
  }

  func trapPlugin(name: String, safe: Bool) -> FeaturePlugin {
    FeaturePlugin(
      name: name, summary: safe ? "The trap, safe." : "A trap that crashes after arm, load, fire.",
      actions: [.init(TrapAction.arm, summary: "Arms the trap.")],
      makeViewModel: {
        ViewModel(
          initialValue: TrapState(), AnyInteractor(Trap(safe: safe)),
          BuildViewState { $0 }.eraseToAnyViewStateReducer(), reportsReinitialization: false)
      })
  }

  await UnoHost.main(features: [
    trapPlugin(name: "trap", safe: false), trapPlugin(name: "safe-trap", safe: true),
  ])
#else
  import Foundation

  // Built without the `Host` trait, as `swift build` at the root builds every executable: there is
  // no host kit to run. The tests that use this host (HostEndToEndTests) are left out too.
  FileHandle.standardError.write(
    Data(
      """
      explore-crash-host was built without the Host trait. Build it with:
        swift build --traits Host --product explore-crash-host

      """.utf8))
  exit(2)
#endif
