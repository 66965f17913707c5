import ConcurrencyExtras

/// What an ``Interactor`` returns after handling an action: nothing more to do, or effects to run.
///
/// An emission is a *description*. Returning one runs nothing; the ``InteractorRuntime`` that
/// called ``Interactor/interact(state:action:)`` runs its effects off the main actor, hands each
/// a ``DynamicState`` to read the latest state and a ``Send`` to write it, and tracks them in the
/// ``EventTask`` of the action.
///
/// ```swift
/// case .refresh:
///   state.isLoading = true
///   return .perform { state, send in
///     let items = try await client.fetch()
///     await send { $0.items = items; $0.isLoading = false }
///   }
/// ```
///
/// Emissions compose with ``merge(_:)-([Emission<State>])`` and can be given an identity with
/// ``cancellable(id:cancelInFlight:)-(HashableSendable,_)`` so that a later action can cancel them with
/// ``cancel(id:)-(HashableSendable)``.
public struct Emission<State: Sendable>: Sendable {
  @usableFromInline
  enum Storage: Sendable {
    case none
    case run(Operation)
    case merge([Emission])
    indirect case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Emission)
    case cancel(id: AnyHashableSendable)
    /// Effects that live only while `isAlive` holds for the runtime's state; see
    /// ``Emission/tied(to:while:)``.
    indirect case lifetime(
      id: AnyHashableSendable, isAlive: @MainActor @Sendable (State) -> Bool, group: LifetimeGroup<State>?,
      Emission)
    case operatorState(
      id: AnyHashableSendable, body: @MainActor @Sendable (inout State, inout (any Sendable)?) -> Emission)
    /// The newest live effect with `id` moves into this step's task, then `then` says what else
    /// to run; see ``Emission/adopt(id:then:)``.
    case adopt(id: AnyHashableSendable, then: @MainActor @Sendable (_ adopted: Bool) -> Emission)
    /// Parts run one after the other, each once the effects of the one before have finished;
    /// see ``Emission/concatenate(_:fileID:filePath:line:column:)-([Emission<State>],StaticString,StaticString,UInt,UInt)``.
    case concatenate([Emission], callSite: CallSite)
  }

  /// Holds a non-empty ``Storage``. The common emission, ``state``, is a nil box: creating,
  /// copying, testing and dropping it costs a pointer, with no generic enum layout to work out at
  /// run time (which is what made `send` slow before; see docs/performance.md).
  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let storage: Storage
    @usableFromInline init(_ storage: Storage) { self.storage = storage }
  }

  /// One unit of asynchronous work, and where it was written (for diagnostics).
  @usableFromInline
  struct Operation: Sendable {
    @usableFromInline enum Kind: Sendable { case perform, observe }

    @inlinable
    init(
      kind: Kind, priority: TaskPriority?, callSite: CallSite,
      work: @escaping @Sendable (DynamicState<State>, Send<State>) async throws -> Void
    ) {
      (self.kind, self.priorityValue, self.callSite, self.work) = (kind, priority?.rawValue, callSite, work)
    }

    @usableFromInline let kind: Kind
    /// The priority's raw value, not the `TaskPriority`: that type is resilient (the library
    /// that defines it may change its layout), which made every emission an enum of unknown
    /// layout, copied and destroyed through its value witnesses at a metadata lookup each.
    @usableFromInline let priorityValue: UInt8?
    @inlinable var priority: TaskPriority? { priorityValue.map(TaskPriority.init(rawValue:)) }
    @usableFromInline let callSite: CallSite
    @usableFromInline let work: @Sendable (DynamicState<State>, Send<State>) async throws -> Void
  }

  @usableFromInline let box: Box?

  /// What this emission holds.
  @usableFromInline var storage: Storage { box?.storage ?? .none }

  @inlinable init(storage: Storage) {
    if case .none = storage {
      self.box = nil
    } else {
      self.box = Box(storage)
    }
  }

  @inlinable init(box: Box?) { self.box = box }

  /// Nothing more to do: the state mutated by ``Interactor/interact(state:action:)`` is the
  /// result.
  @inlinable
  public static var state: Self { Self(box: nil) }

  /// One-shot asynchronous work that reads state through ``DynamicState`` and writes it through
  /// ``Send``.
  ///
  /// The work runs off the main actor. Prefer the mutation form of ``Send`` so that changes made
  /// by actions while the work was suspended are kept:
  ///
  /// ```swift
  /// return .perform { state, send in
  ///   let query = await state.query
  ///   let results = try await client.search(query)
  ///   await send { $0.results = results }
  /// }
  /// ```
  ///
  /// An error thrown out of `work` is reported together with the action that started it (see
  /// ``InteractorRuntime/init(initialState:interactor:onEffectFailure:)``); errors thrown
  /// because the effect was cancelled are not.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - fileID: Where the effect is written: an error it does not handle is reported there.
  ///   - filePath: The file, as a path, for the report.
  ///   - line: The line, for the report.
  ///   - column: The column, for the report.
  ///   - work: The work. It receives the live state and a way to send state back.
  @inlinable
  public static func perform(
    priority: TaskPriority? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ work: @escaping @Sendable (_ state: DynamicState<State>, _ send: Send<State>) async throws -> Void
  ) -> Self {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(storage: .run(Operation(kind: .perform, priority: priority, callSite: callSite, work: work)))
  }

  /// Long-running work, typically iterating an asynchronous sequence and sending state for each
  /// element.
  ///
  /// It runs exactly like ``perform(priority:fileID:filePath:line:column:_:)``; the name says that it lives until its
  /// sequence ends or it is cancelled, so the action's ``EventTask/finish(isolation:)`` waits that long.
  ///
  /// ```swift
  /// case .startListening:
  ///   return .observe { state, send in
  ///     for await location in locations.updates() {
  ///       await send { $0.location = location }
  ///     }
  ///   }
  ///   .cancellable(id: LocationUpdates.self, cancelInFlight: true)
  /// ```
  @inlinable
  public static func observe(
    priority: TaskPriority? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ work: @escaping @Sendable (_ state: DynamicState<State>, _ send: Send<State>) async throws -> Void
  ) -> Self {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(storage: .run(Operation(kind: .observe, priority: priority, callSite: callSite, work: work)))
  }

  /// Runs every emission in `emissions`, concurrently.
  ///
  /// Cancellations in any of them (``cancel(id:)-(HashableSendable)`` and `cancelInFlight`) apply before any of
  /// their new effects start, so an emission that cancels an id and starts a new effect with the
  /// same id keeps the new effect, whatever the order.
  @inlinable
  public static func merge(_ emissions: [Self]) -> Self {
    var first: Self?
    var count = 0
    for emission in emissions where !emission.isNone {
      count += 1
      if first == nil { first = emission }
    }
    switch count {
    case 0: return .state
    case 1: return first!
    case emissions.count: return Self(storage: .merge(emissions))
    default: return Self(storage: .merge(emissions.filter { !$0.isNone }))
    }
  }

  /// Runs every emission given, concurrently. See ``merge(_:)-([Emission<State>])``.
  @inlinable
  public static func merge(_ emissions: Self...) -> Self {
    .merge(emissions)
  }

  /// Runs this emission and `other`, concurrently.
  @inlinable
  public func merging(with other: Self) -> Self {
    switch (box, other.box) {
    case (nil, _): return other
    case (_, nil): return self
    default: return Self(storage: .merge([self, other]))
    }
  }

  /// Whether this is ``state``, the emission with nothing to run. Cheaper than ``isEmpty``.
  @inlinable
  var isNone: Bool {
    box == nil
  }

  /// Whether running this emission does nothing: no effect starts and nothing is cancelled.
  @inlinable
  public var isEmpty: Bool {
    isNone || hasNothingToRun
  }

  @usableFromInline
  var hasNothingToRun: Bool {
    switch storage {
    case .none: return true
    case .run, .cancellable, .cancel, .operatorState, .adopt: return false
    case .merge(let children): return children.allSatisfy(\.isEmpty)
    case .lifetime(_, _, _, let child): return child.isEmpty
    case .concatenate(let parts, _): return parts.allSatisfy(\.isEmpty)
    }
  }
}
