import Dependencies
import IssueReporting
import Observation
import Synchronization
@_spi(Internals) @_spi(Inspection) import UnoCore

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
/// - It is observable with the Observation framework, field by field: a view that reads
///   `viewModel.displayText` is told when the display text changes, not when another field does
///   (see ``AnyViewModel``).
/// - Its rows, presented children and stack screens get view models of their own
///   (``ChildViewModel``), which tell their views of their own changes only.
/// - ``AnyViewModel/viewStates`` is an `AsyncStream` of view states for non-UI consumers.
/// - Releasing the view model cancels all of its effects; effects never keep it alive.
/// - In debug builds, creating a view model at a call site where another one is still alive is
///   reported: it usually means a view re-creates its view model (use `@State`).
@MainActor
public final class ViewModel<Action: Sendable, DomainState: Sendable, ViewState>:
  AnyViewModel<Action, ViewState>
{
  private let runtime: InteractorRuntime<DomainState, Action>
  private let viewStateReducer: AnyViewStateReducer<DomainState, ViewState>
  private let callSite: LiveViewModelSite?

  /// Creates a view model whose view state is reduced from the domain state.
  ///
  /// The domain state starts at the interactor's `Interactor.initialValue`. The view state starts
  /// at `initialValue`, which is trusted: the reducer first runs after the first change.
  ///
  /// The three values are made here, under the view model's dependencies (`prepareDependencies`
  /// applied), so that a feature that reads a dependency while its body is built, in a capture
  /// list for instance, captures the one its effects will use:
  ///
  /// ```swift
  /// var body: some Interactor<State, Action> {
  ///   Interact { [clock] state, action in …  try await clock.sleep(for: .seconds(1)) … }
  /// }
  ///
  /// ViewModel(
  ///   initialValue: TimerViewState(),
  ///   TimerInteractor().eraseToAnyInteractor(),  // built with the clock below
  ///   TimerViewStateReducer().eraseToAnyViewStateReducer(),
  ///   withDependencies: { $0.continuousClock = ImmediateClock() }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: The view state to show before the first change.
  ///   - interactor: The feature's business logic.
  ///   - viewStateReducer: Maps domain state to view state.
  ///   - prepareDependencies: Overrides dependencies (swift-dependencies) for every action and
  ///     effect of this view model, on top of those in force where it is created, for instance
  ///     `{ $0.continuousClock = ImmediateClock() }` in a preview. The interactor, the view state
  ///     reducer and the initial view state are made with them too.
  ///   - reportsReinitialization: Whether to report (in debug builds) a second live view model from
  ///     the same call site. `nil`, the default, reports except under a test runner, where tests
  ///     running in parallel legitimately create view models from one helper. Pass `false` where
  ///     several are intended, e.g. a host opening many sessions.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - line: The line of the call, for the same reports.
  public init(
    initialValue: @autoclosure () -> ViewState,
    _ interactor: @autoclosure () -> AnyInteractor<DomainState, Action>,
    _ viewStateReducer: @autoclosure () -> AnyViewStateReducer<DomainState, ViewState>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) {
    // The runtime captures the dependency values in force where it is created, and the interactor
    // is erased (its body built) beside it, under the same values. Without overrides it takes them
    // as they are: `withDependencies`, even with nothing to change, gives the runtime a copy of
    // its own (about 600 bytes a view model) that overrides something, which makes every step
    // bind it (docs/performance.md).
    func make() -> (
      InteractorRuntime<DomainState, Action>, AnyViewStateReducer<DomainState, ViewState>, ViewState
    ) {
      (InteractorRuntime(interactor()), viewStateReducer(), initialValue())
    }
    let (runtime, viewStateReducer, viewState) =
      if let prepareDependencies {
        Dependencies.withDependencies(prepareDependencies) { make() }
      } else {
        make()
      }
    self.runtime = runtime
    self.viewStateReducer = viewStateReducer
    self.callSite =
      reportsReinitialization ?? !isTesting ? LiveViewModelSite.register(fileID: fileID, line: line) : nil
    super.init(viewState: viewState, comparesSharedValues: true)
    runtime.addObserver(withSource: { [weak self] domainState, source in
      self?.domainStateDidChange(domainState, source: source)
    })
  }

  /// Creates a view model whose view state *is* the domain state (see ``DirectViewModel``).
  public convenience init(
    _ initialValue: @autoclosure () -> ViewState,
    _ interactor: @autoclosure () -> AnyInteractor<ViewState, Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where DomainState == ViewState {
    self.init(
      initialValue: initialValue(), interactor(), BuildViewState { $0 }.eraseToAnyViewStateReducer(),
      withDependencies: prepareDependencies, reportsReinitialization: reportsReinitialization,
      fileID: fileID, line: line
    )
  }

  deinit {
    callSite?.unregister()
    // The runtime goes with us, and its deinit cancels every effect.
  }

  /// Sends an action. ``AnyViewModel/viewState`` is up to date when this returns; the returned
  /// `EventTask` tracks the effects the action started.
  ///
  /// ```swift
  /// viewModel.sendViewEvent(.increment)                  // fire and forget
  /// await viewModel.sendViewEvent(.refresh).finish()     // e.g. in .refreshable
  /// ```
  @discardableResult
  public override func sendViewEvent(
    _ event: Action, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> EventTask {
    runtime.send(event)
  }

  /// The domain state, for diagnostics and tests. Views should read ``AnyViewModel/viewState``.
  public var domainState: DomainState { runtime.state }

  /// Names this view model's session in a connected inspector (`UnoInspection.connect`), or
  /// leaves the view model out of it with `nil`: see `InteractorRuntime.inspect(as:)`. Without an
  /// inspector, it does nothing.
  ///
  /// ```swift
  /// let model = ViewModel(CheckoutInteractor(), CheckoutViewState.init).inspected(as: "Checkout")
  /// ```
  @discardableResult
  public func inspected(as name: String?) -> Self {
    runtime.inspect(as: name)
    return self
  }

  override func childMade(_ child: AnyObject, name: () -> String) {
    runtime._inspectionChildOpened(child, name: name)
  }

  override func childGone(_ child: AnyObject) {
    runtime._inspectionChildClosed(child)
  }

  /// The runtime the view model drives: hosts record and replay sessions through it.
  @_spi(Internals) public var _runtime: InteractorRuntime<DomainState, Action> { runtime }

  /// The view state this view model's reducer makes from `domainState`, reduced into
  /// `viewState`: a tool that checks a view state against the one its domain state makes (UnoTesting's
  /// exploration) reduces into the view state the view model started with.
  @_spi(Internals) public func _reduceViewState(
    _ domainState: DomainState, into viewState: ViewState
  ) -> ViewState {
    var viewState = viewState
    viewStateReducer.reduce(domainState, into: &viewState)
    return viewState
  }

  private func domainStateDidChange(_ domainState: DomainState, source: StateChangeSource) {
    var newViewState = _viewState
    viewStateReducer.reduce(domainState, into: &newViewState)
    receive(newViewState, source: source)
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
