import UnoCore

/// Interactors that may have no initial value of their own: ``Empty``, an absent
/// ``OptionalInteractor``, an empty ``MergeMany``, and compositions of them.
///
/// Merging operators ask for ``_initialValueIfPresent`` so that such a child defers to the next
/// one. This is an implementation detail of the builder; you do not conform to it.
public protocol _OptionalInitialValue<_State> {
  associatedtype _State
  @MainActor var _initialValueIfPresent: _State? { get }
}

/// The initial value of `interactor`, or `nil` if it is one of the interactors that may have none.
@usableFromInline
@MainActor
func initialValueIfPresent<I: Interactor>(_ interactor: I) -> I.DomainState? {
  if let optional = interactor as? any _OptionalInitialValue<I.DomainState> {
    return optional._initialValueIfPresent
  }
  return interactor.initialValue
}

@usableFromInline
func missingInitialValue(_ type: Any.Type) -> Never {
  fatalError(
    """
    '\(type)' has no initial value: none of its children provides one (an 'if' whose condition \
    was false, an empty 'for' loop, or 'Empty' provide none).

    Put a child with an initial value first in the block, for example \
    'Interact(initialValue: ...) { ... }', or start the runtime from an explicit state.
    """
  )
}

/// An `Interact` made without an initial value (`Interact { state, action in ... }`) defers to
/// the next child of a block that has one, as `Empty` does.
extension Interact: _OptionalInitialValue {
  public var _initialValueIfPresent: State? { hasInitialValue ? initialValue : nil }
}
