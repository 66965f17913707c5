import Clocks
@_spi(Internals) import UnoCore

/// The sleeps of a harness's effects on its test clocks, by effect: what lets a step that waits
/// for a change know at once that none can come (every running effect sleeps on a test clock
/// nobody moves), and say until when each one sleeps.
final class EffectSleeps: Sendable {
  /// One sleep of an effect.
  struct Sleep: Sendable {
    let effect: RunningEffect
    /// Until when it sleeps, and where the clock is now, as the message shows them.
    let deadline: String
    let now: @Sendable () -> String
  }

  private let sleeps = Locked<(next: Int, sleeping: [Int: Sleep])>((0, [:]))

  /// Runs `sleep`, recorded as a sleep of the current effect until `deadline` (nothing is
  /// recorded outside an effect of the harness).
  func recording(
    until deadline: String, now: @escaping @Sendable () -> String,
    _ sleep: () async throws -> Void
  ) async throws {
    guard let effect = RunningEffect.current else { return try await sleep() }
    let id = sleeps.withLock { sleeps in
      sleeps.next += 1
      sleeps.sleeping[sleeps.next] = Sleep(effect: effect, deadline: deadline, now: now)
      return sleeps.next
    }
    defer { sleeps.withLock { _ = $0.sleeping.removeValue(forKey: id) } }
    try await sleep()
  }

  /// The sleeps now, the oldest first.
  var sleeping: [Sleep] {
    sleeps.withLock { $0.sleeping.sorted { $0.key < $1.key }.map(\.value) }
  }

  /// How many distinct effects sleep now.
  var sleepingEffects: Int {
    sleeps.withLock { Set($0.sleeping.values.map(\.effect.id)).count }
  }
}

/// swift-clocks' `TestClock` as a harness's effects see it, when the test installs one as a clock
/// dependency: the same clock, whose sleeps are recorded by effect (``EffectSleeps``).
final class ObservedTestClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant

  let base: TestClock<Duration>
  private let sleeps: EffectSleeps

  init(_ base: TestClock<Duration>, sleeps: EffectSleeps) {
    (self.base, self.sleeps) = (base, sleeps)
  }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let base = self.base
    try await sleeps.recording(
      until: "\(Instant().duration(to: deadline))", now: { "\(Instant().duration(to: base.now))" }
    ) {
      try await base.sleep(until: deadline, tolerance: tolerance)
    }
  }
}
