import UnoMacroSupport

/// `@Interactor<State, Action>`: declares a struct as an interactor.
///
/// - adds `typealias DomainState = State` and `typealias Action = Action` (unless the struct
///   already declares those names),
/// - adds `typealias Body = Never` when the struct implements `interact(state:action:)` and no
///   `body` (a primitive interactor),
/// - adds `typealias Interact = UnoCore.Interact<State, Action>` when the struct has a `body`
///   (unless it declares `Interact`), so that the compiler knows the state and actions of the
///   body's `Interact(…) { … }` before it looks at the operators chained on it (a chain of
///   `when`s over an inferred `Interact` grows exponentially with its children;
///   docs/performance.md, "Compile time"),
/// - puts `@InteractorBuilder<State, Action>` on `body`,
/// - adds the `Interactor` conformance.
public enum InteractorMacro: SpecifiedConformanceMacro {
  public static let spec = ConformanceMacroSpec(
    macroName: "Interactor",
    conformance: "UnoCore.Interactor",
    builder: "UnoComposition.InteractorBuilder",
    typealiases: ("DomainState", "Action"),
    argumentsDescription: "the domain state and the action",
    example: "@Interactor<CounterState, CounterAction>",
    primitive: (name: "interact", signature: "an 'interact(state:action:)'"),
    bodyDeclaration: "var body: some InteractorOf<Self>",
    whyStruct: "interactors are values that the runtime rebuilds and copies freely",
    whyBody: "an interactor needs one of them to handle actions",
    diagnosticDomain: "UnoCompositionMacros",
    specializedInBody: ("Interact", "UnoCore.Interact"),
    requirementIsolation: "MainActor"
  )
}
