extension Emission {
  /// Runs `emissions` one after the other: each starts once every effect of the one before it
  /// has finished.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return .concatenate(
  ///     .perform { state, _ in try await client.save(await state.draft) },
  ///     .perform { _, send in await send { $0.isSaved = true } }
  ///   )
  /// ```
  ///
  /// - The whole sequence belongs to the action's ``EventTask``: `finish()` returns once the last
  ///   part has finished, and cancelling the task stops the part that runs and starts no other.
  /// - A part whose effect is cancelled (by ``cancel(id:)-(HashableSendable)`` of an id it was made
  ///   cancellable with, or `cancelInFlight`) ends the sequence: the parts after it never start.
  ///   An id given to the whole sequence (`.concatenate(…).cancellable(id: id)`) cancels it at
  ///   whichever part it is.
  /// - A part's writes are steps like any effect's, in the order the parts run: observers, the
  ///   test harness and recordings see them in that order.
  /// - Each part starts after the step that returned the sequence has been published, so, as for
  ///   the emission returned by ``adopt(id:then:)``'s `then`, a part may start, cancel and adopt
  ///   effects but not change state: operator state (``withOperatorState(id:_:)``) in a part is
  ///   reported as an issue and skipped.
  ///
  /// An empty list, or one whose parts are all ``state``, runs nothing.
  public static func concatenate(
    _ emissions: [Self],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let parts = emissions.filter { !$0.isNone }
    switch parts.count {
    case 0: return .state
    case 1: return parts[0]
    default:
      let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
      return Self(storage: .concatenate(parts, callSite: callSite))
    }
  }

  /// Runs the emissions given one after the other. See ``concatenate(_:fileID:filePath:line:column:)-([Emission<State>],StaticString,StaticString,UInt,UInt)``.
  public static func concatenate(
    _ emissions: Self...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    .concatenate(emissions, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs `next` once every effect of this emission has finished. See
  /// ``concatenate(_:fileID:filePath:line:column:)-([Emission<State>],StaticString,StaticString,UInt,UInt)``.
  public func concatenate(
    with next: Self,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    .concatenate([self, next], fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
