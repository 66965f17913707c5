/// How an exploration makes its feature's actions from choices: the action type's `Decodable`
/// conformance.
///
/// In a module whose default isolation is `MainActor` (a new Xcode project's setting), a team's
/// `enum Action: Decodable` conforms on the main actor, and Swift refuses such a conformance for a
/// type parameter that is also `Sendable` (SE-0470): `explore` generic over
/// `Action: Decodable & Sendable` cannot take it. So `explore` has a second form, generic over
/// `Action: Sendable` alone, which finds the conformance with a cast made on the main actor
/// (``found(for:)``), where one isolated to it is found; the first form takes it from its
/// signature (``init()``). Both explore with the one ``Explorer``.
///
/// Why sharing it is safe: its closure is a main-actor closure, run only there (the explorer is
/// main-actor isolated), where an isolated conformance may be used.
struct ActionDecoding<Action>: Sendable {
  /// Makes an action from `decoder` with the type's `Decodable` conformance.
  let decode: @MainActor (any Decoder) throws -> Action

  private init(decode: @escaping @MainActor (any Decoder) throws -> Action) {
    self.decode = decode
  }

  /// The conformance a generic signature gives.
  init() where Action: Decodable {
    self.init(decode: { try Action(from: $0) })
  }

  /// The type's conformance, found where this is called (on the main actor, where one isolated to
  /// it is found); `nil` when the type is not `Decodable`.
  @MainActor
  static func found(for type: Action.Type) -> Self? {
    guard type is any Decodable.Type else { return nil }
    return Self(decode: { decoder in
      // Found again on the main actor, where the conformance, isolated or not, is available; the
      // runtime caches the lookup.
      let decodable = Action.self as! any Decodable.Type
      return try decodable.init(from: decoder) as! Action
    })
  }
}
