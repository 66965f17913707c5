import ConcurrencyExtras

extension Emission {
  /// Gives every effect of this emission the identity `id`, so that a later action can cancel it
  /// with ``cancel(id:)-(HashableSendable)``.
  ///
  /// With `cancelInFlight`, effects already running with the same `id` are cancelled before this
  /// one starts: the classic "latest request wins".
  ///
  /// ```swift
  /// case .queryChanged(let query):
  ///   state.query = query
  ///   return .perform { _, send in
  ///     let results = try await client.search(query)
  ///     await send { $0.results = results }
  ///   }
  ///   .cancellable(id: SearchRequest.self, cancelInFlight: true)
  /// ```
  ///
  /// Ids are scoped to one ``InteractorRuntime``: two view models never cancel each other's
  /// effects. A cancelled effect's sends are dropped from the moment it is cancelled.
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value. A type (`SearchRequest.self`) makes a handy id.
  ///   - cancelInFlight: Whether to cancel running effects with the same id first.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = storage { return self }
    return Self(storage: .cancellable(id: AnyHashableSendable(id), cancelInFlight: cancelInFlight, self))
  }

  /// Gives every effect of this emission the identity `id`, whose `Hashable` conformance is
  /// main-actor isolated: an id declared in a module whose default isolation is `MainActor`.
  ///
  /// Behaves as ``cancellable(id:cancelInFlight:)-(HashableSendable,_)``; Swift picks this form
  /// where that one cannot take the id. An id is the same id whichever form its type takes.
  @MainActor @_disfavoredOverload
  public func cancellable<ID: Hashable>(id: ID, cancelInFlight: Bool = false) -> Self {
    cancellable(id: _MainActorHashable(id), cancelInFlight: cancelInFlight)
  }

  /// Gives every effect of this emission the identity of a type. See
  /// ``cancellable(id:cancelInFlight:)-(HashableSendable,_)``.
  public func cancellable(id: Any.Type, cancelInFlight: Bool = false) -> Self {
    cancellable(id: ObjectIdentifier(id), cancelInFlight: cancelInFlight)
  }

  /// Cancels every running effect with the identity `id`.
  ///
  /// Effects started by the same emission are not affected, wherever they appear in a
  /// ``merge(_:)-([Emission<State>])``: an action may cancel the old effect and start a new one with
  /// the same id.
  ///
  /// ```swift
  /// case .cancelButtonTapped:
  ///   state.isLoading = false
  ///   return .cancel(id: SearchRequest.self)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(storage: .cancel(id: AnyHashableSendable(id)))
  }

  /// Cancels every running effect with the identity `id`, whose `Hashable` conformance is
  /// main-actor isolated (an id declared in a module whose default isolation is `MainActor`).
  /// Behaves as ``cancel(id:)-(HashableSendable)``.
  @MainActor @_disfavoredOverload
  public static func cancel<ID: Hashable>(id: ID) -> Self {
    cancel(id: _MainActorHashable(id))
  }

  /// Cancels every running effect with the identity of a type. See ``cancel(id:)-(HashableSendable)``.
  public static func cancel(id: Any.Type) -> Self {
    cancel(id: ObjectIdentifier(id))
  }
}
