import IssueReporting
@_spi(Internals) import UnoCore

/// A view model of a part of a feature: a row of a list, a presented child, a screen of a stack.
///
/// Made from its parent's view model, by `scope(rows:action:)`
/// and `scope(state:action:)` (see ``AnyViewModel``). Its view state is the
/// part of the parent's view state that is the child's (a row of `rows`, the value of an
/// optional), so the parent's ``ViewStateReducer`` is the only one there is; its actions are sent
/// through the parent, which hears them as it does from its own view:
///
/// ```swift
/// for row in viewModel.scope(rows: \.rows, action: \.todo) {
///   row.title                     // this row's title, tracked for this row only
///   row.sendViewEvent(.toggle)    // sends .todo(row: .element(id: row's id, action: .toggle))
/// }
/// ```
///
/// - Its observers are told only of changes to its part: a change to one row tells that row's
///   view model, and no other row's.
/// - It lives as long as its part does: the same object for the same row while the row is in the
///   list, the child while it is presented. When the part goes, ``isAttached`` turns `false`; it
///   keeps its last view state to read, and an action sent to it is reported and goes nowhere
///   (never to another row). A part that comes back gets a new view model.
/// - It holds its parent weakly: it never keeps the parent's view model alive.
@MainActor
public final class ChildViewModel<Action: Sendable, ViewState>: AnyViewModel<Action, ViewState>,
  Identifiable
{
  /// The id of its row, when it is a row's: what `rowID` reads.
  nonisolated let storedRowID: (any Sendable)?
  /// Sends an action through the parent; `nil` when the parent is gone.
  private let deliver: @MainActor (Action) -> EventTask?
  /// The parent's key path to the child's part: with `storedRowID`, where the child is, in the
  /// words of a report ("the row 3 of \TodosViewState.rows"), written only when one is made: a
  /// string made with each row's view model was a fifth of its memory (650 bytes, now 508).
  private let partKeyPath: AnyKeyPath
  private weak var parent: AnyObject?
  private var removed = false
  /// The last update of its rows scope that found its row (see `RowsScope`).
  var seenGeneration = 0

  init(
    viewState: ViewState, rowID: (any Sendable)?, part: AnyKeyPath, parent: AnyObject,
    deliver: @escaping @MainActor (Action) -> EventTask?
  ) {
    self.storedRowID = rowID
    self.deliver = deliver
    self.partKeyPath = part
    self.parent = parent
    super.init(viewState: viewState, comparesSharedValues: false)
  }

  /// Whether its part is still in its parent's state (and the parent is still alive): `false`
  /// once the row is removed, the child dismissed or the screen popped. A view model that is not
  /// attached sends nothing.
  public var isAttached: Bool { !removed && parent != nil }

  /// Sends an action through the parent's view model, addressed to this part (the row's id, the
  /// presented child, the screen's id). When the part has gone (``isAttached`` is `false`), the
  /// action is reported at this call and sent nowhere, and `EventTask.none` is returned.
  @discardableResult
  public override func sendViewEvent(
    _ event: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> EventTask {
    if !removed, let task = deliver(event) { return task }
    let place = storedRowID.map { "the row \($0) of \(partKeyPath)" } ?? "the child at \(partKeyPath)"
    let why =
      removed
      ? "\(place) is no longer in its parent's state (removed, dismissed or popped)"
      : "the view model \(place) belongs to has been released"
    CallSite(fileID: fileID, filePath: filePath, line: line, column: column).reportIssue(
      """
      '\(event)' was not sent: \(why). A child view model keeps its last state to show, but its \
      actions go nowhere, so that they never reach another row or child. Check `isAttached` \
      before sending from a view that can outlive its part.
      """
    )
    return .none
  }

  /// Marks the part gone, and every child view model made from this one.
  func detach() {
    removed = true
    scopes?.detachAll()
    if let parent = parent as? any ParentViewModel { parent.childGone(self) }
  }

  /// Where it is, as an inspector lists it under its view model's session: `\TodosViewState.rows
  /// · 0F2C…`, `\AppViewState.editor`.
  var inspectedName: String {
    storedRowID.map { "\(partKeyPath) · \($0)" } ?? "\(partKeyPath)"
  }

  override func childMade(_ child: AnyObject, name: () -> String) {
    if let parent = parent as? any ParentViewModel { parent.childMade(child, name: name) }
  }

  override func childGone(_ child: AnyObject) {
    if let parent = parent as? any ParentViewModel { parent.childGone(child) }
  }
}

extension ChildViewModel where ViewState: Identifiable {
  /// The id of the row this view model is of (its view state's `id`, fixed when it was made): the
  /// id of the `IdentifiedArray` a rows scope returns.
  nonisolated var rowID: ViewState.ID {
    // A rows scope makes every row's view model with the row's `id`, of this type.
    guard let id = storedRowID as? ViewState.ID else {
      preconditionFailure("a row's view model is made with its row's id")
    }
    return id
  }
}
