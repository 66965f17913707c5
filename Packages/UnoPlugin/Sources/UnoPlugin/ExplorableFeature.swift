import UnoPresentation

/// A feature's view models with their types, for a tool that explores the feature: generates runs
/// of its actions and checks each state they reach (`uno-host explore`, with UnoTesting's
/// exploration).
///
/// A host knows a feature through JSON; exploring it needs its types (its actions are made from
/// the action type's cases). Every ``FeaturePlugin`` has one (``FeaturePlugin/explorable``); a
/// tool opens it with a generic function:
///
/// ```swift
/// func explore<Feature: ExplorableFeature>(_ feature: Feature) async {
///   let viewModel = feature.makeViewModel()   // a ViewModel<Feature.Action, …>
///   …
/// }
/// await explore(counterPlugin.explorable)
/// ```
public protocol ExplorableFeature: Sendable {
  /// The feature's action.
  associatedtype Action: Codable & Sendable
  /// The feature's domain state.
  associatedtype DomainState: Sendable
  /// What its views show.
  associatedtype ViewState: Encodable

  /// Makes a view model, as the plugin makes one for a session, with the dependencies in force
  /// where it is called.
  @MainActor func makeViewModel() -> ViewModel<Action, DomainState, ViewState>

  /// What must hold of the domain state after every step (the plugin's `invariants`).
  var invariants: [FeatureInvariant<DomainState>] { get }
}

/// Something that must hold of a feature's domain state after every action, in any order: what a
/// plugin declares (`FeaturePlugin.init(name:summary:actions:commands:invariants:makeViewModel:)`)
/// for `uno-host explore` to check after every step.
///
/// ```swift
/// FeaturePlugin(
///   name: "todos", summary: "…", actions: […],
///   invariants: [
///     FeatureInvariant("ids are unique") { Set($0.todos.ids).count == $0.todos.count }
///   ],
///   makeViewModel: { TodosInteractor.makeViewModel() })
/// ```
public struct FeatureInvariant<State>: Sendable {
  /// What it says, as a failure names it.
  public let name: String
  /// Whether it holds of a state.
  public let holds: @MainActor @Sendable (State) -> Bool

  /// An invariant named `name` that holds of a state when `holds` returns `true`.
  public init(_ name: String, _ holds: @escaping @MainActor @Sendable (State) -> Bool) {
    self.name = name
    self.holds = holds
  }
}

/// The ``ExplorableFeature`` of a plugin made with `FeaturePlugin.init(name:summary:actions:commands:invariants:makeViewModel:)`.
struct ViewModelFactory<
  Action: Codable & Sendable, DomainState: Sendable, ViewState: Encodable
>: ExplorableFeature {
  let make: @MainActor @Sendable () -> ViewModel<Action, DomainState, ViewState>
  let invariants: [FeatureInvariant<DomainState>]

  @MainActor func makeViewModel() -> ViewModel<Action, DomainState, ViewState> { make() }
}
