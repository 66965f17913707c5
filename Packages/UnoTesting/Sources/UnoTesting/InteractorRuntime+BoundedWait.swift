@_spi(Internals) import UnoCore

extension InteractorRuntime {
  /// Waits, suspended, until no effect of this runtime runs or `timeout` has passed on `clock`,
  /// and returns whether every effect ended.
  ///
  /// The wait gives the main actor up: the effects' own writes, and any other work on it, run
  /// meanwhile. The harness's bounded waits (`waitForAllEffects(timeout:)`, `finish(timeout:)`)
  /// and the end of an exploration run use it.
  func waitForAllEffects(timeout: Duration, clock: any Clock<Duration>) async -> Bool {
    handlePostedActions()
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.waitForAllEffects()
        return true
      }
      group.addTask {
        try? await clock.sleep(for: timeout)
        return false
      }
      defer { group.cancelAll() }
      return await group.next() ?? false
    }
  }
}
