import Dependencies
import Testing

@testable import UnoCore

/// A runtime binds its dependency values around its steps only when they override something,
/// which it finds by reading swift-dependencies' private storage. If a release renames it, every
/// runtime falls back to binding (correct, but slower): this test fails that day, so that the
/// fallback is never taken without anyone knowing.
@Suite struct DependencyBindingTests {
  @Test func valuesThatOverrideNothingAreToldApartFromValuesThatDo() {
    #expect(DependencyBinding.overridesAnything(DependencyValues()) == false)
    let overridden = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      DependencyValues._current
    }
    #expect(DependencyBinding.overridesAnything(overridden) == true)
  }
}
