import Dependencies
import IssueReporting
import Observation
import Synchronization
@_spi(Internals) import UnoCore

/// Runs a feature on the main actor and exposes its view state to a view.
///
/// A view model owns an `InteractorRuntime` (which owns the domain state and the effects) and a
/// ``ViewStateReducer`` that turns the domain state into view state after every change, from
/// actions and from effects alike.
///
/// ```swift
/// let viewModel = ViewModel(
///   initialValue: CounterViewState(count: 0, displayText: ""),
///   CounterInteractor().eraseToAnyInteractor(),
///   CounterViewStateReducer().eraseToAnyViewStateReducer()
/// )
/// viewModel.sendViewEvent(.increment)
/// viewModel.displayText   // "Count: 1": dynamic member lookup into viewState
/// await viewModel.sendViewEvent(.refresh).finish()
/// ```
///
/// - It is observable with the Observation framework: SwiftUI views, and
///   `withObservationTracking`, are told once per view-state change.
/// - ``viewStates`` is an `AsyncStream` of view states for non-UI consumers.
/// - Releasing the view model cancels all of its effects; effects never keep it alive.
/// - In debug builds, creating a view model at a call site where another one is still alive is
///   reported: it usually means a view re-creates its view model (use `@State`).
@dynamicMemberLookup
@MainActor
public final class ViewModel<Action: Sendable, DomainState: Sendable, ViewState: Sendable>: Observable {
  private var _viewState: ViewState
  private let runtime: InteractorRuntime<DomainState, Action>
  private let viewStateReducer: AnyViewStateReducer<DomainState, ViewState>
  private let registrar = ObservationRegistrar()
  /// Made by the first ``viewStates``: most view models (those of views) never have a stream, and
  /// then cost neither its memory nor a lock on every change.
  private var streams: StreamContinuations<ViewState>?
  private var viewStateObservers: [@MainActor (ViewState, StateChangeSource) -> Void] = []
  private let callSite: LiveViewModelSite?
  /// `\.viewState`, made once: a key path literal in a generic class is instantiated at run time
  /// each time it is evaluated, which cost more than the rest of a send together.
  private let viewStateKeyPath: KeyPath<ViewModel, ViewState>
  /// `==` on view states when they are `Equatable`, found once.
  private let viewStatesAreEqual: ((ViewState, ViewState) -> Bool)?
  /// The shared values (``Shared``) `_viewState` held when it was computed: it reads them live,
  /// so telling a change from none compares against these.
  private var viewStateShared = SharedSnapshot.empty

  /// Creates a view model whose view state is reduced from the domain state.
  ///
  /// The domain state starts at the interactor's `Interactor.initialValue`. The view state starts
  /// at `initialValue`, which is trusted: the reducer first runs after the first change.
  ///
  /// - Parameters:
  ///   - initialValue: The view state to show before the first change.
  ///   - interactor: The feature's business logic.
  ///   - viewStateReducer: Maps domain state to view state.
  ///   - prepareDependencies: Overrides dependencies (swift-dependencies) for every action and
  ///     effect of this view model, on top of those in force where it is created, for instance
  ///     `{ $0.continuousClock = ImmediateClock() }` in a preview.
  ///   - reportsReinitialization: Whether to report (in debug builds) a second live view model from
  ///     the same call site. `nil`, the default, reports except under a test runner, where tests
  ///     running in parallel legitimately create view models from one helper. Pass `false` where
  ///     several are intended, e.g. a host opening many sessions.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - line: The line of the call, for the same reports.
  public init(
    initialValue: @autoclosure () -> ViewState,
    _ interactor: AnyInteractor<DomainState, Action>,
    _ viewStateReducer: AnyViewStateReducer<DomainState, ViewState>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    self._viewState = initialValue()
    self.viewStateShared = .capture(_viewState)
    self.viewStateKeyPath = \.viewState
    self.viewStatesAreEqual = equality(for: ViewState.self)
    self.viewStateReducer = viewStateReducer
    // The runtime captures the dependency values in force where it is created. Without overrides
    // it takes them as they are: `withDependencies`, even with nothing to change, gives the
    // runtime a copy of its own (about 600 bytes a view model) that overrides something, which
    // makes every step bind it (docs/performance.md).
    if let prepareDependencies {
      self.runtime = Dependencies.withDependencies(prepareDependencies) { InteractorRuntime(interactor) }
    } else {
      self.runtime = InteractorRuntime(interactor)
    }
    self.callSite =
      reportsReinitialization ?? !isTesting ? LiveViewModelSite.register(fileID: fileID, line: line) : nil
    runtime.addObserver(withSource: { [weak self] domainState, source in
      self?.domainStateDidChange(domainState, source: source)
    })
  }

  /// Creates a view model whose view state *is* the domain state (see ``DirectViewModel``).
  public convenience init(
    _ initialValue: @autoclosure () -> ViewState,
    _ interactor: AnyInteractor<ViewState, Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where DomainState == ViewState {
    self.init(
      initialValue: initialValue(), interactor, BuildViewState { $0 }.eraseToAnyViewStateReducer(),
      withDependencies: prepareDependencies, reportsReinitialization: reportsReinitialization,
      fileID: fileID, line: line
    )
  }

  deinit {
    callSite?.unregister()
    streams?.finishAll()
    // The runtime goes with us, and its deinit cancels every effect.
  }

  /// The current view state. Reading it inside `withObservationTracking` (or a SwiftUI body)
  /// tracks it.
  public private(set) var viewState: ViewState {
    get {
      registrar.access(self, keyPath: viewStateKeyPath)
      return _viewState
    }
    set {
      registrar.withMutation(of: self, keyPath: viewStateKeyPath) {
        _viewState = newValue
      }
    }
  }

  /// Reads a property of ``viewState``: `viewModel.displayText`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<ViewState, Value>) -> Value {
    viewState[keyPath: keyPath]
  }

  /// Sends an action. ``viewState`` is up to date when this returns; the returned `EventTask`
  /// tracks the effects the action started.
  ///
  /// ```swift
  /// viewModel.sendViewEvent(.increment)                  // fire and forget
  /// await viewModel.sendViewEvent(.refresh).finish()     // e.g. in .refreshable
  /// ```
  @discardableResult
  public func sendViewEvent(_ event: Action) -> EventTask {
    runtime.send(event)
  }

  /// View states for consumers that are not views: the current view state first, then every
  /// change, until the view model is released or the consumer stops.
  ///
  /// ```swift
  /// for await state in viewModel.viewStates {
  ///   print(state.displayText)
  /// }
  /// ```
  public var viewStates: AsyncStream<ViewState> {
    let (stream, continuation) = AsyncStream<ViewState>.makeStream()
    continuation.yield(_viewState)
    let streams = self.streams ?? StreamContinuations()
    self.streams = streams
    streams.add(continuation)
    return stream
  }

  /// The domain state, for diagnostics and tests. Views should read ``viewState``.
  public var domainState: DomainState { runtime.state }

  /// The runtime the view model drives: hosts record and replay sessions through it.
  @_spi(Internals) public var _runtime: InteractorRuntime<DomainState, Action> { runtime }

  /// Calls `onChange` after every view-state change, with the new view state and where the change
  /// came from (the action being sent, or an effect of an earlier action's `EventTask`).
  ///
  /// For consumers that must attribute changes, such as `uno-host`; views use observation.
  public func observeViewState(_ onChange: @escaping @MainActor (ViewState, StateChangeSource) -> Void) {
    viewStateObservers.append(onChange)
  }

  private func domainStateDidChange(_ domainState: DomainState, source: StateChangeSource) {
    var newViewState = _viewState
    viewStateReducer.reduce(domainState, into: &newViewState)
    let newShared = SharedSnapshot.capture(newViewState)
    if let viewStatesAreEqual {
      let unchanged =
        newShared.isEmpty && viewStateShared.isEmpty
        ? viewStatesAreEqual(newViewState, _viewState)
        : SharedSnapshot.isEqual(_viewState, viewStateShared, newViewState, newShared)
      if unchanged { return }
    }
    viewStateShared = newShared
    viewState = newViewState
    streams?.yield(newViewState)
    for observer in viewStateObservers { observer(newViewState, source) }
  }
}

/// A view model whose view state is its domain state: for features simple enough to render their
/// domain directly.
///
/// ```swift
/// let viewModel: DirectViewModel<CounterAction, CounterState> = ViewModel(
///   CounterState(count: 0),
///   CounterInteractor().eraseToAnyInteractor()
/// )
/// ```
public typealias DirectViewModel<Action: Sendable, State: Sendable> = ViewModel<Action, State, State>

/// `==` for `T` if `T` is `Equatable`, `nil` otherwise.
private func equality<T>(for type: T.Type) -> ((T, T) -> Bool)? {
  func open<E: Equatable>(_: E.Type) -> (T, T) -> Bool {
    // `E` is `T`: it is the type `T.self` was found to be, only named differently, so
    // reinterpreting a `T` as an `E` is the identity and no value is copied into a wrong layout.
    { lhs, rhs in unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self) }
  }
  guard let equatable = type as? any Equatable.Type else { return nil }
  return open(equatable)
}

/// The continuations of a view model's ``ViewModel/viewStates`` streams, behind a lock so that
/// the (nonisolated) deinit can finish them.
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
