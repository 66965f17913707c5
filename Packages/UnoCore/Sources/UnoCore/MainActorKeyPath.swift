/// A key path into a team's state, held by a library value that must be `Sendable` (an operator
/// such as `when(stateIs:)`, an emission, a child's scope). You do not use this type directly.
///
/// In a module whose default isolation is `MainActor` (a new Xcode project's setting), a key path
/// to a property of the team's state is not `Sendable`: the property is main-actor isolated. So
/// the operators take plain key paths, and hold them in this box.
///
/// Why the box is safe to share: a key path is an immutable object, and the library applies the
/// key paths it holds only on the main actor: in `interact(state:action:)` and the steps of an
/// effect's `Send` (both main-actor isolated), in a binding's `set` (run by `BindingInteractor`'s
/// `interact`), and in the reads of a child's `DynamicState`, which run their key paths in a
/// main-actor closure. No key path leaves the main actor to be applied.
public struct _MainActorKeyPath<Path: AnyKeyPath>: Hashable, @unchecked Sendable {
  /// The key path.
  public let keyPath: Path

  /// Holds `keyPath`.
  @inlinable
  public init(_ keyPath: Path) {
    self.keyPath = keyPath
  }
}
