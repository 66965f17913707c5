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
    /// Whether its clock has reached its deadline: it is being woken.
    let isDue: @Sendable () -> Bool
    /// What holds its clock, if it is swift-clocks' `TestClock`.
    let hold: ClockHold?
  }

  private let sleeps = Locked<(next: Int, sleeping: [Int: Sleep])>((0, [:]))
  /// The holds of the `TestClock`s the test installed.
  private let holds = Locked<[ClockHold]>([])

  /// Adds the hold of a `TestClock` the test installed.
  func register(_ hold: ClockHold) {
    holds.withLock { $0.append(hold) }
  }

  /// Holds the clocks of the sleeps being woken (``ClockHold``) while `isUnsettled()`.
  func holdClocksWaking(while isUnsettled: @escaping @Sendable () -> Bool) {
    let waking = sleeps.withLock { $0.sleeping.values.filter { $0.isDue() }.compactMap(\.hold) }
    for hold in waking { hold.hold(while: isUnsettled) }
  }

  /// Holds every `TestClock` the test installed while `isUnsettled()`.
  func holdEveryClock(while isUnsettled: @escaping @Sendable () -> Bool) {
    for hold in holds.withLock({ $0 }) { hold.hold(while: isUnsettled) }
  }

  /// Runs `sleep`, recorded as a sleep of the current effect until `deadline` (nothing is
  /// recorded outside an effect of the harness).
  func recording(
    until deadline: String, now: @escaping @Sendable () -> String,
    isDue: @escaping @Sendable () -> Bool,
    hold: ClockHold? = nil,
    _ sleep: () async throws -> Void
  ) async throws {
    guard let effect = RunningEffect.current else { return try await sleep() }
    let id = sleeps.withLock { sleeps in
      sleeps.next += 1
      sleeps.sleeping[sleeps.next] = Sleep(
        effect: effect, deadline: deadline, now: now, isDue: isDue, hold: hold)
      return sleeps.next
    }
    defer { sleeps.withLock { _ = $0.sleeping.removeValue(forKey: id) } }
    try await sleep()
  }

  /// The sleeps now, the oldest first.
  var sleeping: [Sleep] {
    sleeps.withLock { $0.sleeping.sorted { $0.key < $1.key }.map(\.value) }
  }

  /// How many distinct effects sleep now, not woken yet.
  var effectsAsleep: Int {
    sleeps.withLock { Set($0.sleeping.values.filter { !$0.isDue() }.map(\.effect.id)).count }
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
  private let hold: ClockHold

  init(_ base: TestClock<Duration>, sleeps: EffectSleeps) {
    (self.base, self.sleeps, self.hold) = (base, sleeps, ClockHold(base))
    sleeps.register(hold)
  }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let base = self.base
    try await sleeps.recording(
      until: "\(Instant().duration(to: deadline))", now: { "\(Instant().duration(to: base.now))" },
      isDue: { base.now >= deadline }, hold: hold
    ) {
      try await base.sleep(until: deadline, tolerance: tolerance)
    }
  }
}
