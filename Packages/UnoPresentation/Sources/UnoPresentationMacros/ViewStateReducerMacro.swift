import SwiftSyntaxMacros
import UnoMacroSupport

/// `@ViewStateReducer<Domain, View>`: declares a struct as a view-state reducer.
///
/// - adds `typealias DomainState = Domain` and `typealias ViewState = View` (unless the struct
///   already declares those names),
/// - adds `typealias Body = Never` when the struct implements `reduce(_:into:)` and no `body`,
/// - puts `@ViewStateReducerBuilder<Domain, View>` on `body`,
/// - adds the `ViewStateReducer` conformance.
public enum ViewStateReducerMacro: SpecifiedConformanceMacro {
  public static let spec = ConformanceMacroSpec(
    macroName: "ViewStateReducer",
    conformance: "UnoPresentation.ViewStateReducer",
    builder: "UnoPresentation.ViewStateReducerBuilder",
    typealiases: ("DomainState", "ViewState"),
    argumentsDescription: "the domain state and the view state",
    example: "@ViewStateReducer<CounterState, CounterViewState>",
    primitive: (name: "reduce", signature: "a 'reduce(_:into:)'"),
    bodyDeclaration: "var body: some ViewStateReducerOf<Self>",
    whyStruct: "view-state reducers are plain values",
    whyBody: "a view-state reducer needs one of them to map domain state to view state",
    diagnosticDomain: "UnoPresentationMacros",
    requirementIsolation: "MainActor"
  )
}
