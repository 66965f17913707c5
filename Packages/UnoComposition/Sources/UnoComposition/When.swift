import CasePaths
import ConcurrencyExtras
import IssueReporting
import UnoCore

extension Interactor {
  /// Runs a child interactor on a part of this interactor's state, for the actions that belong to
  /// it.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   ParentInteractor()
  ///     .when(stateIs: \.detail, actionIs: \.detail, stateAction: \.detailChanged) {
  ///       DetailInteractor()
  ///     }
  /// }
  /// ```
  ///
  /// - An action that `actionIs` extracts goes to the child, which mutates `state[keyPath:
  ///   stateIs]`. Then this interactor receives `stateAction` with the child's new state, so it
  ///   can react. Every other action goes to this interactor.
  /// - The child's effects are scoped: their ``DynamicState`` reads the child part of the current
  ///   state, their ``Send`` writes into it (and this interactor receives `stateAction` again).
  /// - The child's effect ids are qualified by the scope, so the same child in two scopes never
  ///   cancels the other scope's effects.
  ///
  /// - Parameters:
  ///   - toChildState: Where the child's state lives in this interactor's state.
  ///   - toChildAction: The case of this interactor's actions that carries the child's actions.
  ///   - toStateAction: The case this interactor receives with the child's new state.
  ///   - child: The child interactor.
  @inlinable
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: WritableKeyPath<DomainState, ChildState> & Sendable,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    stateAction toStateAction: CaseMember<Action, ChildState>,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> some Interactor<DomainState, Action> where Action: CasePathable {
    When(
      parent: self, state: .keyPath(toChildState, offset: MemoryLayout<DomainState>.offset(of: toChildState)),
      action: Action.allCasePaths[keyPath: toChildAction],
      stateAction: Action.allCasePaths[keyPath: toStateAction], child: child(),
      scope: AnyHashableSendable(toChildState)
    )
  }

  /// Runs a child interactor while this interactor's state (an enum) is in one case.
  ///
  /// ```swift
  /// @CasePathable
  /// enum State { case loading, loaded(Loaded) }
  ///
  /// var body: some InteractorOf<Self> {
  ///   Root()
  ///     .when(stateIs: \.loaded, actionIs: \.loaded, stateAction: \.loadedChanged) {
  ///       LoadedInteractor()
  ///     }
  /// }
  /// ```
  ///
  /// Behaves like ``when(stateIs:actionIs:stateAction:_:)-(WritableKeyPath<DomainState,ChildState>&Sendable,_,_,_)``,
  /// with one difference: when the state is no longer in the case, a child action and a write
  /// from one of the child's effects are dropped, and reported with the name of the case.
  @inlinable
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: CaseMember<DomainState, ChildState> & Sendable,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    stateAction toStateAction: CaseMember<Action, ChildState>,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> some Interactor<DomainState, Action> where DomainState: CasePathable, Action: CasePathable {
    When(
      parent: self, state: .casePath(DomainState.allCasePaths[keyPath: toChildState]),
      action: Action.allCasePaths[keyPath: toChildAction],
      stateAction: Action.allCasePaths[keyPath: toStateAction], child: child(),
      scope: AnyHashableSendable(toChildState)
    )
  }
}

/// A child interactor scoped to part of a parent's state and actions. Made by
/// ``Interactor/when(stateIs:actionIs:stateAction:_:)-(WritableKeyPath<DomainState,ChildState>&Sendable,_,_,_)``.
public struct When<Parent: Interactor, Child: Interactor>: Interactor {
  public typealias DomainState = Parent.DomainState
  public typealias Action = Parent.Action
  public typealias Body = Never

  @usableFromInline
  enum StatePath: Sendable {
    /// A key path, with the child's byte offset in the parent's state when the key path is a
    /// stored property (`MemoryLayout.offset(of:)`), so that it can be reached without the key
    /// path runtime.
    case keyPath(WritableKeyPath<Parent.DomainState, Child.DomainState> & Sendable, offset: Int?)
    case casePath(AnyCasePath<Parent.DomainState, Child.DomainState>)
  }

  // Parent and child are held erased, their bodies built once (see
  // ``Interactor/eraseToAnyInteractor()``), so that a tree of nested features is not rebuilt for
  // every action.
  @usableFromInline let parent: AnyInteractor<Parent.DomainState, Parent.Action>
  @usableFromInline let state: StatePath
  @usableFromInline let action: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let stateAction: AnyCasePath<Parent.Action, Child.DomainState>
  @usableFromInline let child: AnyInteractor<Child.DomainState, Child.Action>
  /// Qualifies the child's effect ids: the key path to the child's state, which is equal across
  /// body evaluations and distinct for two scopes of one parent. (Not its description: describing
  /// a key path demangles type names, far too slow for every action.)
  @usableFromInline let scope: AnyHashableSendable

  // The path of an action that only changes state (`init`, `interact`, `step` and the state
  // accessors) is `@inlinable`, so that it is specialised for the feature's types where the
  // feature is built: run generically, every level of nesting paid for metadata lookups and
  // value-witness calls. Scoping effects and the messages stay behind non-inlinable functions.
  @inlinable
  init(
    parent: Parent, state: StatePath, action: AnyCasePath<Parent.Action, Child.Action>,
    stateAction: AnyCasePath<Parent.Action, Child.DomainState>, child: Child, scope: AnyHashableSendable
  ) {
    self.parent = parent.eraseToAnyInteractor()
    self.state = state
    self.action = action
    self.stateAction = stateAction
    self.child = child.eraseToAnyInteractor()
    self.scope = scope
  }

  @inlinable
  public var initialValue: DomainState { parent.initialValue }

  @inlinable
  public func interact(
    state parentState: inout DomainState, action parentAction: Action
  ) -> Emission<DomainState> {
    guard let childAction = action.extract(from: parentAction) else {
      return parent.interact(state: &parentState, action: parentAction)
    }
    return step(&parentState) { childState in
      child.interact(state: &childState, action: childAction)
    } whenInactive: { parentState in
      inactiveActionMessage(childAction, parentState)
    }
  }

  /// One child step: run `body` on the child part of the state, let the parent hear
  /// `stateAction`, and scope what the child emitted. If the state is not in the child's case,
  /// nothing runs and `whenInactive`'s message is reported.
  ///
  /// The child part is changed in place (one mutable access, not a read and a write), and through
  /// its offset when it is a stored property: the key path runtime's generic projection was most
  /// of the cost of a nesting level.
  @inlinable @inline(__always)
  func step(
    _ parentState: inout DomainState,
    _ body: (inout Child.DomainState) -> Emission<Child.DomainState>,
    whenInactive message: (DomainState) -> String
  ) -> Emission<DomainState> {
    var childEmission = Emission<Child.DomainState>.state
    let childState: Child.DomainState
    switch state {
    case .keyPath(_, let offset?):
      // `MemoryLayout.offset(of:)` is non-nil only for a stored property held inline, and for
      // such a key path its documentation makes accessing the value through the key path and
      // through a pointer at the offset equivalent. The pointer does not outlive the closure, and
      // `parentState` is `inout`, so nothing else can reach it while `body` runs.
      childState = withUnsafeMutableBytes(of: &parentState) { bytes in
        let child = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Child.DomainState.self)
        childEmission = body(&child.pointee)
        return child.pointee
      }
    case .keyPath(let keyPath, nil):
      childEmission = body(&parentState[keyPath: keyPath])
      childState = parentState[keyPath: keyPath]
    case .casePath(let casePath):
      guard var extracted = casePath.extract(from: parentState) else {
        reportIssue(message(parentState))
        return .state
      }
      childEmission = body(&extracted)
      parentState = casePath.embed(extracted)
      childState = extracted
    }
    let parentEmission = parent.interact(state: &parentState, action: stateAction.embed(childState))
    guard !childEmission.isEmpty else { return parentEmission }
    return scoped(childEmission, from: childState).merging(with: parentEmission)
  }

  /// The child part of `parentState`; `nil` if the state is not in the child's case.
  private func extract(from parentState: DomainState) -> Child.DomainState? {
    switch state {
    case .keyPath(let keyPath, _): return parentState[keyPath: keyPath]
    case .casePath(let casePath): return casePath.extract(from: parentState)
    }
  }

  @usableFromInline
  func inactiveActionMessage(_ childAction: Child.Action, _ parentState: DomainState) -> String {
    """
    A child action '\(childAction)' reached '.when(stateIs: \(caseName(child.initialValue)))' \
    while the state was '\(Self.describeCase(parentState))'. The action was dropped.

    The state left the case before the action arrived, for instance because an effect sent \
    the action after the parent moved on. Cancel the child's effects when leaving the case, \
    or send the action only while the case is active.
    """
  }

  /// The name of the case the child lives in, as `.name`, found by embedding a child state.
  /// Only used in messages.
  private func caseName(_ childState: Child.DomainState) -> String {
    switch state {
    case .keyPath(let keyPath, _):
      return String(reflecting: keyPath)
    case .casePath(let casePath):
      return Self.describeCase(casePath.embed(childState))
    }
  }

  private static func describeCase(_ value: DomainState) -> String {
    if let label = Mirror(reflecting: value).children.first?.label { return ".\(label)" }
    return ".\(value)"
  }

  /// The child's emission, with effects that read and write the child part of the parent state.
  @usableFromInline
  func scoped(
    _ emission: Emission<Child.DomainState>, from snapshot: Child.DomainState
  ) -> Emission<DomainState> {
    emission.scope(
      namespace: scope,
      withState: { parentState, body in
        self.step(&parentState, body) { parentState in
          """
          An operator of '\(Child.self)' ran after the parent's state left the case \
          '\(self.caseName(snapshot))' (it is now '\(Self.describeCase(parentState))'). It was \
          dropped.
          """
        }
      }
    ) { parentState, parentSend in
      let childState = DynamicState<Child.DomainState> {
        self.extract(from: await parentState.current) ?? snapshot
      }
      return (childState, childSend(parentSend, snapshot: snapshot))
    }
  }

  private func childSend(
    _ parentSend: Send<DomainState>, snapshot: Child.DomainState
  ) -> Send<Child.DomainState> {
    Send { reduce in
      parentSend.reduce { parentState in
        self.step(&parentState, reduce) { parentState in
          """
          An effect of '\(Child.self)' wrote its state after the parent's state left the case \
          '\(self.caseName(snapshot))' (it is now '\(Self.describeCase(parentState))'). The write \
          was dropped.

          The effect outlived the case it belongs to. Cancel it when leaving the case (give it an \
          id with '.cancellable(id:)' and return '.cancel(id:)'), or check the case before \
          writing.
          """
        }
      }
    }
  }
}
