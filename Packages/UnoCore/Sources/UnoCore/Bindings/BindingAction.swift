/// A change of one field of a state to a new value: what a form's text field, stepper or picker
/// sends, so that a form needs no action case, handler and test per field.
///
/// ```swift
/// @CasePathable
/// enum FormAction: Equatable {
///   case binding(BindingAction<FormState>)
///   case saveTapped
/// }
/// extension FormAction: BindableAction {}
///
/// harness.send(.binding(.set(\.title, "Morning sync"))) { $0.title = "Morning sync" }
/// ```
///
/// A `BindingAction` is applied by `BindingInteractor` (in UnoComposition), in the step that
/// receives it, before the interactors after it in the builder hear it. It matches a key path in a
/// `switch`, to react to one field after it was set:
///
/// ```swift
/// case .binding(\.minutes):
///   state.minutes = max(1, state.minutes)
///   return .state
/// ```
///
/// Two binding actions are equal when they set the same field to equal values. From JSON (the
/// host, the terminal, MCP, recordings), a binding is `{"title":"Morning sync"}`, for a state that
/// names its bindable fields (``BindableState``).
public struct BindingAction<Root>: Sendable, Equatable, CustomStringConvertible {
  /// What the action holds, in one object: copying an action (every step passes it around) is
  /// then one retain, not one per field.
  @usableFromInline
  final class Storage: Sendable {
    let keyPath: _MainActorKeyPath<PartialKeyPath<Root>>
    let value: any Sendable
    @usableFromInline let set: @Sendable (inout Root) -> Void
    let isEqualValue: @Sendable (any Sendable) -> Bool

    @usableFromInline
    init(
      keyPath: _MainActorKeyPath<PartialKeyPath<Root>>, value: any Sendable,
      set: @escaping @Sendable (inout Root) -> Void,
      isEqualValue: @escaping @Sendable (any Sendable) -> Bool
    ) {
      (self.keyPath, self.value, self.set, self.isEqualValue) = (keyPath, value, set, isEqualValue)
    }
  }

  @usableFromInline let storage: Storage

  @usableFromInline
  init(storage: Storage) { self.storage = storage }

  /// The field this action sets.
  public var keyPath: PartialKeyPath<Root> { storage.keyPath.keyPath }
  /// The value it sets the field to.
  public var value: any Sendable { storage.value }

  /// An action that sets the field at `keyPath` to `value`.
  @inlinable
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    // Applied only on the main actor, by `BindingInteractor` (`_MainActorKeyPath` says why that
    // makes holding it safe): a key path into a main-actor-isolated state is not `Sendable`.
    let held = _MainActorKeyPath(keyPath)
    let set: @Sendable (inout Root) -> Void
    if let offset = MemoryLayout<Root>.offset(of: keyPath) {
      // A stored property held inline: written through its offset rather than through the key
      // path runtime, whose generic projection was most of a binding's cost. Sound because
      // `offset(of:)` is non-nil only for such a property, for which its documentation makes the
      // two accesses equivalent; the pointer does not outlive the write, and `root` is `inout`.
      set = { root in
        withUnsafeMutableBytes(of: &root) { bytes in
          bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee =
            value
        }
      }
    } else {
      set = { $0[keyPath: held.keyPath] = value }
    }
    return Self(
      storage: Storage(
        keyPath: _MainActorKeyPath(keyPath), value: value, set: set,
        isEqualValue: { ($0 as? Value) == value }))
  }

  /// An action that sets nothing, for `BindingInteractor` to find the `binding` case of an
  /// action by: not for use elsewhere.
  public static func _probe() -> Self {
    Self(
      storage: Storage(
        keyPath: _MainActorKeyPath(\Root.self), value: (), set: { _ in }, isEqualValue: { _ in false }))
  }

  /// Whether `other` is this very action (the same storage), not only an equal one.
  public func _isSameAction(as other: Self) -> Bool { storage === other.storage }

  /// Sets the field in `root`.
  @inlinable
  public func apply(to root: inout Root) {
    storage.set(&root)
  }

  /// Sets the field in `root` as the binding action at `payload` says, without retaining it: for
  /// `BindingInteractor`, which finds the action in place in a bitwise copy of the enum that holds
  /// it. `payload` must point to a `BindingAction` that something else keeps alive (that enum)
  /// until this returns.
  @inlinable
  public static func _apply(at payload: UnsafeRawPointer, to root: inout Root) {
    Unmanaged<Storage>.fromOpaque(payload.load(as: UnsafeRawPointer.self))._withUnsafeGuaranteedRef {
      $0.set(&root)
    }
  }

  /// Whether this action sets the field at `keyPath`: what a `case .binding(\.title)` pattern
  /// asks.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    (action.keyPath as PartialKeyPath<Root>) == (keyPath as PartialKeyPath<Root>)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as PartialKeyPath<Root>) == (rhs.keyPath as PartialKeyPath<Root>)
      && lhs.storage.isEqualValue(rhs.value)
  }

  /// `.set(\State.field, value)`.
  public var description: String {
    ".set(\(String(reflecting: keyPath)), \(String(reflecting: value)))"
  }
}

/// An action with a case that carries a ``BindingAction`` of the feature's state, so that a view
/// model can offer a two-way value for each field (`viewModel.binding(\.title)`) and
/// `BindingInteractor` can apply it.
///
/// ```swift
/// @CasePathable
/// enum FormAction {
///   case binding(BindingAction<FormState>)
///   case addAttendeeTapped
/// }
/// extension FormAction: BindableAction {}
/// ```
///
/// The `binding` case itself satisfies the requirement. Declare the conformance in an extension,
/// as above: in a module whose default isolation is `MainActor` (a new app's setting), a
/// conformance to this protocol (which refines `Sendable`) in the enum's own declaration makes the
/// enum nonisolated, and Swift then refuses `@CasePathable`'s expansion ("main actor-isolated
/// conformance of 'FormAction' to 'CasePathable' cannot be used in nonisolated context").
public protocol BindableAction: Sendable {
  /// The state whose fields the bindings set.
  associatedtype State
  /// The action that carries `action`.
  static func binding(_ action: BindingAction<State>) -> Self
}
