import Dependencies

/// Which runtimes bind their dependency values around a step.
@usableFromInline
enum DependencyBinding {
  /// How many runtime steps with bound dependency values are under way on the main actor. While
  /// one is, every runtime binds its own, so that a runtime whose action is sent from inside
  /// another's step (by an observer) never sees the other's values.
  ///
  /// No dynamic exclusivity checks (read on every step): main-actor isolated, and every access is
  /// an instantaneous read or increment.
  @MainActor @exclusivity(unchecked) @usableFromInline static var depth = 0

  /// Whether `values` override any dependency, that is, were captured inside a
  /// `withDependencies` scope. Reads swift-dependencies' private `storage` by reflection, once per
  /// runtime; if a later version renames it, the answer is `true`: always binding is correct,
  /// only slower.
  static func overridesAnything(_ values: DependencyValues) -> Bool {
    for child in Mirror(reflecting: values).children where child.label == "storage" {
      if let storage = child.value as? [ObjectIdentifier: any Sendable] { return !storage.isEmpty }
    }
    return true
  }
}
