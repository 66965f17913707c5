@_spi(Internals) import UnoCore

@MainActor
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
@MainActor
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
      return printer.traceStep(&state, action: action) { base.interact(state: &$0, action: action) }
    #else
      return base.interact(state: &state, action: action)
    #endif
  }
}
