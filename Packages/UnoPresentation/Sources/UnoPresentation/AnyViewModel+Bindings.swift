import CasePaths
import IssueReporting
import UnoComposition

extension AnyViewModel {
  /// A two-way value for a field of the view state: it reads the field (tracking that field only,
  /// as `viewModel.title` does), and writes it by sending `action(newValue)`.
  ///
  /// ```swift
  /// TextField("Title", text: Binding(viewModel.binding(\.title) { .titleChanged($0) }))
  /// Toggle("Done", isOn: Binding(row.binding(\.isComplete) { _ in .toggle }))
  /// ```
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<ViewState, Value>, send action: @escaping @MainActor (Value) -> Action
  ) -> ViewBinding<Value> {
    ViewBinding(
      get: { self[dynamicMember: keyPath] },
      set: { self.sendViewEvent(action($0)) }
    )
  }

  /// A two-way value for presenting a child (a sheet, a popover, a full-screen cover): it reads
  /// the child's view model (`scope(state:action:)`),
  /// and when the view sets it to `nil` (the user swiped the sheet away) it sends `dismiss`.
  ///
  /// ```swift
  /// .sheet(item: Binding(viewModel.presentationBinding(state: \.editor, action: \.editor, dismiss: .closeEditor))) {
  ///   EditorView(viewModel: $0)
  /// }
  /// ```
  public func presentationBinding<ChildState, ChildAction: Sendable>(
    state: KeyPath<ViewState, ChildState?>, action: CaseKeyPath<Action, ChildAction>, dismiss: Action
  ) -> ViewBinding<ChildViewModel<ChildAction, ChildState>?> {
    ViewBinding(
      get: { self.scope(state: state, action: action) },
      set: { newValue in
        // Only a dismissal of the child shown now: a view that sets it again changes nothing.
        guard newValue == nil, self.scope(state: state, action: action) != nil else { return }
        self.sendViewEvent(dismiss)
      }
    )
  }

  /// A two-way value for a navigation stack's path: the screens' view models
  /// (`scope(rows:action:)`),
  /// bottom first; when the view shortens it (the back button, a swipe), it sends
  /// `.popFrom(id:)` for the first screen gone.
  ///
  /// ```swift
  /// NavigationStack(path: Binding(viewModel.navigationPath(rows: \.path, action: \.path))) {
  ///   ListView(viewModel: viewModel)
  ///     .navigationDestination(for: ChildViewModel<Path.Action, Screen>.self) { ScreenView(viewModel: $0) }
  /// }
  /// ```
  ///
  /// Screens are pushed by the feature's actions, not by the view: a path that the view makes
  /// longer or different is reported, and nothing is sent.
  public func navigationPath<Rows: Collection, ScreenState, ChildAction: Sendable>(
    rows: KeyPath<ViewState, Rows>, action: CaseKeyPath<Action, StackAction<ScreenState, ChildAction>>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> ViewBinding<[ChildViewModel<ChildAction, Rows.Element>]>
  where
    Rows.Element: Identifiable & Equatable, Rows.Element.ID == StackElementID
  {
    ViewBinding(
      get: { Array(self.scope(rows: rows, action: action)) },
      set: { newPath in
        let path = Array(self.scope(rows: rows, action: action))
        guard newPath.count < path.count, Array(path.prefix(newPath.count)) == newPath else {
          if newPath != path {
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column).reportIssue(
              """
              The path of \(rows) was set to \(newPath.count) screen(s) that are not the first \
              ones of its \(path.count): a view can only pop screens. Push a screen by sending \
              the action that pushes it.
              """
            )
          }
          return
        }
        self.sendViewEvent(action(.popFrom(id: path[newPath.count].rowID)))
      }
    )
  }
}

extension ChildViewModel: Hashable {
  /// The same view model (a navigation path holds view models, and compares them by identity).
  public nonisolated static func == (lhs: ChildViewModel, rhs: ChildViewModel) -> Bool {
    lhs === rhs
  }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
