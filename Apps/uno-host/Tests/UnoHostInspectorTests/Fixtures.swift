// Compiled with the `Host` trait only (Package.swift).
#if Host
  import UnoComposition
  import UnoPlugin
  import UnoPresentation

  // Features of the inspector's tests, beside the bundled ones: one whose changes do not all show
  // in its view state, and one that cannot be recorded.

  struct LedgerState: Sendable, Equatable, Codable {
    /// What the view shows.
    var balance = 0
    /// What no view shows.
    var audits = 0
  }

  @CasePathable
  enum LedgerAction: Sendable, Equatable, Codable {
    /// Changes nothing; starts an effect that counts an audit, then keeps running.
    case audit
    /// Adds one to the balance.
    case deposit
  }

  struct LedgerView: Sendable, Equatable, Codable {
    var balance: Int
  }

  let ledgerPlugin = FeaturePlugin(
    name: "ledger",
    summary: "A balance, and audits that no view shows.",
    actions: [
      .init(LedgerAction.audit, summary: "Counts an audit from an effect that keeps running."),
      .init(.deposit, summary: "Adds one to the balance."),
    ],
    makeViewModel: {
      let ledger = Interact<LedgerState, LedgerAction>(initialValue: LedgerState()) { state, action in
        switch action {
        case .audit:
          return .perform { _, send in
            await send { $0.audits += 1 }
            // Keeps the request running until the session closes (which cancels it).
            try await Task.sleep(for: .seconds(3_600))
          }
        case .deposit:
          state.balance += 1
          return .state
        }
      }
      return ViewModel(
        initialValue: LedgerView(balance: 0), ledger.eraseToAnyInteractor(),
        BuildViewState { LedgerView(balance: $0.balance) }.eraseToAnyViewStateReducer(),
        reportsReinitialization: false)
    }
  )

  /// A feature whose domain state is not `Codable`: its sessions cannot be recorded.
  struct TurnstileState: Sendable, Equatable {
    var passes = 0
  }

  enum TurnstileAction: Sendable, Equatable, Codable {
    case push
  }

  let turnstilePlugin = FeaturePlugin(
    name: "turnstile",
    summary: "Passes, counted in a state that cannot be recorded.",
    actions: [.init(TurnstileAction.push, summary: "Lets one through.")],
    makeViewModel: {
      ViewModel(
        initialValue: [0],
        Interact<TurnstileState, TurnstileAction>(initialValue: TurnstileState()) { state, _ in
          state.passes += 1
          return .state
        }.eraseToAnyInteractor(),
        BuildViewState { [$0.passes] }.eraseToAnyViewStateReducer(), reportsReinitialization: false)
    }
  )
#endif
