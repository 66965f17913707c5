import Foundation

/// The choices one step of an exploration makes (which action, which payload, which id), as a list
/// of numbers: drawn from a seeded generator while a run is made, read back when it is run again.
///
/// Every value is made from the choices alone, and the choice `0` makes the simplest value (the
/// first case, empty text, zero, `false`, `nil`, no elements, the first id the state holds), so
/// that shrinking a failing run is shrinking its numbers: a step whose choices are smaller makes a
/// simpler action, and a choice that is gone reads as `0`.
struct Choices {
  /// The choices made so far, in order.
  private(set) var made: [UInt64] = []
  /// The choices to read back, if any; past their end, `generator` draws (or `0` without one).
  private let given: [UInt64]
  private var generator: SplitMix64?

  /// Choices drawn from `generator`.
  init(drawingFrom generator: SplitMix64) {
    self.given = []
    self.generator = generator
  }

  /// The choices `given`, read back in order, then `0`s.
  init(replaying given: [UInt64]) {
    self.given = given
    self.generator = nil
  }

  /// The generator as it stands after the draws: the next step draws on from it.
  var remainingGenerator: SplitMix64? { generator }

  /// The next choice, below `bound` (at least 1).
  mutating func next(below bound: UInt64) -> UInt64 {
    let bound = max(bound, 1)
    let raw: UInt64
    if made.count < given.count {
      raw = given[made.count]
    } else if generator != nil {
      raw = generator!.next()
    } else {
      raw = 0
    }
    let value = raw % bound
    made.append(value)
    return value
  }
}

/// A small, fast generator of pseudo-random numbers with a seed: the same seed gives the same
/// numbers on every platform (SplitMix64, as Java's `SplittableRandom` and Hypothesis use it).
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
