import UnoRuntimeShims

/// How an inspection session times its events: the main actor reads the processor's tick counter
/// (`uno_ticks`, a third of the clock's cost on a virtual machine, where the clock was a fifth of
/// a connected send), and the batch converts ticks to seconds off the main actor, at the rate
/// measured between two readings of both the counter and the clock: the first when the process
/// first timed an event, the other at the conversion, so the rate grows more exact as the
/// process runs.
@usableFromInline
enum InspectionClock {
  /// The counter now.
  @inlinable
  static func ticks() -> UInt64 { uno_ticks() }

  /// The counter and the clock, read together when a session first needed them.
  static let origin = (ticks: uno_ticks(), nanoseconds: ContinuousNanoseconds.now())

  /// `ticks` (a difference of two readings of ``ticks()``) in seconds.
  static func seconds(ticks: UInt64) -> Double {
    let (nowTicks, now) = (uno_ticks(), ContinuousNanoseconds.now())
    let (spanTicks, span) = (nowTicks &- origin.ticks, now - origin.nanoseconds)
    // No tick since the origin: the counter is the clock itself (or no time passed).
    guard spanTicks > 0, span > 0 else { return Double(ticks) / 1e9 }
    return Double(ticks) * (Double(span) / Double(spanTicks)) / 1e9
  }
}
