// Observers: who is told about every change, and the change printer (uno-host's `--trace`).
extension InteractorRuntime {
  /// Identifies an observer added with ``addObserver(_:)``.
  public struct ObserverID: Hashable, Sendable {
    let rawValue: Int
  }

  @usableFromInline
  struct Observer {
    let id: ObserverID
    @usableFromInline let onChange: @MainActor (State, StateChangeSource) -> Void
  }

  /// Calls `onChange` with the new state after every change, from actions and from effects.
  ///
  /// Observers are called in the order they were added, synchronously, on the main actor. An
  /// observer may send actions; they are queued (see ``send(_:)``).
  @discardableResult
  public func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> ObserverID {
    addObserver(withSource: { state, _ in onChange(state) })
  }

  /// Like ``addObserver(_:)``, and also says where each change came from: the action being
  /// handled, or an effect of an earlier action (identified by its ``EventTask/id``).
  ///
  /// `uno-host` uses it to tag every change with the request that caused it.
  @discardableResult
  public func addObserver(
    withSource onChange: @escaping @MainActor (State, StateChangeSource) -> Void
  ) -> ObserverID {
    nextObserverID += 1
    let id = ObserverID(rawValue: nextObserverID)
    observers.append(Observer(id: id, onChange: onChange))
    return id
  }

  /// Stops calling the observer `id`.
  public func removeObserver(_ id: ObserverID) {
    observers.removeAll { $0.id == id }
  }

  /// Tells every observer (and the recorder and the inspector's session, if any, with the time the step `began`) about the
  /// change a step made. (The change printer, if any, printed it in the step: see
  /// ``ChangeTrace``.)
  @inlinable @inline(__always)
  func publish(_ kind: StepKind, origin: Action, began: Duration?) {
    switch kind {
    case .action:
      if let recorder = recorderInStep { Self.append(to: recorder, .action, origin, _state, at: began) }
      if let session = inspectionLink.followed { Self.inspect(session, .action, origin, _state) }
      notifyObservers(.action)
    case .effect(let group):
      if let recorder = recorderInStep { Self.append(to: recorder, .effect, origin, _state, at: began) }
      if let session = inspectionLink.followed { Self.inspect(session, .effect, origin, _state) }
      notifyObservers(.effect(of: EventTask.ID(group)))
    }
  }

  /// Calls every observer with the state and where its change came from.
  @inlinable
  func notifyObservers(_ source: StateChangeSource) {
    let observers = self.observers
    for observer in observers { observer.onChange(state, source) }
  }
}

extension InteractorRuntime {
  // The step reaches its recorder through these, unretained (see ``recorderInStep``).
  // Nonisolated, so that the closures they give `_withUnsafeGuaranteedRef` do not check the main
  // actor's executor on entry, as a closure written in the runtime's main-actor code does.

  /// `recorder.elapsed()`, without retaining `recorder`.
  @inlinable
  nonisolated static func elapsed(of recorder: Unmanaged<Recorder>) -> Duration {
    recorder._withUnsafeGuaranteedRef { $0.elapsed() }
  }

  /// `recorder.append(…)`, without retaining `recorder`.
  @inlinable
  nonisolated static func append(
    to recorder: Unmanaged<Recorder>, _ kind: Recording<State, Action>.Entry.Kind, _ action: Action?,
    _ state: State, at began: Duration?
  ) {
    recorder._withUnsafeGuaranteedRef { $0.append(kind, action, state, at: began) }
  }
}
