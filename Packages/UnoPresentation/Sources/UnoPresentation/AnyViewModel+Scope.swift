import CasePaths
import IdentifiedCollections
import IssueReporting
import UnoComposition

extension AnyViewModel {
  /// View models of the rows of a list, one per row id, each told only of its own row's changes.
  ///
  /// `rows` is a collection of `Identifiable`, `Equatable` values in the view state (the rows the parent's
  /// ``ViewStateReducer`` builds); each row's view model reads that row, and sends its actions as
  /// the parent's `action(id, childAction)`. The same row id gives the same view model on every
  /// call while the row is in `rows`, so a view's `ForEach` keeps its row views:
  ///
  /// ```swift
  /// ForEach(viewModel.scope(rows: \.rows) { id, action in .todo(row: .element(id: id, action: action)) }) {
  ///   TodoRowView(viewModel: $0)
  /// }
  /// ```
  ///
  /// Reading the rows this way tracks their ids only: the list is told when a row is added,
  /// removed or moved, and a row's view model when its row changes. When a row leaves `rows`,
  /// its view model is detached (see ``ChildViewModel``). A row whose id an earlier row has gets
  /// no view model, and is reported.
  ///
  /// The view models are made once per key path and child action type: the first call's
  /// `action` is theirs.
  @inlinable
  public func scope<Rows: Collection, ChildAction: Sendable>(
    rows: KeyPath<ViewState, Rows>,
    action: @escaping @MainActor (Rows.Element.ID, ChildAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> IdentifiedArray<Rows.Element.ID, ChildViewModel<ChildAction, Rows.Element>>
  where Rows.Element: Identifiable & Equatable, Rows.Element.ID: Sendable {
    _scopeRows(
      rows, walk: RowsWalk(),
      key: ScopeKey(state: rows, action: nil, childAction: ObjectIdentifier(ChildAction.self)),
      embed: action,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// View models of the rows of a list whose actions the parent routes with `forEach`: `action`
  /// is the parent's case of `IdentifiedAction`s, as in `forEach(stateIs:actionIs:)`.
  ///
  /// ```swift
  /// ForEach(viewModel.scope(rows: \.rows, action: \.todo)) { TodoRowView(viewModel: $0) }
  /// ```
  ///
  /// See `scope(rows:action:)` with a closure.
  @inlinable
  public func scope<Rows: Collection, ChildAction: Sendable>(
    rows: KeyPath<ViewState, Rows>,
    action: CaseKeyPath<Action, IdentifiedAction<Rows.Element.ID, ChildAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> IdentifiedArray<Rows.Element.ID, ChildViewModel<ChildAction, Rows.Element>>
  where Rows.Element: Identifiable & Equatable, Rows.Element.ID: Sendable {
    _scopeRows(
      rows, walk: RowsWalk(),
      key: ScopeKey(state: rows, action: action, childAction: ObjectIdentifier(ChildAction.self)),
      embed: { id, childAction in action(.element(id: id, action: childAction)) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// View models of the screens of a navigation stack: `rows` are the screens' view states, whose
  /// ids are their `StackElementID`s, and `action` is the parent's case of `StackAction`s.
  ///
  /// ```swift
  /// for screen in viewModel.scope(rows: \.path, action: \.path) {
  ///   screen.sendViewEvent(.detail(.recordTapped))   // .path(.element(id: screen's id, …))
  /// }
  /// ```
  @inlinable
  public func scope<Rows: Collection, ScreenState, ChildAction: Sendable>(
    rows: KeyPath<ViewState, Rows>,
    action: CaseKeyPath<Action, StackAction<ScreenState, ChildAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> IdentifiedArray<StackElementID, ChildViewModel<ChildAction, Rows.Element>>
  where
    Rows.Element: Identifiable & Equatable, Rows.Element.ID == StackElementID
  {
    _scopeRows(
      rows, walk: RowsWalk(),
      key: ScopeKey(state: rows, action: action, childAction: ObjectIdentifier(ChildAction.self)),
      embed: { id, childAction in action(.element(id: id, action: childAction)) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The view model of a presented child: the value of an optional in the view state (an
  /// editor, a form, a sheet), `nil` while there is none.
  ///
  /// Its actions are sent as the parent's `action(childAction)`. It is the same view model while
  /// the optional holds a value (the same value, by `id`, when the value is `Identifiable`);
  /// when the child is dismissed it is detached (see ``ChildViewModel``), and a child presented
  /// again gets a new one. Reading it tracks whether a child is presented (and which), not what
  /// it shows: that is the child view model's to track.
  ///
  /// ```swift
  /// if let editor = viewModel.scope(state: \.editor, action: { .editor(action: $0) }) {
  ///   EditorView(viewModel: editor)
  /// }
  /// ```
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<ViewState, ChildState?>,
    action: @escaping @MainActor (ChildAction) -> Action,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> ChildViewModel<ChildAction, ChildState>? {
    scopePresented(
      state, key: ScopeKey(state: state, action: nil, childAction: ObjectIdentifier(ChildAction.self)),
      embed: action)
  }

  /// The view model of a presented child whose actions are a case of the parent's, as in
  /// `when(stateIs:actionIs:)`:
  ///
  /// ```swift
  /// viewModel.scope(state: \.editor, action: \.editor)
  /// ```
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<ViewState, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> ChildViewModel<ChildAction, ChildState>? {
    scopePresented(
      state, key: ScopeKey(state: state, action: action, childAction: ObjectIdentifier(ChildAction.self)),
      embed: { action($0) })
  }

  @usableFromInline
  func _scopeRows<Rows: Collection, ChildAction: Sendable>(
    _ rows: KeyPath<ViewState, Rows>, walk: RowsWalk<Rows>, key: ScopeKey,
    embed: @escaping @MainActor (Rows.Element.ID, ChildAction) -> Action,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> IdentifiedArray<Rows.Element.ID, ChildViewModel<ChildAction, Rows.Element>>
  where Rows.Element: Identifiable & Equatable, Rows.Element.ID: Sendable {
    let scope = madeScopes.scope(key) {
      RowsScope<Action, ViewState, Rows, ChildAction>(rows: rows, walk: walk, embed: embed)
    }
    // The ids are compared by the walk that hands the rows on (`ChildScopes.compare`).
    let field = fields.read(ObservedField(kind: .ids, keyPath: rows)) { scope.idsDiffer }
    registrar.access(ObservationSubject.shared, keyPath: field)
    let (children, repeated) = scope.viewModels(of: _viewState[keyPath: rows], parent: self)
    if !repeated.isEmpty {
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column).reportIssue(
        """
        \(rows) holds more than one row with the id(s) \(repeated.map { "\($0)" }.joined(separator: ", ")): \
        only the first row of each id has a view model, since the actions of rows with one id \
        could not be told apart. Give each row an id of its own in the view-state reducer.
        """
      )
    }
    return IdentifiedArray(uncheckedUniqueElements: children, id: \.rowID)
  }

  private func scopePresented<ChildState, ChildAction: Sendable>(
    _ state: KeyPath<ViewState, ChildState?>, key: ScopeKey,
    embed: @escaping @MainActor (ChildAction) -> Action
  ) -> ChildViewModel<ChildAction, ChildState>? {
    let field = fields.read(ObservedField(kind: .presence, keyPath: state)) {
      { old, new in presence(of: old[keyPath: state]) != presence(of: new[keyPath: state]) }
    }
    registrar.access(ObservationSubject.shared, keyPath: field)
    guard let value = _viewState[keyPath: state] else { return nil }
    let scope = madeScopes.scope(key) {
      PresentedScope<Action, ViewState, ChildState, ChildAction>(state: state, embed: embed)
    }
    return scope.viewModel(of: value, parent: self)
  }
}

/// What a view presents from an optional: nothing, or a value (which one, when it is
/// `Identifiable`).
private func presence<Value>(of value: Value?) -> AnyHashable? {
  guard let value else { return nil }
  return identity(of: value) ?? AnyHashable(true)
}
