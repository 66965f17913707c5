/// Read access to the *latest* state from inside an effect.
///
/// Every read hops to the state's owner and returns the value at that moment, not the value when
/// the effect started:
///
/// ```swift
/// return .perform { state, send in
///   let page = await state.nextPage      // dynamic member lookup
///   let all = await state.current        // the whole state
///   ...
/// }
/// ```
@dynamicMemberLookup
public struct DynamicState<State: Sendable>: Sendable {
  @usableFromInline let read: @Sendable () async -> State

  /// Creates a dynamic state from a closure that returns the current state.
  ///
  /// ``InteractorRuntime`` makes the `DynamicState` that effects receive; scoping operators make
  /// derived ones.
  public init(_ read: @escaping @Sendable () async -> State) {
    self.read = read
  }

  /// The whole current state.
  @inlinable
  public var current: State {
    get async { await read() }
  }

  /// The value at `keyPath` of the current state.
  @inlinable
  public subscript<Value: Sendable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    get async { await read()[keyPath: keyPath] }
  }
}
