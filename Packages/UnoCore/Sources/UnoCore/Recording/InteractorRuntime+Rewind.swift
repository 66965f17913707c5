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
  public func rewind(to state: State) {
    publishOutsideChange(.rewind, recordedAs: .rewind) {
      _state = state
      // The shared values the new state holds are not those of the old one.
      sharedTracking?.holdingsAreCurrent = false
    }
  }
}
