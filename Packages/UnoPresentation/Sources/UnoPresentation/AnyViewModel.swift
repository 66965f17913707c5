import Observation
import Synchronization
@_spi(Internals) import UnoCore

/// What every view model has, whichever feature runs it: a view state that views read field by
/// field, and actions that views send.
///
/// A ``ViewModel`` runs a feature; a ``ChildViewModel`` is a part of one (a row, a presented
/// child, a screen of a stack) made with `scope(rows:action:)` or
/// `scope(state:action:)`. A view that only reads and sends can take
/// either as an `AnyViewModel`:
///
/// ```swift
/// struct TodoRowView: View {
///   let viewModel: AnyViewModel<TodoAction, TodosViewState.Row>
///   var body: some View {
///     Toggle(viewModel.title, isOn: Binding(viewModel.binding(\.isComplete) { _ in .toggle }))
///   }
/// }
/// ```
///
/// ## Observation
///
/// It is `Observable`, field by field:
///
/// - Reading a field through dynamic member lookup (`viewModel.title`) tracks that field only. A
///   change tells its observers only when the field's new value differs from its old one (`==`);
///   a field whose type is not `Equatable` tells them of every view-state change.
/// - Reading ``viewState`` whole tracks all of it: its observers are told of every change.
/// - A nested value or a collection is one field: `viewModel.editor` is told when the editor
///   changes, not when the rows do. A row's own observers are its ``ChildViewModel``'s.
@dynamicMemberLookup
@MainActor
public class AnyViewModel<Action: Sendable, ViewState>: Observable {
  @usableFromInline final var _viewState: ViewState
  @usableFromInline final let registrar = ObservationRegistrar()
  /// `==`, made once for all view models of these types.
  private let facts: ViewModelTypeFacts<Action, ViewState>
  /// The shared values (``Shared``) `_viewState` held when it was computed, against which a new
  /// view state is compared: a root view model's may hold one that is read live. `nil` for a
  /// child, whose view state is compared with `==`: its parent tells it when to look.
  private var viewStateShared: SharedSnapshot?
  /// Made by the first ``viewStates``; apart from `extras` so that the (nonisolated) deinit can
  /// finish them.
  private var streams: ViewStateStreams<ViewState>?
  /// What most view models (those of views) never need, made on first use: an idle view model
  /// then costs one pointer for all of it (docs/performance.md, "10,000 idle ViewModels").
  private var extras: Extras?
  /// Whether ``viewState`` was read since the last change: if not, nobody observes it whole (an
  /// observer is forgotten at the first change it is told of), and a change tells the registrar
  /// nothing about it. Most views read fields; most sends are then one registrar call lighter.
  private var wholeIsRead = false

  private final class Extras {
    var observers: [@MainActor (ViewState, StateChangeSource) -> Void] = []
    /// Whether ``observers`` has any: a change looks at this, not at the array, whose element type
    /// (a main-actor closure of the view state's type) an unspecialized look at it finds by a
    /// metadata lookup, a twentieth of a send.
    var isObserved = false
    /// Made by the first field read.
    var fields: FieldObservation<Action, ViewState>?
    /// Made by the first scope.
    var scopes: ChildScopes<ViewState>?
  }

  private var madeExtras: Extras {
    if let extras { return extras }
    let made = Extras()
    extras = made
    return made
  }

  init(viewState: ViewState, comparesSharedValues: Bool) {
    self._viewState = viewState
    if comparesSharedValues { self.viewStateShared = .capture(viewState) }
    self.facts = .shared
  }

  deinit {
    streams?.finishAll()
  }

  /// The current view state. Reading it inside `withObservationTracking` (or a SwiftUI body)
  /// tracks all of it; read a field (`viewModel.title`) to track that field only.
  public final var viewState: ViewState {
    wholeIsRead = true
    registrar.access(ObservationSubject.shared, keyPath: \ObservationSubject.whole)
    return _viewState
  }

  /// Reads a field of ``viewState`` (`viewModel.displayText`) and tracks that field only: its
  /// observers are told when a change leaves it different.
  ///
  /// Inlined into the caller, so that reading the field and comparing it after a change run
  /// specialized for its type.
  @inlinable
  public final subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    let field = fields.read(ObservedField(kind: .value, keyPath: keyPath)) {
      { old, new in old[keyPath: keyPath] != new[keyPath: keyPath] }
    }
    registrar.access(ObservationSubject.shared, keyPath: field)
    return _viewState[keyPath: keyPath]
  }

  /// Reads a field of ``viewState`` whose type is not `Equatable`, and tracks that field: as it
  /// cannot be compared, its observers are told of every view-state change.
  public final subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    let field = fields.read(ObservedField(kind: .value, keyPath: keyPath)) { nil }
    registrar.access(ObservationSubject.shared, keyPath: field)
    return _viewState[keyPath: keyPath]
  }

  @usableFromInline final var fields: FieldObservation<Action, ViewState> {
    let extras = madeExtras
    if let fields = extras.fields { return fields }
    let made = FieldObservation<Action, ViewState>()
    extras.fields = made
    return made
  }

  /// The child view models made from this one, by scope.
  final var scopes: ChildScopes<ViewState>? { extras?.scopes }

  final var madeScopes: ChildScopes<ViewState> {
    let extras = madeExtras
    if let scopes = extras.scopes { return scopes }
    let made = ChildScopes<ViewState>()
    extras.scopes = made
    return made
  }

  /// A child view model was made from this one, or from one of its children (`name`: where it
  /// is, made only if an inspector asks): a ``ViewModel`` tells its runtime's session in a
  /// connected inspector, a ``ChildViewModel`` its parent.
  func childMade(_ child: AnyObject, name: () -> String) {}

  /// The child view model `child` went: its part of the state did.
  func childGone(_ child: AnyObject) {}

  /// Sends an action; ``viewState`` is up to date when this returns, and the returned
  /// `EventTask` tracks the effects the action started.
  ///
  /// ```swift
  /// viewModel.sendViewEvent(.increment)                  // fire and forget
  /// await viewModel.sendViewEvent(.refresh).finish()     // e.g. in .refreshable
  /// ```
  ///
  /// A ``ChildViewModel`` whose row, child or screen has gone sends nothing: it reports the
  /// action, at this call, and returns `EventTask.none`.
  @discardableResult
  public func sendViewEvent(
    _ event: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> EventTask {
    preconditionFailure("\(Self.self) is made only as a ViewModel or a ChildViewModel, which send")
  }

  /// Calls `onChange` after every view-state change, with the new view state and where the change
  /// came from (the action being sent, or an effect of an earlier action's `EventTask`).
  ///
  /// For consumers that must attribute changes, such as `uno-host`; views use observation.
  public final func observeViewState(_ onChange: @escaping @MainActor (ViewState, StateChangeSource) -> Void)
  {
    let extras = madeExtras
    extras.observers.append(onChange)
    extras.isObserved = true
  }

  /// Takes `newViewState` unless it is equal to the current one, and tells whoever observes what
  /// changed: the fields read that differ, the whole-state readers, the child view models, the
  /// streams and the observers of ``observeViewState(_:)``.
  final func receive(_ newViewState: ViewState, source: StateChangeSource) {
    if let viewStatesAreEqual = facts.viewStatesAreEqual {
      if let viewStateShared {
        let newShared = SharedSnapshot.capture(newViewState)
        let unchanged =
          newShared.isEmpty && viewStateShared.isEmpty
          ? viewStatesAreEqual(newViewState, _viewState)
          : SharedSnapshot.isEqual(_viewState, viewStateShared, newViewState, newShared)
        if unchanged { return }
        self.viewStateShared = newShared
      } else if viewStatesAreEqual(newViewState, _viewState) {
        return
      }
    } else if viewStateShared != nil {
      viewStateShared = SharedSnapshot.capture(newViewState)
    }
    guard let extras else {
      set(newViewState)
      streams?.yield(newViewState)
      return
    }
    let oldViewState = _viewState
    extras.scopes?.compare(from: oldViewState, to: newViewState)
    let changedFields = extras.fields?.takeChanged(from: oldViewState, to: newViewState) ?? []
    if changedFields.count == 1 {
      // The usual change of a view read field by field: one call into the registrar, not two.
      registrar.withMutation(of: ObservationSubject.shared, keyPath: changedFields[0]) { set(newViewState) }
    } else {
      for field in changedFields { registrar.willSet(ObservationSubject.shared, keyPath: field) }
      set(newViewState)
      for field in changedFields { registrar.didSet(ObservationSubject.shared, keyPath: field) }
    }
    extras.scopes?.update(from: oldViewState, to: newViewState, source: source)
    streams?.yield(newViewState)
    if extras.isObserved {
      for observer in extras.observers { observer(newViewState, source) }
    }
  }
}

/// What every view model of one `Action` and `ViewState` shares, made by the first: each view
/// model made its own before, which cost every idle one the closure that opens the type (and,
/// before ``ObservationSubject``, a `\.viewState` key path: a key path literal in a generic class
/// is instantiated each time it is evaluated).
@MainActor
final class ViewModelTypeFacts<Action: Sendable, ViewState> {
  /// `==` on view states when they are `Equatable`.
  let viewStatesAreEqual: ((ViewState, ViewState) -> Bool)?

  private init() {
    viewStatesAreEqual = equality(for: ViewState.self)
  }

  /// The facts of these types.
  static var shared: ViewModelTypeFacts {
    let key = ObjectIdentifier(ViewModelTypeFacts.self)
    if let found = viewModelTypeFacts[key] as? ViewModelTypeFacts { return found }
    let made = ViewModelTypeFacts()
    viewModelTypeFacts[key] = made
    return made
  }
}

extension AnyViewModel where ViewState: Sendable {
  /// View states for consumers that are not views: the current view state first, then every
  /// change, until the view model is released or the consumer stops.
  ///
  /// ```swift
  /// for await state in viewModel.viewStates {
  ///   print(state.displayText)
  /// }
  /// ```
  ///
  /// Available when the view state is `Sendable`, as the stream's consumer may run on another
  /// actor; a view state that is not (one whose conformances are main-actor isolated, in a module
  /// whose default isolation is `MainActor`) is observed on the main actor with
  /// ``observeViewState(_:)``.
  public var viewStates: AsyncStream<ViewState> {
    let (stream, continuation) = AsyncStream<ViewState>.makeStream()
    continuation.yield(_viewState)
    if let streams = streams?.continuations as? StreamContinuations<ViewState> {
      streams.add(continuation)
    } else {
      let continuations = StreamContinuations<ViewState>()
      continuations.add(continuation)
      streams = ViewStateStreams(continuations)
    }
    return stream
  }
}

/// ``ViewModelTypeFacts`` by type: as many as the view model types a program has.
@MainActor private var viewModelTypeFacts: [ObjectIdentifier: AnyObject] = [:]

extension AnyViewModel {
  /// Sets the view state, telling its whole-state readers if any has read it since the last change.
  private func set(_ newViewState: ViewState) {
    guard wholeIsRead else {
      _viewState = newViewState
      return
    }
    // Cleared first: a reader told of this change that reads again is a reader of the next.
    wholeIsRead = false
    registrar.withMutation(of: ObservationSubject.shared, keyPath: \ObservationSubject.whole) {
      _viewState = newViewState
    }
  }
}

/// `==` for `T` if `T` is `Equatable`, `nil` otherwise.
func equality<T>(for type: T.Type) -> ((T, T) -> Bool)? {
  func open<E: Equatable>(_: E.Type) -> (T, T) -> Bool {
    // `E` is `T`: it is the type `T.self` was found to be, only named differently, so
    // reinterpreting a `T` as an `E` is the identity and no value is copied into a wrong layout.
    { lhs, rhs in unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self) }
  }
  guard let equatable = type as? any Equatable.Type else { return nil }
  return open(equatable)
}

/// A view model's ``AnyViewModel/viewStates`` streams, for a view state of any type: made by
/// `viewStates`, which exists only where the view state is `Sendable`, and held by every view
/// model, whose view state need not be.
final class ViewStateStreams<ViewState>: Sendable {
  /// The ``StreamContinuations`` of the view state's type.
  let continuations: any Sendable
  /// Yields a new view state to every stream.
  let yield: @Sendable (ViewState) -> Void
  /// Finishes every stream.
  let finishAll: @Sendable () -> Void

  init(_ continuations: StreamContinuations<ViewState>) where ViewState: Sendable {
    self.continuations = continuations
    self.yield = { continuations.yield($0) }
    self.finishAll = { continuations.finishAll() }
  }
}

/// The continuations of a view model's ``AnyViewModel/viewStates`` streams, behind a lock so
/// that the (nonisolated) deinit can finish them.
final class StreamContinuations<Element: Sendable>: Sendable {
  private let continuations = Locked<[Int: AsyncStream<Element>.Continuation]>([:])
  private let nextID = Atomic(0)

  func add(_ continuation: AsyncStream<Element>.Continuation) {
    let id = nextID.add(1, ordering: .relaxed).newValue
    continuations.withLock { $0[id] = continuation }
    continuation.onTermination = { [weak self] _ in
      _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
    }
  }

  func yield(_ element: Element) {
    let all = continuations.withLock { $0.isEmpty ? [] : Array($0.values) }
    for continuation in all { continuation.yield(element) }
  }

  func finishAll() {
    let all = continuations.withLock { continuations in
      defer { continuations = [:] }
      return Array(continuations.values)
    }
    for continuation in all { continuation.finish() }
  }
}
