@_spi(Internals) import UnoCore

extension Interactor {
  /// Prints, in debug builds, every action this interactor handles with a diff of the state it
  /// caused, and every write of its effects with the action that started the effect.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   Interact(initialValue: State()) { state, action in ... }
  ///     ._printChanges()
  /// }
  /// ```
  ///
  /// ```
  /// received action:
  ///   CounterAction.incrementLater
  ///   (No state changes)
  /// effect of action:
  ///   CounterAction.incrementLater
  ///   CounterState(
  /// -   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// Output goes to `printer`: standard output by default, or anything you pass
  /// (`_ChangePrinter { text in ... }`). In release builds it prints nothing and costs nothing
  /// more than the interactor it wraps.
  ///
  /// - Parameter printer: Where the changes go.
  public func _printChanges(_ printer: _ChangePrinter = .standardOutput) -> _PrintChanges<Self> {
    _PrintChanges(base: self, printer: printer)
  }
}

/// An interactor that prints the changes of another. Made by
/// `Interactor._printChanges(_:)`.
public struct _PrintChanges<Base: Interactor>: Interactor {
  public typealias DomainState = Base.DomainState
  public typealias Action = Base.Action
  public typealias Body = Never

  let base: AnyInteractor<Base.DomainState, Base.Action>
  let printer: _ChangePrinter

  init(base: Base, printer: _ChangePrinter) {
    self.base = base.eraseToAnyInteractor()
    self.printer = printer
  }

  public var initialValue: DomainState { base.initialValue }

  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    #if DEBUG
      let before = (state, SharedSnapshot.capture(state))
      let emission = base.interact(state: &state, action: action)
      printer.printChange(
        action: action, .init(old: before.0, oldShared: before.1, new: state, newShared: .capture(state)))
      return traced(emission, origin: action)
    #else
      return base.interact(state: &state, action: action)
    #endif
  }

  /// `emission`, with every write of its effects (and of the effects those start) printed.
  private func traced(_ emission: Emission<DomainState>, origin: Action) -> Emission<DomainState> {
    guard !emission.isEmpty else { return emission }
    let printer = self.printer
    return emission.scope(
      childState: { $0 },
      withState: { state, body in self.traced(body(&state), origin: origin) }
    ) { state, send in
      let printingSend = Send<DomainState> { reduce in
        send.reduce { state in
          let before = (state, SharedSnapshot.capture(state))
          let emission = reduce(&state)
          printer.printChange(
            effectOf: origin,
            .init(old: before.0, oldShared: before.1, new: state, newShared: .capture(state)))
          return self.traced(emission, origin: origin)
        }
      }
      return (state, printingSend)
    }
  }
}
