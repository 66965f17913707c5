import CasePaths
import ConcurrencyExtras
import IssueReporting
import UnoCore

@MainActor
extension Interactor {
  /// Runs a child interactor for each screen of a navigation stack in this interactor's state.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   Interact(initialValue: AppState()) { state, action in
  ///     switch action {
  ///     case .list(.rowTapped(let id)):
  ///       state.path.append(.detail(DetailState(id: id)))  // push by changing state
  ///       return .state
  ///     case .path(.element(id: _, action: .detail(.deleteConfirmed))):
  ///       state.path.removeLast()  // pop by changing state
  ///       return .state
  ///     default:
  ///       return .state
  ///     }
  ///   }
  ///   .when(stateIs: \.list, actionIs: \.list) { ListInteractor() }
  ///   .forEach(stateIs: \.path, actionIs: \.path) { Path() }
  /// }
  /// ```
  ///
  /// - `.element(id:action:)` goes to the screen with that id, changed in place; then this
  ///   interactor receives the same action, so it can react to what the screen did. Its cost does
  ///   not depend on the depth of the stack: one hash lookup.
  /// - `.push(id:state:)` and `.popFrom(id:)` (sent by a view or a host) are heard by this
  ///   interactor first, then applied.
  /// - An action for an id that is not in the stack (a `.element` or a `.popFrom` for a screen
  ///   that is gone, a `.push` of an id already there) is dropped and reported here, with the id
  ///   and the action; it never reaches another screen, since ids are never reused.
  /// - **A screen's effects die with it.** However a screen is removed (an action of this
  ///   interactor, `.popFrom`, an effect's write, `dismiss`), every effect it started is cancelled
  ///   in the step that removes it.
  /// - A screen's effects can close it with `@Dependency(\.dismiss)`: it is popped with every
  ///   screen above it.
  ///
  /// - Parameters:
  ///   - toStack: Where the stack lives in this interactor's state.
  ///   - toStackAction: The case of this interactor's actions that carries the stack's actions.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - filePath: The path of that file, for the same reports.
  ///   - line: The line of the call, for the same reports.
  ///   - column: The column of the call, for the same reports.
  ///   - element: The interactor of one screen (usually an `@Interactor` enum of the screens).
  /// - Returns: This interactor with the stack in it, as an `AnyInteractor`, as
  ///   `when(stateIs:actionIs:stateAction:fileID:filePath:line:column:_:)` returns it and for the
  ///   same reason: one result type, so that the compiler checks each operator of a chain on its
  ///   own.
  @inlinable
  public func forEach<ElementState, ElementAction, Element: Interactor<ElementState, ElementAction>>(
    stateIs toStack: WritableKeyPath<DomainState, StackState<ElementState>>,
    actionIs toStackAction: CaseMember<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ElementState, ElementAction> _ element: () -> Element
  ) -> AnyInteractor<DomainState, Action> {
    _StackForEach(
      parent: self, stack: toStack, action: CaseMembers.casePath(toStackAction),
      element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).eraseToAnyInteractor()
  }
}

/// A child interactor run for each screen of a ``StackState`` in its parent's state. Made by
/// `Interactor.forEach(stateIs:actionIs:fileID:filePath:line:column:_:)` over a stack.
@MainActor
public struct _StackForEach<Parent: Interactor, Element: Interactor>: Interactor {
  public typealias DomainState = Parent.DomainState
  public typealias Action = Parent.Action
  public typealias Body = Never
  public typealias Stack = StackState<Element.DomainState>

  @usableFromInline let parent: AnyInteractor<Parent.DomainState, Parent.Action>
  @usableFromInline let action: AnyCasePath<Parent.Action, StackAction<Element.DomainState, Element.Action>>
  @usableFromInline let element: AnyInteractor<Element.DomainState, Element.Action>
  /// Reaches a screen by its id, runs it, and scopes its effects to it.
  @usableFromInline let screens: ChildStep<KeyedChild<DomainState, Stack>>

  @inlinable
  init(
    parent: Parent, stack: WritableKeyPath<Parent.DomainState, Stack>,
    action: AnyCasePath<Parent.Action, StackAction<Element.DomainState, Element.Action>>,
    element: Element, callSite: CallSite
  ) {
    self.parent = parent.eraseToAnyInteractor()
    self.action = action
    self.element = element.eraseToAnyInteractor()
    self.screens = ChildStep(children: stack, callSite: callSite, interactor: Element.self)
  }

  @inlinable
  public var initialValue: DomainState { parent.initialValue }

  @inlinable
  public func interact(
    state parentState: inout DomainState, action parentAction: Action
  ) -> Emission<DomainState> {
    guard let stackAction = action.extract(from: parentAction) else {
      return parent.interact(state: &parentState, action: parentAction)
    }
    let stack = screens.location.children
    switch stackAction {
    case .element(let id, let elementAction):
      guard
        let elementEmission = screens.step(
          &parentState, key: id, { element.interact(state: &$0, action: elementAction) })
      else {
        screens.callSite.reportIssue(droppedMessage(stackAction, parentState))
        return .state
      }
      return elementEmission.merging(with: parent.interact(state: &parentState, action: parentAction))
    case .push(let id, let screen):
      guard !parentState[keyPath: stack].contains(id: id) else {
        screens.callSite.reportIssue(droppedMessage(stackAction, parentState))
        return .state
      }
      let emission = parent.interact(state: &parentState, action: parentAction)
      if !parentState[keyPath: stack].append(screen, id: id) {
        screens.callSite.reportIssue(droppedMessage(stackAction, parentState))
      }
      return emission
    case .popFrom(let id):
      guard parentState[keyPath: stack].contains(id: id) else {
        screens.callSite.reportIssue(droppedMessage(stackAction, parentState))
        return .state
      }
      let emission = parent.interact(state: &parentState, action: parentAction)
      // The parent may have popped it already on hearing the action.
      parentState[keyPath: stack].pop(from: id)
      return emission
    }
  }

  @usableFromInline
  func droppedMessage(
    _ stackAction: StackAction<Element.DomainState, Element.Action>, _ parentState: DomainState
  )
    -> String
  {
    let (stack, callSite) = (screens.location.children, screens.callSite)
    let ids = parentState[keyPath: stack].ids.map(\.description).joined(separator: ", ")
    // The first paragraph speaks to whoever sent the action (a host shows it to its client);
    // the rest, to the feature's authors.
    let (summary, what, why): (String, String, String)
    switch stackAction {
    case .element(let id, let action):
      summary = "An action for the screen \(id) was dropped: the stack holds no such screen"
      what = "The action '\(action)'"
      why = """
        The screen was popped before the action arrived, for instance by an action sent from a \
        screen that was still on display, or the id is wrong. Its effects were cancelled when it \
        was popped; send a screen's actions only while it is in the stack.
        """
    case .push(let id, _):
      summary = "A push of the screen \(id) was dropped: the stack holds a screen with that id already"
      what = "The push"
      why = """
        Ids are never reused: push with an id that was never in the stack, or append the \
        screen's state to the stack in an interactor, which gives it a new id.
        """
    case .popFrom(let id):
      summary = "A pop from the screen \(id) was dropped: the stack holds no such screen"
      what = "The pop"
      why = """
        The screen was popped already, or the id is wrong.
        """
    }
    return """
      \(summary) (it holds [\(ids)]).

      \(what) reached '.forEach(stateIs: \(String(reflecting: stack)))' (written at \(callSite)), \
      whose stack holds [\(ids)]. \(why)
      """
  }
}
