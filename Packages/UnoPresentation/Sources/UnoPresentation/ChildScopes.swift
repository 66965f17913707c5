@_spi(Internals) import UnoCore

/// The child view models a view model has made, by scope: one table, updated once per change of
/// the parent's view state.
@MainActor
final class ChildScopes<ViewState> {
  private var byKey: [ScopeKey: any ChildScope<ViewState>] = [:]
  private var all: [any ChildScope<ViewState>] = []

  /// The scope of `key`, made by `make` the first time.
  func scope<Scope: ChildScope<ViewState>>(_ key: ScopeKey, make: () -> Scope) -> Scope {
    if let found = byKey[key] as? Scope { return found }
    let made = make()
    byKey[key] = made
    all.append(made)
    return made
  }

  /// Compares each scope's part of the parent's old and new view state, before the parent tells
  /// any observer of the change: a list's ids field is told from the same walk of its rows that
  /// finds the rows to hand on (``RowsScope/idsDiffer(_:_:)``).
  func compare(from old: ViewState, to new: ViewState) {
    for scope in all { scope.compare(from: old, to: new) }
  }

  /// Hands each child its part of the parent's new view state, as ``compare(from:to:)`` found it,
  /// and detaches those whose part is gone.
  func update(from old: ViewState, to new: ViewState, source: StateChangeSource) {
    for scope in all { scope.update(from: old, to: new, source: source) }
  }

  /// Detaches every child: the parent's own part has gone.
  func detachAll() {
    for scope in all { scope.detachAll() }
  }
}

/// What tells one scope from another: the parent's key path, the action's case key path when it
/// was given as one, and the child's action type (a scope given a closure is told apart by that
/// only: the first call's closure is the scope's).
@usableFromInline
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath?
  let childAction: ObjectIdentifier

  @usableFromInline
  init(state: AnyKeyPath, action: AnyKeyPath?, childAction: ObjectIdentifier) {
    self.state = state
    self.action = action
    self.childAction = childAction
  }
}

/// The child view models of one part of a parent's view state.
@MainActor
protocol ChildScope<ParentViewState>: AnyObject {
  associatedtype ParentViewState
  func compare(from old: ParentViewState, to new: ParentViewState)
  func update(from old: ParentViewState, to new: ParentViewState, source: StateChangeSource)
  func detachAll()
}

/// The rows of a collection of `Identifiable` values: a view model per row id.
///
/// After a change of the parent's view state it walks the old rows and the new side by side, once
/// (``RowsWalk``, specialized for the rows' type): while the ids are the same, in the same order,
/// only the rows that differ are handed to their view models, and no row is looked up by id. The
/// same walk tells the parent whether a view that draws the list (its ids) must draw again.
@MainActor
final class RowsScope<
  ParentAction: Sendable, ParentViewState, Rows: Collection, ChildAction: Sendable
>: ChildScope where Rows.Element: Identifiable & Equatable, Rows.Element.ID: Sendable {
  typealias Row = Rows.Element
  typealias Child = ChildViewModel<ChildAction, Row>

  private let rows: KeyPath<ParentViewState, Rows>
  private let walk: RowsWalk<Rows>
  private let embed: @MainActor (Row.ID, ChildAction) -> ParentAction
  private var children: [Row.ID: Child] = [:]
  /// The view model of each row of the parent's current rows, by offset (`nil`: none made yet,
  /// or an id an earlier row has).
  private var ordered: ContiguousArray<Child?> = []
  /// Counts the walks by id: a child found in one has its `seenGeneration` set to it.
  private var generation = 0
  /// What ``compare(from:to:)`` found of the change being made, until ``update(from:to:source:)``
  /// hands it on: whether the ids kept their order and, if they did, the rows that differ, by
  /// offset.
  private var compared: Compared?
  private typealias Compared = (sameIDs: Bool, changed: [(offset: Int, row: Row)])

  init(
    rows: KeyPath<ParentViewState, Rows>, walk: RowsWalk<Rows>,
    embed: @escaping @MainActor (Row.ID, ChildAction) -> ParentAction
  ) {
    self.rows = rows
    self.walk = walk
    self.embed = embed
  }

  /// The view models of `rows` (the parent's current rows), in their order, made for the rows
  /// that have none yet. A row whose id an earlier row has is not given one (its actions could not
  /// be told apart): its id is returned in `repeated`.
  func viewModels(
    of rows: Rows, parent: AnyViewModel<ParentAction, ParentViewState>
  ) -> (children: [Child], repeated: [Row.ID]) {
    var result: [Child] = []
    result.reserveCapacity(ordered.count)
    var repeated: [Row.ID] = []
    generation &+= 1
    var newOrdered = ContiguousArray<Child?>()
    newOrdered.reserveCapacity(ordered.count)
    for row in rows {
      let child: Child
      if let found = children[row.id] {
        guard found.seenGeneration != generation else {
          repeated.append(row.id)
          newOrdered.append(nil)
          continue
        }
        child = found
      } else {
        child = makeChild(row, parent: parent)
        children[row.id] = child
      }
      child.seenGeneration = generation
      newOrdered.append(child)
      result.append(child)
    }
    ordered = newOrdered
    return (result, repeated)
  }

  private func makeChild(_ row: Row, parent: AnyViewModel<ParentAction, ParentViewState>) -> Child {
    let id = row.id
    let embed = self.embed
    let child = Child(
      viewState: row, rowID: id, part: rows, parent: parent,
      deliver: { [weak parent] action in parent?.sendViewEvent(embed(id, action)) }
    )
    parent.childMade(child) { child.inspectedName }
    return child
  }

  func compare(from old: ParentViewState, to new: ParentViewState) {
    compared = walkRows(from: old, to: new)
  }

  private func walkRows(from old: ParentViewState, to new: ParentViewState) -> Compared {
    var changed: [(offset: Int, row: Row)] = []
    let sameIDs = walk.changes(old[keyPath: rows], new[keyPath: rows]) { offset, row in
      changed.append((offset, row))
    }
    return (sameIDs, sameIDs ? changed : [])
  }

  /// Whether `old` and `new` (the parent's view states of the change being made) hold different
  /// row ids, or the same in another order: what ``compare(from:to:)`` found, or a walk of the
  /// ids when it was not called for this change.
  func idsDiffer(_ old: ParentViewState, _ new: ParentViewState) -> Bool {
    if let compared { return !compared.sameIDs }
    return walk.idsDiffer(old[keyPath: rows], new[keyPath: rows])
  }

  func update(from old: ParentViewState, to new: ParentViewState, source: StateChangeSource) {
    // Taken first: a child's observer told below may send, and a change made then compares anew.
    let compared = self.compared ?? walkRows(from: old, to: new)
    self.compared = nil
    guard !children.isEmpty else { return }
    guard compared.sameIDs else { return reorder(new[keyPath: rows], source: source) }
    let ordered = self.ordered
    for (offset, row) in compared.changed { ordered[offset]?.receive(row, source: source) }
  }

  /// Finds each child's row by id in `newRows`, hands it the row, and detaches those whose row is
  /// gone.
  ///
  /// A child handed its row tells its observers at once, and one of them may ask the parent for
  /// its rows again (a list view drawing), which walks them with a later generation: so a child is
  /// seen in this walk when its mark is this walk's or later, and a repeated id is one marked with
  /// this walk's.
  private func reorder(_ newRows: Rows, source: StateChangeSource) {
    generation &+= 1
    let current = generation
    var newOrdered = ContiguousArray<Child?>()
    newOrdered.reserveCapacity(ordered.count)
    for row in newRows {
      guard let child = children[row.id], child.seenGeneration != current else {
        newOrdered.append(nil)
        continue
      }
      child.seenGeneration = current
      newOrdered.append(child)
      child.receive(row, source: source)
    }
    // A walk made meanwhile ordered the same rows, and may have made children this one did not see.
    if generation == current { ordered = newOrdered }
    for (id, child) in children where child.seenGeneration < current {
      child.detach()
      children[id] = nil
    }
  }

  func detachAll() {
    for child in children.values { child.detach() }
    children = [:]
    ordered = []
  }
}

/// The walks over a list's rows that a change of its parent makes, made where the rows' type is
/// known (in the caller's module, through `@inlinable`), so that they run specialized:
/// unspecialized, each row cost an iterator step, a value-witness copy and an `==` through
/// witness tables, and a change to one row of 1,000 took 200 µs instead of a few.
@usableFromInline
struct RowsWalk<Rows: Collection> where Rows.Element: Identifiable & Equatable {
  /// Whether `old` and `new` hold different ids, or the same in a different order.
  @usableFromInline let idsDiffer: (Rows, Rows) -> Bool
  /// When `old` and `new` hold the same ids in the same order, calls `changed(offset, row)` for
  /// each row of `new` that differs from the row of `old` at that offset, and returns `true`;
  /// otherwise returns `false` at the first difference of ids, having called `changed` for the
  /// rows before it.
  @usableFromInline let changes: (Rows, Rows, (Int, Rows.Element) -> Void) -> Bool

  @inlinable
  init() {
    idsDiffer = { old, new in
      var newRows = new.makeIterator()
      for row in old {
        guard let other = newRows.next(), other.id == row.id else { return true }
      }
      return newRows.next() != nil
    }
    changes = { old, new, changed in
      var newRows = new.makeIterator()
      var offset = 0
      for row in old {
        guard let other = newRows.next(), other.id == row.id else { return false }
        if other != row { changed(offset, other) }
        offset += 1
      }
      return newRows.next() == nil
    }
  }
}

/// A presented child: the value of an optional. Its view model lives while the optional holds a
/// value (the same value, by `id`, when it is `Identifiable`).
@MainActor
final class PresentedScope<
  ParentAction: Sendable, ParentViewState, ChildState, ChildAction: Sendable
>: ChildScope {
  typealias Child = ChildViewModel<ChildAction, ChildState>

  private let state: KeyPath<ParentViewState, ChildState?>
  private let embed: @MainActor (ChildAction) -> ParentAction
  private var child: Child?
  private var childIdentity: AnyHashable?

  init(
    state: KeyPath<ParentViewState, ChildState?>, embed: @escaping @MainActor (ChildAction) -> ParentAction
  ) {
    self.state = state
    self.embed = embed
  }

  /// The view model of `value`, made if there is none.
  func viewModel(of value: ChildState, parent: AnyViewModel<ParentAction, ParentViewState>) -> Child {
    if let child { return child }
    let id = identity(of: value)
    let embed = self.embed
    let made = Child(
      viewState: value, rowID: nil, part: state, parent: parent,
      deliver: { [weak parent] action in parent?.sendViewEvent(embed(action)) }
    )
    parent.childMade(made) { made.inspectedName }
    child = made
    childIdentity = id
    return made
  }

  func compare(from old: ParentViewState, to new: ParentViewState) {}

  func update(from old: ParentViewState, to new: ParentViewState, source: StateChangeSource) {
    guard let child else { return }
    if let value = new[keyPath: state], identity(of: value) == childIdentity {
      child.receive(value, source: source)
    } else {
      detachAll()
    }
  }

  func detachAll() {
    child?.detach()
    child = nil
    childIdentity = nil
  }
}

/// `value.id` when `value` is `Identifiable`, `nil` otherwise.
func identity(of value: Any) -> AnyHashable? {
  func open<Value: Identifiable>(_ value: Value) -> AnyHashable? {
    AnyHashable(value.id)
  }
  guard let identifiable = value as? any Identifiable else { return nil }
  return open(identifiable)
}
