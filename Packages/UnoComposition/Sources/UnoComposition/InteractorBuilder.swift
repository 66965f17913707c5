import UnoCore

/// Builds an interactor from the interactors listed in a block.
///
/// Several children merge: each one handles every action, in order, seeing the state the previous
/// one left, and their emissions run together. `if`/`else`, `if` alone, `switch`, `for … in` and
/// `if #available` work as they do in SwiftUI:
///
/// ```swift
/// @InteractorBuilder<AppState, AppAction>
/// var body: some InteractorOf<Self> {
///   LoggingInteractor()
///   if isSearchEnabled {
///     SearchInteractor()
///   }
///   for plugin in plugins {
///     plugin
///   }
/// }
/// ```
///
/// The `@Interactor` macro adds this attribute to `body` for you.
///
/// ## Initial value
///
/// A block's `Interactor.initialValue` is its first child's. A child that may have none (an
/// `if` whose condition was false, an empty `for`, ``Empty``) defers to the next one.
@resultBuilder
@MainActor
public enum InteractorBuilder<State: Sendable, Action: Sendable> {
  /// An interactor written in the block, as it is.
  @inlinable
  public static func buildExpression<I: Interactor<State, Action>>(_ interactor: I) -> I {
    interactor
  }

  /// An empty block: ``Empty``, which leaves the state and emits nothing.
  @inlinable
  public static func buildBlock() -> Empty<State, Action> {
    Empty()
  }

  /// The first interactor of a block, as it is.
  @inlinable
  public static func buildPartialBlock<I: Interactor<State, Action>>(first: I) -> I {
    first
  }

  /// The interactors of a block so far and the next one, merged: each action reaches both, in
  /// the order they are written (``Merge``).
  @inlinable
  public static func buildPartialBlock<I0: Interactor<State, Action>, I1: Interactor<State, Action>>(
    accumulated: I0, next: I1
  ) -> Merge<I0, I1> {
    Merge(accumulated, next)
  }

  /// An `if` without `else`: its interactor when the condition held, else none
  /// (``OptionalInteractor``).
  @inlinable
  public static func buildOptional<I: Interactor<State, Action>>(_ wrapped: I?) -> OptionalInteractor<I> {
    OptionalInteractor(wrapped)
  }

  /// The first branch of an `if`/`else` or a `switch` (``ConditionalInteractor``).
  @inlinable
  public static func buildEither<First: Interactor<State, Action>, Second: Interactor<State, Action>>(
    first: First
  ) -> ConditionalInteractor<First, Second> {
    .first(first)
  }

  /// The second branch of an `if`/`else` or a `switch` (``ConditionalInteractor``).
  @inlinable
  public static func buildEither<First: Interactor<State, Action>, Second: Interactor<State, Action>>(
    second: Second
  ) -> ConditionalInteractor<First, Second> {
    .second(second)
  }

  /// The interactors a `for` loop made, merged in order (``MergeMany``).
  @inlinable
  public static func buildArray<I: Interactor<State, Action>>(_ interactors: [I]) -> MergeMany<I> {
    MergeMany(interactors)
  }

  /// An interactor inside `if #available`, erased so that the block's type does not name a
  /// type that may be unavailable (`AnyInteractor`).
  @inlinable
  public static func buildLimitedAvailability<I: Interactor<State, Action>>(
    _ interactor: I
  ) -> AnyInteractor<State, Action> {
    AnyInteractor(interactor)
  }

  /// The block's interactor, as it is.
  @inlinable
  public static func buildFinalResult<I: Interactor<State, Action>>(_ interactor: I) -> I {
    interactor
  }
}
