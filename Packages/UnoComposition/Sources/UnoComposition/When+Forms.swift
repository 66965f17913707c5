import CasePaths
import ConcurrencyExtras
import UnoCore

extension Interactor {
  /// Runs a child interactor on a part of this interactor's state; after the child, this
  /// interactor receives the same action, so it can react to what the child did.
  ///
  /// ```swift
  /// @CasePathable
  /// enum Action { case settings(SettingsAction), save }
  ///
  /// var body: some InteractorOf<Self> {
  ///   Interact(initialValue: State()) { state, action in
  ///     switch action {
  ///     case .settings(.toggleDarkMode):   // the child has already toggled it
  ///       state.needsSave = true
  ///       return .state
  ///     case .settings, .save:
  ///       return .state
  ///     }
  ///   }
  ///   .when(stateIs: \.settings, actionIs: \.settings) { SettingsInteractor() }
  /// }
  /// ```
  ///
  /// The rules are those of the `stateAction` form, except what the parent hears: the child's
  /// action itself, right after the child handled it (so the parent sees the child's new state),
  /// and nothing when the child's effects write its state.
  @inlinable
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: WritableKeyPath<DomainState, ChildState> & Sendable,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> some Interactor<DomainState, Action> where Action: CasePathable {
    When(
      parent: self, state: .keyPath(toChildState, offset: MemoryLayout<DomainState>.offset(of: toChildState)),
      action: Action.allCasePaths[keyPath: toChildAction], stateAction: nil, child: child(),
      scope: AnyHashableSendable(toChildState),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a child interactor while this interactor's state (an enum) is in one case; after the
  /// child, this interactor receives the same action.
  ///
  /// ```swift
  /// @CasePathable
  /// enum State { case loggedOut(Login), loggedIn(Home) }
  ///
  /// var body: some InteractorOf<Self> {
  ///   Root()   // sees .login(.succeeded(user)) after Login did, and moves to .loggedIn
  ///     .when(stateIs: \.loggedOut, actionIs: \.login) { LoginInteractor() }
  /// }
  /// ```
  ///
  /// When the state leaves the case, by any action or effect, every effect the child started is
  /// cancelled in that step. A child action that arrives while the state is in another case is
  /// dropped and reported.
  @inlinable @_disfavoredOverload
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: CaseMember<DomainState, ChildState> & Sendable,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> some Interactor<DomainState, Action> where DomainState: CasePathable, Action: CasePathable {
    When(
      parent: self, state: .casePath(DomainState.allCasePaths[keyPath: toChildState]),
      action: Action.allCasePaths[keyPath: toChildAction], stateAction: nil, child: child(),
      scope: AnyHashableSendable(toChildState),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a child interactor while an optional part of this interactor's state is not `nil`
  /// (an editor, a sheet, a detail that comes and goes); then this interactor receives the child's
  /// new state in `stateAction`.
  ///
  /// ```swift
  /// struct State { var todos: IdentifiedArrayOf<Todo> = []; var editor: EditorState? }
  ///
  /// Parent()
  ///   .when(stateIs: \.editor, actionIs: \.editor, stateAction: \.editorChanged) {
  ///     EditorInteractor()
  ///   }
  /// ```
  ///
  /// Setting the optional to `nil`, by any action or effect, cancels every effect the child
  /// started, in that step; a child action that arrives while it is `nil` is dropped and
  /// reported. Presenting it again starts a fresh child.
  @inlinable @_disfavoredOverload
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: WritableKeyPath<DomainState, ChildState?> & Sendable,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    stateAction toStateAction: CaseMember<Action, ChildState>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> some Interactor<DomainState, Action> where Action: CasePathable {
    When(
      parent: self, state: .optional(toChildState), action: Action.allCasePaths[keyPath: toChildAction],
      stateAction: Action.allCasePaths[keyPath: toStateAction], child: child(),
      scope: AnyHashableSendable(toChildState),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a child interactor while an optional part of this interactor's state is not `nil`;
  /// after the child, this interactor receives the same action.
  ///
  /// ```swift
  /// Interact(initialValue: State()) { state, action in
  ///   switch action {
  ///   case .editor(.saveTapped):            // the editor has validated its title
  ///     if let editor = state.editor { state.todos[id: editor.id]?.title = editor.title }
  ///     state.editor = nil                  // its effects are cancelled now
  ///     return .state
  ///   default:
  ///     return .state
  ///   }
  /// }
  /// .when(stateIs: \.editor, actionIs: \.editor) { EditorInteractor() }
  /// ```
  ///
  /// Setting the optional to `nil`, by any action or effect, cancels every effect the child
  /// started, in that step; a child action that arrives while it is `nil` is dropped and
  /// reported. Presenting it again starts a fresh child.
  @inlinable @_disfavoredOverload
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: WritableKeyPath<DomainState, ChildState?> & Sendable,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> some Interactor<DomainState, Action> where Action: CasePathable {
    When(
      parent: self, state: .optional(toChildState), action: Action.allCasePaths[keyPath: toChildAction],
      stateAction: nil, child: child(), scope: AnyHashableSendable(toChildState),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
