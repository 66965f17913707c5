import CasePaths
import ConcurrencyExtras
import IdentifiedCollections
import IssueReporting
import UnoCore

@MainActor
extension Interactor {
  /// Runs a child interactor for each element of a collection in this interactor's state: the
  /// rows of a list, each with its own state, actions and effects.
  ///
  /// ```swift
  /// struct TodosState { var todos: IdentifiedArrayOf<Todo> = [] }
  ///
  /// @CasePathable
  /// enum TodosAction {
  ///   case add
  ///   case todo(IdentifiedAction<Todo.ID, TodoAction>)
  /// }
  ///
  /// var body: some InteractorOf<Self> {
  ///   Interact(initialValue: TodosState()) { state, action in
  ///     switch action {
  ///     case .todo(.element(id: _, action: .toggle)):   // the row has toggled itself
  ///       return .perform { _, send in
  ///         try await clock.sleep(for: .seconds(1))
  ///         await send { $0.todos.sort { !$0.isComplete && $1.isComplete } }
  ///       }
  ///       .cancellable(id: Sort.self, cancelInFlight: true)
  ///     case .add, .todo:
  ///       return .state
  ///     }
  ///   }
  ///   .forEach(stateIs: \.todos, actionIs: \.todo) { TodoInteractor() }
  /// }
  /// ```
  ///
  /// - An action `.element(id:action:)` goes to the element with that id, changed in place; then
  ///   this interactor receives the same action, so it can react to what the row did. An action
  ///   for an id that is not in the collection is dropped and reported. Every other action goes
  ///   to this interactor alone.
  /// - The cost of a row's action does not depend on the number of rows: one hash lookup.
  /// - A row's effects are scoped to it: their `DynamicState` reads the element with that id,
  ///   their `Send` writes into it. Their ids, and the state of operators such as ``Debounce``
  ///   and ``Throttle``, are qualified by the scope and the element's id, so two rows never
  ///   cancel or debounce each other.
  /// - **A row's effects die with it.** When a step removes the element (an action of this
  ///   interactor or of any other, or an effect's write), every effect the row started is
  ///   cancelled in that step. An element added again with the same id starts fresh.
  ///
  /// - Parameters:
  ///   - toElements: Where the collection lives in this interactor's state.
  ///   - toElementAction: The case of this interactor's actions that carries the rows' actions.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - filePath: The path of that file, for the same reports.
  ///   - line: The line of the call, for the same reports.
  ///   - column: The column of the call, for the same reports.
  ///   - element: The interactor of one row.
  /// - Returns: This interactor with the rows in it, as an `AnyInteractor`, as
  ///   `when(stateIs:actionIs:stateAction:fileID:filePath:line:column:_:)` returns it and for the
  ///   same reason: one result type, so that the compiler checks each operator of a chain on its
  ///   own.
  @inlinable
  public func forEach<
    ElementID: Hashable & Sendable, ElementState, ElementAction,
    Element: Interactor<ElementState, ElementAction>
  >(
    stateIs toElements: WritableKeyPath<DomainState, IdentifiedArray<ElementID, ElementState>>,
    actionIs toElementAction: CaseMember<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ElementState, ElementAction> _ element: () -> Element
  ) -> AnyInteractor<DomainState, Action> {
    _ForEach(
      parent: self, elements: toElements, action: CaseMembers.casePath(toElementAction),
      element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).eraseToAnyInteractor()
  }
}

/// A child interactor run for each element of an `IdentifiedArray` in its parent's state. Made
/// by `Interactor.forEach(stateIs:actionIs:_:)`.
///
/// (Named with an underscore so that it does not shadow SwiftUI's `ForEach` in files that import
/// both.)
@MainActor
public struct _ForEach<Parent: Interactor, ElementID: Hashable & Sendable, Element: Interactor>: Interactor {
  public typealias DomainState = Parent.DomainState
  public typealias Action = Parent.Action
  public typealias Body = Never
  public typealias Elements = IdentifiedArray<ElementID, Element.DomainState>

  @usableFromInline let parent: AnyInteractor<Parent.DomainState, Parent.Action>
  @usableFromInline let action: AnyCasePath<Parent.Action, IdentifiedAction<ElementID, Element.Action>>
  @usableFromInline let element: AnyInteractor<Element.DomainState, Element.Action>
  /// Reaches a row by its id, runs it, and scopes its effects to it.
  @usableFromInline let rows: ChildStep<KeyedChild<DomainState, Elements>>

  @inlinable
  init(
    parent: Parent, elements: WritableKeyPath<Parent.DomainState, Elements>,
    action: AnyCasePath<Parent.Action, IdentifiedAction<ElementID, Element.Action>>, element: Element,
    callSite: CallSite
  ) {
    self.parent = parent.eraseToAnyInteractor()
    self.action = action
    self.element = element.eraseToAnyInteractor()
    self.rows = ChildStep(children: elements, callSite: callSite, interactor: Element.self)
  }

  @inlinable
  public var initialValue: DomainState { parent.initialValue }

  @inlinable
  public func interact(
    state parentState: inout DomainState, action parentAction: Action
  ) -> Emission<DomainState> {
    guard case .element(let id, let elementAction)? = action.extract(from: parentAction) else {
      return parent.interact(state: &parentState, action: parentAction)
    }
    guard
      let elementEmission = rows.step(
        &parentState, key: id, { element.interact(state: &$0, action: elementAction) })
    else {
      rows.callSite.reportIssue(missingElementMessage(id: id, action: elementAction))
      return .state
    }
    return elementEmission.merging(with: parent.interact(state: &parentState, action: parentAction))
  }

  @usableFromInline
  func missingElementMessage(id: ElementID, action: Element.Action) -> String {
    // The first paragraph speaks to whoever sent the action (a host shows it to its client);
    // the rest, to the feature's authors.
    """
    An action for the element with id '\(id)' was dropped: there is no element with that id.

    The action '\(action)' reached '.forEach(stateIs: \(String(reflecting: rows.location.children)))' \
    (written at \(rows.callSite)), which has no element with that id. The element was removed \
    before the action arrived, for instance by an action sent from a row that was still on \
    screen, or the id is wrong. Its effects were cancelled when it was removed; send a row's \
    actions only while the row is in the collection.
    """
  }
}
