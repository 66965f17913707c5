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
/// It is a key path into the enum's `AllCasePaths` (which `@CasePathable` generates) rather than a
/// `CaseKeyPath`: the operator reads the case path there once, when it is made, and from then on
/// extracts and embeds through the closures the macro generated for your enum, specialised for its
/// types. A `CaseKeyPath` goes through `Any` and a key path lookup on every extraction, which
/// made ten nested `Interactor.when(stateIs:actionIs:stateAction:_:)`
/// levels cost microseconds per action.
public typealias CaseMember<Root: CasePathable, Value> = KeyPath<
  Root.AllCasePaths, AnyCasePath<Root, Value>
>
