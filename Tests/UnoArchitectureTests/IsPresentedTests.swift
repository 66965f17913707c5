import Testing
import UnoArchitecture
import UnoArchitectureTesting

/// Records what `isPresented` says in `interact` and in an effect.
struct ProbeState: Sendable, Equatable {
  var inInteract: Bool?
  var inEffect: Bool?
}

@CasePathable
enum ProbeAction: Sendable, Equatable {
  case probe
}

private func isPresentedNow() -> Bool {
  @Dependency(\.isPresented) var isPresented
  return isPresented
}

@Interactor<ProbeState, ProbeAction>
struct Probe: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: ProbeState()) { state, _ in
      state.inInteract = isPresentedNow()
      return .perform { _, send in
        let presented = isPresentedNow()
        await send { $0.inEffect = presented }
      }
    }
  }
}

@Interactor
enum ProbeScreen {
  case probe(Probe)
}
extension ProbeScreen.State: Equatable {}
extension ProbeScreen.Action: Equatable {}

struct PresentingState: Sendable, Equatable {
  var root = ProbeState()
  var plain = ProbeState()
  var sheet: ProbeState? = ProbeState()
  var destination: ProbeScreen.State? = .probe(ProbeState())
  var path = StackState<ProbeScreen.State>([.probe(ProbeState())])
}

@CasePathable
enum PresentingAction: Sendable, Equatable {
  case root
  case plain(ProbeAction)
  case sheet(ProbeAction)
  case destination(ProbeScreen.Action)
  case path(StackAction<ProbeScreen.State, ProbeScreen.Action>)
}

@Interactor<PresentingState, PresentingAction>
struct Presenting: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: PresentingState()) { state, action in
      guard case .root = action else { return .state }
      state.root.inInteract = isPresentedNow()
      return .perform { _, send in
        let presented = isPresentedNow()
        await send { $0.root.inEffect = presented }
      }
    }
    .when(stateIs: \.plain, actionIs: \.plain) { Probe() }
    .when(stateIs: \.sheet, actionIs: \.sheet) { Probe() }
    .when(stateIs: \.destination, actionIs: \.destination) { ProbeScreen() }
    .forEach(stateIs: \.path, actionIs: \.path) { ProbeScreen() }
  }
}

@MainActor
@Suite struct IsPresentedTests {
  @Test func trueInEachKindOfPresentationFalseElsewhere() async {
    let harness = await InteractorTestHarness(Presenting(), exhaustivity: .off)
    for action: PresentingAction in [
      .root, .plain(.probe), .sheet(.probe), .destination(.probe(.probe)),
      .path(.element(id: 0, action: .probe(.probe))),
    ] {
      await harness.send(action).finish()
    }
    let presented = ProbeState(inInteract: true, inEffect: true)
    let notPresented = ProbeState(inInteract: false, inEffect: false)
    harness.assert {
      $0.root = notPresented
      $0.plain = notPresented
      $0.sheet = presented
      $0.destination = .probe(presented)
      $0.path[id: 0] = .probe(presented)
    }
  }

  @Test func aTestCanSetItForAFeatureOnItsOwn() async {
    let harness = await InteractorTestHarness(Probe(), withDependencies: { $0.isPresented = true })
    await harness.send(.probe) { $0.inInteract = true }.finish()
    await harness.receive { $0.inEffect = true }
  }
}
