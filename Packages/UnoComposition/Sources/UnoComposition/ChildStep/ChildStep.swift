import ConcurrencyExtras
import UnoCore

/// The step of a child, the one that `when` and both `forEach`s take: reach the child in place,
/// run it, and scope what it emitted.
///
/// - ``run(_:_:_:)`` runs the child in place, where its ``ChildLocation`` says it is (with
///   `isPresented` for a presented child); `nil` if the child is not there.
/// - ``scoped(_:key:from:step:)`` makes the child's emission its parent's: its effects read and
///   write that child, die with it when it can go away, and, for a presented child, can
///   `dismiss` it.
///
/// What each operator does around the step stays with it: what the parent hears (`when`'s
/// `stateAction`), an alert that closes on a button, an action for a key that is gone, a push, a
/// pop, and the messages that name them.
@usableFromInline
struct ChildStep<Location: ChildLocation>: Sendable {
  @usableFromInline typealias Parent = Location.Parent
  @usableFromInline typealias Child = Location.Child
  @usableFromInline typealias Key = Location.Key

  /// Where the child is.
  @usableFromInline let location: Location
  /// Qualifies the child's effect ids, with the child's key: the key path to the child (or the
  /// children), equal across body evaluations and distinct for two scopes of one parent. (Not
  /// its description: describing a key path demangles type names, far too slow for every
  /// action.)
  @usableFromInline let scope: AnyHashableSendable
  /// Where the operator is written: its messages name it and are reported there.
  @usableFromInline let callSite: CallSite
  /// The child's interactor type, as messages name it.
  @usableFromInline let interactor: any Any.Type

  @inlinable
  init(location: Location, scope: AnyHashableSendable, callSite: CallSite, interactor: any Any.Type) {
    self.location = location
    self.scope = scope
    self.callSite = callSite
    self.interactor = interactor
  }

  /// Runs `body` on the child `key`, in place, as the child's step (for a presented child, with
  /// `isPresented`), and returns what `body` returned; `nil` if there is no such child.
  ///
  /// `body` runs the child and keeps what its operator needs of it: a `when` returns the child's
  /// new state (its parent hears it), a `forEach` keeps it only when the child emitted effects.
  @inlinable @inline(__always)
  func run<Result>(_ parent: inout Parent, _ key: Key, _ body: (inout Child) -> Result) -> Result? {
    location.modify(&parent, key, body)
  }

  /// The child's emission as its parent's: effects that read and write the child `key` (starting
  /// from `snapshot`), die with it when it can go away, and, for a presented child, can dismiss
  /// it. `step` runs a later step of the child (an effect's write, an operator's step) in the
  /// parent's state, the operator's own way, and reports, with its `what`, a child that is gone.
  @usableFromInline
  func scoped(
    _ emission: Emission<Child>, key: Key, from snapshot: Child,
    step:
      @escaping @MainActor @Sendable (
        inout Parent, @MainActor (inout Child) -> Emission<Child>, _ what: String
      ) -> Emission<Parent>
  ) -> Emission<Parent> {
    let location = self.location
    let childScope = ChildScope(scope: scope, element: location.element(key))
    var around: (@Sendable (Send<Parent>, () async throws -> Void) async throws -> Void)?
    if location.isPresented {
      let callSite = self.callSite
      around = Presentation.around(
        name: { "\(location.describe(key)) written at \(callSite)" },
        remove: { parent in location.remove(key, from: &parent) }
      )
    }
    return emission.scopedToChild(
      namespace: childScope,
      lifetime: location.canEnd ? childScope : nil,
      group: location.lifetimeGroup(scope: scope),
      snapshot: snapshot,
      read: { parent in location.child(of: parent, key) },
      step: step,
      around: around
    )
  }
}
