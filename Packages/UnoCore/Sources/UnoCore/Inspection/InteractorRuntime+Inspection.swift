// A runtime's session with an inspector (`UnoInspection.connect(to:token:app:)`): opened when the
// runtime is made, if a hub is installed; each change, each effect's start and end and each
// effect failure handed to it. Without a hub, a step pays one check of an optional.
extension InteractorRuntime {
  /// Names this runtime's session in a connected inspector (docs/inspector.md, "Your own app"),
  /// or leaves the runtime out of it with `nil`.
  ///
  /// A session is named after the interactor's type by default (after its state's type when the
  /// runtime was given an `AnyInteractor`, as a view model's is). Call it where the runtime (or
  /// its view model, with `ViewModel.inspected(as:)`) is made; the session opened before is closed, and one with the new name
  /// opens. Without an inspector, it does nothing.
  ///
  /// ```swift
  /// let runtime = InteractorRuntime(CheckoutInteractor())
  /// runtime.inspect(as: "Checkout")
  /// ```
  public func inspect(as name: String?) {
    guard let inspection else { return }
    inspection.takeRetainedValue().closeNow()
    self.inspection = nil
    if let name { openInspection(feature: name) }
  }

  /// Opens this runtime's session, named after `type` (after the state's type when the interactor
  /// came erased, as a view model's does), in the installed hub.
  @usableFromInline
  func openInspection(named type: Any.Type) {
    let named = type == AnyInteractor<State, Action>.self ? State.self : type
    openInspection(feature: _typeName(named, qualified: false))
  }

  func openInspection(feature: String) {
    guard let hub = InspectionState.hub else { return }
    _openInspection(in: hub, named: feature)
  }

  // Nonisolated, as the recorder's (`InteractorRuntime+Observation.swift`): the closures given
  // `_withUnsafeGuaranteedRef` then do not check the main actor's executor on entry.

  /// `session.change(…)`, without retaining `session`.
  @inlinable
  nonisolated static func inspect(
    _ session: Unmanaged<InspectionSession<State, Action>>, _ kind: Recording<State, Action>.Entry.Kind,
    _ action: Action?, _ state: State
  ) {
    session._withUnsafeGuaranteedRef { $0.change(kind, action, state) }
  }

  /// Tells `session` that `effect` started.
  @usableFromInline
  static func inspectStart(of effect: EffectContext, in session: InspectionSession<State, Action>) {
    guard session.isFollowed else { return }
    session.append(
      .effectStarted(
        effect: effect.key, action: effect.action, callSite: effect.operation.callSite.description,
        elapsed: session.elapsed()))
  }
}

extension InspectionSession {
  /// An issue the library reported about this runtime (an effect's unhandled error).
  @MainActor
  func issue(_ message: String) {
    guard isFollowed else { return }
    append(.issue(message, elapsed: elapsed()))
  }
}

extension InteractorRuntime {
  /// Opens this runtime's session in `hub` rather than in the installed one, for a test of a hub
  /// (none need be installed): what `UnoInspection.connect` makes every runtime do.
  @_spi(Inspection) public func _openInspection(in hub: any _InspectionHub, named feature: String) {
    if let inspection { inspection.takeRetainedValue().closeNow() }
    let session = InspectionSession(runtime: self, feature: feature, hub: hub)
    inspection = Unmanaged.passRetained(session)
    hub.opened(session.inspected)
  }

  /// Tells this runtime's session, if it has one, that `viewModel`, a child view model of the
  /// runtime's view model (UnoPresentation's `ChildViewModel`), was made where `name` says: the
  /// inspector lists it under the session. `name` is made only then.
  @_spi(Inspection) public func _inspectionChildOpened(_ viewModel: AnyObject, name: () -> String) {
    guard let inspection else { return }
    inspection.takeUnretainedValue().childOpened(ObjectIdentifier(viewModel), name: name())
  }

  /// Tells this runtime's session that `viewModel` went (its part of the state did).
  @_spi(Inspection) public func _inspectionChildClosed(_ viewModel: AnyObject) {
    guard let inspection else { return }
    inspection.takeUnretainedValue().childClosed(ObjectIdentifier(viewModel))
  }

  /// Hands this runtime's pending inspection events to its hub now, rather than on the main
  /// actor's next turn, for a test.
  @_spi(Inspection) public func _flushInspection() {
    inspection?.takeUnretainedValue().flush()
  }
}
