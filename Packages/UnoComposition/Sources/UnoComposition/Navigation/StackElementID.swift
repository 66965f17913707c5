import Dependencies
import Synchronization

/// The identity of one screen of a ``StackState``, given when the screen is added.
///
/// Ids only grow and are never reused, so an action addressed to a screen that was popped can
/// never reach a screen pushed later. They come from the ``StackElementIDGenerator`` dependency:
/// in a test, the first screen pushed is `0`, the next `1`, and so on, in every run, so a step
/// assertion can name them:
///
/// ```swift
/// await harness.send(.list(.rowTapped(id))) {
///   $0.path[id: 0] = .detail(DetailState(id: id))
/// }
/// ```
///
/// It is written, and encoded, as an integer: `0`, `{"id":0}`.
public struct StackElementID: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The id's number.
  public let rawValue: Int

  /// The id with the number `rawValue`.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }
}

/// Makes the ids of the screens pushed on a ``StackState``.
///
/// The live generator counts for the whole process, so ids never repeat however many stacks
/// there are; the test generator starts at `0` in each test. Override it to start elsewhere:
///
/// ```swift
/// withDependencies { $0.stackElementID = .incrementing(from: 100) } operation: { … }
/// ```
public struct StackElementIDGenerator: Sendable {
  private let next: @Sendable () -> StackElementID

  /// A generator that returns what `next` returns.
  public init(_ next: @escaping @Sendable () -> StackElementID) {
    self.next = next
  }

  /// The next id.
  public func callAsFunction() -> StackElementID { next() }

  /// A generator of `start`, `start + 1`, `start + 2`… of its own.
  public static func incrementing(from start: Int = 0) -> Self {
    let counter = Counter(start)
    return Self { StackElementID(rawValue: counter.value.add(1, ordering: .relaxed).oldValue) }
  }

  private final class Counter: Sendable {
    let value: Atomic<Int>
    init(_ start: Int) { value = Atomic(start) }
  }
}

extension StackElementIDGenerator: DependencyKey {
  public static var liveValue: Self { processWide }
  public static var testValue: Self { .incrementing() }

  private static let processWide = incrementing()
}

extension DependencyValues {
  /// Makes the ids of screens pushed on a ``StackState``; see ``StackElementIDGenerator``.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
