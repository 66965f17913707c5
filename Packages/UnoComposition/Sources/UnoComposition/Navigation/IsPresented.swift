import Dependencies

extension DependencyValues {
  /// Whether the feature reading it is presented: `true` inside a child presented by an optional
  /// `when` (a destination of an `@Interactor enum` included) or a screen of a navigation stack
  /// (`forEach` over a ``StackState``), in its `interact` and in its effects; `false` elsewhere.
  ///
  /// These are the presentations ``DismissEffect`` closes, so a feature can offer a close button
  /// only when there is something to close:
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// @Dependency(\.dismiss) var dismiss
  ///
  /// case .closeTapped:
  ///   guard isPresented else { return .state }
  ///   return .perform { _, _ in await dismiss() }
  /// ```
  ///
  /// The presenting operator sets it for its child with ``Interactor/dependency(_:_:)``, as a test
  /// or a parent may.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}
