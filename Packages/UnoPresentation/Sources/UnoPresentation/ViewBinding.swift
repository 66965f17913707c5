#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A two-way value for a view: it reads a field of a feature's domain state and writes it by
/// sending a binding action, so that every edit is an action like any other (traced, recorded,
/// tested). Made by ``ViewModel/binding(_:)``.
///
/// ```swift
/// let title = viewModel.binding(\.title)
/// title.wrappedValue                   // the domain state's title
/// title.wrappedValue = "Morning sync"  // sends .binding(.set(\.title, "Morning sync"))
/// ```
///
/// It is platform-neutral, so a test on Linux can drive it; where SwiftUI exists it converts to a
/// `SwiftUI.Binding` (`Binding(viewModel.binding(\.title))`) for a `TextField` or a `Stepper`.
@MainActor
public struct ViewBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The current value; setting it sends the change.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

extension ViewModel where Action: BindableAction, Action.State == DomainState {
  /// A two-way value for the domain state's field at `keyPath`: it reads the field, and writes it
  /// by sending `.binding(.set(keyPath, value))`.
  ///
  /// ```swift
  /// TextField("Title", text: Binding(viewModel.binding(\.title)))
  /// ```
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<DomainState, Value>
  ) -> ViewBinding<Value> {
    ViewBinding(
      get: { self.domainState[keyPath: keyPath] },
      set: { self.sendViewEvent(.binding(.set(keyPath, $0))) }
    )
  }
}

#if canImport(SwiftUI)
  extension Binding {
    /// A SwiftUI binding that reads and writes through `viewBinding`.
    @MainActor
    public init(_ viewBinding: ViewBinding<Value>) {
      self.init(get: { viewBinding.wrappedValue }, set: { viewBinding.wrappedValue = $0 })
    }
  }
#endif
