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

  /// Hands each child its part of the parent's new view state, and detaches those whose part is
  /// gone.
  func update(from viewState: ViewState, source: StateChangeSource) {
    for scope in all { scope.update(from: viewState, source: source) }
  }

  /// Detaches every child: the parent's own part has gone.
  func detachAll() {
    for scope in all { scope.detachAll() }
  }
}

/// What tells one scope from another: the parent's key path, the action's case key path when it
/// was given as one, and the child's action type (a scope given a closure is told apart by that
/// only: the first call's closure is the scope's).
struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath?
  let childAction: ObjectIdentifier
}

/// The child view models of one part of a parent's view state.
@MainActor
protocol ChildScope<ParentViewState>: AnyObject {
  associatedtype ParentViewState
  func update(from parent: ParentViewState, source: StateChangeSource)
  func detachAll()
}

/// The rows of a collection of `Identifiable` values: a view model per row id.
@MainActor
final class RowsScope<
  ParentAction: Sendable, ParentViewState: Sendable, Rows: Collection, ChildAction: Sendable
>: ChildScope where Rows.Element: Identifiable & Sendable, Rows.Element.ID: Sendable {
  typealias Row = Rows.Element
  typealias Child = ChildViewModel<ChildAction, Row>

  private let rows: KeyPath<ParentViewState, Rows>
  private let embed: @MainActor (Row.ID, ChildAction) -> ParentAction
  private var children: [Row.ID: Child] = [:]
  /// Counts updates: a child found in one has its `seenGeneration` set to it.
  private var generation = 0

  init(
    rows: KeyPath<ParentViewState, Rows>, embed: @escaping @MainActor (Row.ID, ChildAction) -> ParentAction
  ) {
    self.rows = rows
    self.embed = embed
  }

  /// The view models of `rows`, in their order, made for the rows that have none yet. A row
  /// whose id an earlier row has is not given one (its actions could not be told apart).
  func viewModels(
    of rows: Rows, parent: AnyViewModel<ParentAction, ParentViewState>
  ) -> (children: [Child], repeated: [Row.ID]) {
    var result: [Child] = []
    result.reserveCapacity(rows.count)
    var seen = Set<Row.ID>(minimumCapacity: rows.count)
    var repeated: [Row.ID] = []
    for row in rows {
      guard seen.insert(row.id).inserted else {
        repeated.append(row.id)
        continue
      }
      if let child = children[row.id] {
        result.append(child)
      } else {
        let child = makeChild(row, parent: parent)
        children[row.id] = child
        result.append(child)
      }
    }
    return (result, repeated)
  }

  private func makeChild(_ row: Row, parent: AnyViewModel<ParentAction, ParentViewState>) -> Child {
    let id = row.id
    let embed = self.embed
    return Child(
      viewState: row, rowID: id, place: "the row \(id) of \(rows)", parent: parent,
      deliver: { [weak parent] action in parent?.sendViewEvent(embed(id, action)) }
    )
  }

  func update(from parent: ParentViewState, source: StateChangeSource) {
    guard !children.isEmpty else { return }
    generation &+= 1
    var found = 0
    for row in parent[keyPath: rows] {
      guard let child = children[row.id], child.seenGeneration != generation else { continue }
      child.seenGeneration = generation
      found += 1
      child.receive(row, source: source)
    }
    guard found < children.count else { return }
    for (id, child) in children where child.seenGeneration != generation {
      child.detach()
      children[id] = nil
    }
  }

  func detachAll() {
    for child in children.values { child.detach() }
    children = [:]
  }
}

/// A presented child: the value of an optional. Its view model lives while the optional holds a
/// value (the same value, by `id`, when it is `Identifiable`).
@MainActor
final class PresentedScope<
  ParentAction: Sendable, ParentViewState: Sendable, ChildState: Sendable, ChildAction: Sendable
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
      viewState: value, rowID: nil, place: "the child at \(state)", parent: parent,
      deliver: { [weak parent] action in parent?.sendViewEvent(embed(action)) }
    )
    child = made
    childIdentity = id
    return made
  }

  func update(from parent: ParentViewState, source: StateChangeSource) {
    guard let child else { return }
    if let value = parent[keyPath: state], identity(of: value) == childIdentity {
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
