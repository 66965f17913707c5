import CasePaths

/// A case of a `@CasePathable` enum, named the way you name it anywhere Uno asks for a case:
/// `\.someCase`, or `\.outer.inner` for a case inside a case.
///
/// ```swift
/// @CasePathable
/// enum Action { case detail(DetailAction), detailChanged(Detail), refresh }
///
/// Parent()
///   .when(stateIs: \.detail, actionIs: \.detail, stateAction: \.detailChanged) { DetailInteractor() }
/// ```
///
/// It is a key path through ``CaseMembers`` to the case path that `@CasePathable` generated for
/// your enum, rather than a `CaseKeyPath`: the operator reads that case path once, when it is
/// made, and from then on extracts and embeds through the macro's closures, specialised for your
/// enum's types. A `CaseKeyPath` goes through `Any` and a key path lookup on every extraction,
/// which made ten nested `Interactor.when(stateIs:actionIs:stateAction:_:)` levels cost
/// microseconds per action.
///
/// The enum's `CasePathable` conformance is used where you write the key path, not by the
/// operator that takes it, so the operator does not require it of its `Action`. That is what lets
/// an enum declared in a module whose default isolation is `MainActor` (a new Xcode project's
/// setting) be named here: there, its conformance is main-actor isolated, and Swift refuses an
/// isolated conformance for a generic parameter that is also `Sendable`, as every interactor's
/// `Action` is (docs/new-projects.md).
public typealias CaseMember<Root, Value> = KeyPath<CaseMembers<Root>, AnyCasePath<Root, Value>>

/// The root of a ``CaseMember`` key path: each of `Root`'s cases is a member, whose value is the
/// case path `@CasePathable` generated for it.
///
/// You do not use this type directly: write `\.someCase` where an operator asks for a
/// ``CaseMember``, and Swift makes the key path through it.
@dynamicMemberLookup
public struct CaseMembers<Root>: Sendable {
  @usableFromInline init() {}

  /// The case path of the case `keyPath` names in `Root`'s `AllCasePaths`.
  @inlinable
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>
  ) -> AnyCasePath<Root, Value> where Root: CasePathable {
    Root.allCasePaths[keyPath: keyPath]
  }

  /// The case path `member` names: read once, by the operator that is given it, when it is made.
  @inlinable
  public static func casePath<Value>(_ member: CaseMember<Root, Value>) -> AnyCasePath<Root, Value> {
    CaseMembers()[keyPath: member]
  }
}
