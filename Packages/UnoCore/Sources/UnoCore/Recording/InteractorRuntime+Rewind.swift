// Rewind: the state set back to one a recording kept, as a change of its own, so that nothing
// is lost (the recording keeps the rewind as an entry, and the entries before it).
extension InteractorRuntime {
  /// Sets the state to `state` (one a ``Recording`` kept, typically) as a change of its own:
  /// observers are told (``StateChangeSource/rewind``), the change printer prints it, a recording
  /// keeps it as an entry of kind ``Recording/Entry/Kind/rewind``, and the child scopes that
  /// `state` no longer has are ended with their effects.
  ///
  /// ```swift
  /// let recording = runtime.recording!
  /// runtime.rewind(to: recording.entries[3].state)   // back to the state after entry 3
  /// ```
  ///
  /// Effects still running (those of scopes `state` still has, and the root's) keep running and
  /// may write later, as they would after any change. Called while an action is being handled
  /// (from an observer), the rewind happens at once; actions queued meanwhile run after it.
  ///
  /// The shared values (``Shared``) `state` holds keep the values they have now: a state holds a
  /// reference to each, not its value. ``rewind(toRecordedEntry:)`` sets them back too.
  public func rewind(to state: State) {
    rewind(to: state, restoring: .empty)
  }

  /// ``rewind(to:)``, and the shared values of `shared` set back to the values it kept, in the
  /// same change: this runtime publishes them with the state (one entry of a recording), and the
  /// other holders are told right after, as after a step that wrote them.
  func rewind(to state: State, restoring shared: SharedSnapshot) {
    publishOutsideChange(.rewind, recordedAs: .rewind) {
      if let tracking = unretainedSharedTracking {
        let previous = ChangingRuntime.enter(self)
        shared.restore()
        SharedTracking.leaveChange(tracking, restoring: previous)
      } else {
        shared.restore()
      }
      if isChangingState { Self.stateUsedWhileChanging("rewound") }
      _state = state
      // The shared values the new state holds are not those of the old one.
      sharedTracking?.holdingsAreCurrent = false
    }
    if let tracking = unretainedSharedTracking, SharedTracking.hasDeferred(tracking) {
      deliverDeferredSharedChanges(tracking)
    }
  }
}
