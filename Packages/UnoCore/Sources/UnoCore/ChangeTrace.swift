/// Prints the changes of one state through a ``_ChangePrinter``: each step's, with the action
/// that made it, and each write of the effects that step started (and of the effects those
/// start), with the same action.
///
/// The one mechanism behind `Interactor._printChanges(_:)`, which traces one interactor's state
/// (a child's, anywhere in a tree, through ``_ChangePrinter/traceStep(_:action:_:)``), and
/// behind the `_changeTracer` dependency (uno-host's `--trace`), with which a runtime traces its
/// whole state: the runtime runs its interactor through ``step(_:action:_:)``, and prints the
/// changes no interactor makes (a shared value changed by another holder, a rewind) through
/// ``printOutsideChange(to:rewind:)``.
@usableFromInline
final class ChangeTrace<State: Sendable>: Sendable {
  let printer: _ChangePrinter
  /// The state of the last change printed, with the shared values it held then
  /// (``SharedSnapshot``: the state reads them live otherwise). Kept only for a runtime's whole
  /// state, where every change is either a step or an outside change, so that an outside change
  /// is printed against the state before it.
  private let last: Locked<(state: State, shared: SharedSnapshot)>?

  /// A trace of a state that changes only in the steps it runs (an interactor's, for
  /// `_printChanges`).
  init(printer: _ChangePrinter) {
    self.printer = printer
    self.last = nil
  }

  /// A trace of a runtime's whole state, starting from `initialState`.
  init(printer: _ChangePrinter, initialState: State) {
    self.printer = printer
    self.last = Locked((initialState, .capture(initialState)))
  }

  /// Runs one step (`body`, which handles `action`), prints its change, and returns its emission
  /// with every write of its effects printed too.
  func step<Action: Sendable>(
    _ state: inout State, action: Action, _ body: (inout State) -> Emission<State>
  ) -> Emission<State> {
    let before = (state, SharedSnapshot.capture(state))
    let emission = body(&state)
    printer.printChange(action: action, change(from: before, to: state))
    return traced(emission, origin: action)
  }

  /// Prints a change no interactor made: a shared value's (from another holder), or a rewind.
  @usableFromInline
  func printOutsideChange(to state: State, rewind: Bool) {
    guard let before = last?.withLock({ $0 }) else { return }
    let change = change(from: before, to: state)
    if rewind { printer.printRewind(change) } else { printer.printSharedChange(change) }
  }

  /// The change from `before` to `state`, remembered as the last one when this trace keeps it.
  private func change(
    from before: (State, SharedSnapshot), to state: State
  ) -> _ChangePrinter.Change<State> {
    let shared = SharedSnapshot.capture(state)
    last?.withLock { $0 = (state, shared) }
    return _ChangePrinter.Change(old: before.0, oldShared: before.1, new: state, newShared: shared)
  }

  /// `emission`, with every write of its effects (and of the effects those start) printed.
  private func traced<Action: Sendable>(_ emission: Emission<State>, origin: Action) -> Emission<State> {
    guard !emission.isEmpty else { return emission }
    return emission.scope(
      childState: { $0 },
      withState: { state, body in self.traced(body(&state), origin: origin) }
    ) { state, send in
      let printingSend = Send<State> { reduce in
        send.reduce { state in
          let before = (state, SharedSnapshot.capture(state))
          let emission = reduce(&state)
          self.printer.printChange(effectOf: origin, self.change(from: before, to: state))
          return self.traced(emission, origin: origin)
        }
      }
      return (state, printingSend)
    }
  }
}

extension _ChangePrinter {
  /// Runs one step of an interactor (`body`, which handles `action`), prints its change, and
  /// returns its emission with every write of its effects printed too: `_printChanges`.
  @_spi(Internals) public func traceStep<State: Sendable, Action: Sendable>(
    _ state: inout State, action: Action, _ body: (inout State) -> Emission<State>
  ) -> Emission<State> {
    ChangeTrace(printer: self).step(&state, action: action, body)
  }
}
