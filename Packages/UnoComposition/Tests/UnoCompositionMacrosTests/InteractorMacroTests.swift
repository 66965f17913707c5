import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import UnoCompositionMacros

@Suite(
  .macros(
    ["Interactor": MacroSpec(type: InteractorMacro.self, conformances: ["Interactor"])],
    record: .missing
  )
)
struct InteractorMacroTests {
  @Test func expandsAComposedInteractor() {
    assertMacro {
      """
      @Interactor<CounterState, CounterAction>
      struct CounterInteractor: Sendable {
        var body: some InteractorOf<Self> {
          Interact(initialValue: CounterState()) { state, action in
            return .state
          }
        }
      }
      """
    } expansion: {
      """
      struct CounterInteractor: Sendable {
        @MainActor @UnoComposition.InteractorBuilder<CounterState, CounterAction>
        var body: some InteractorOf<Self> {
          Interact(initialValue: CounterState()) { state, action in
            return .state
          }
        }

        typealias DomainState = CounterState

        typealias Action = CounterAction

        typealias Interact = UnoCore.Interact<CounterState, CounterAction>
      }

      extension CounterInteractor: UnoCore.Interactor {
      }
      """
    }
  }

  @Test func publicStructGetsPublicTypealiases() {
    assertMacro {
      """
      @Interactor<CounterState, CounterAction>
      public struct CounterInteractor: Sendable {
        public var body: some InteractorOf<Self> {
          Empty()
        }
      }
      """
    } expansion: {
      """
      public struct CounterInteractor: Sendable {
        @MainActor @UnoComposition.InteractorBuilder<CounterState, CounterAction>
        public var body: some InteractorOf<Self> {
          Empty()
        }

        public typealias DomainState = CounterState

        public typealias Action = CounterAction

        typealias Interact = UnoCore.Interact<CounterState, CounterAction>
      }

      extension CounterInteractor: UnoCore.Interactor {
      }
      """
    }
  }

  @Test func keepsTypealiasesAndNestedTypesTheStructDeclares() {
    assertMacro {
      """
      @Interactor<State, Action>
      struct Feature {
        struct State: Sendable {}
        enum Action: Sendable {}
        var body: some InteractorOf<Self> {
          Empty()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State: Sendable {}
        enum Action: Sendable {}
        @MainActor @UnoComposition.InteractorBuilder<State, Action>
        var body: some InteractorOf<Self> {
          Empty()
        }

        typealias DomainState = State

        typealias Interact = UnoCore.Interact<State, Action>
      }

      extension Feature: UnoCore.Interactor {
      }
      """
    }
  }

  /// A struct that names `Interact` itself keeps its own: the macro adds no second one.
  @Test func keepsAnInteractTheStructDeclares() {
    assertMacro {
      """
      @Interactor<Int, Void>
      struct Feature {
        typealias Interact = UnoCore.Interact<Int, Void>
        var body: some InteractorOf<Self> {
          Interact { _, _ in .state }
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias Interact = UnoCore.Interact<Int, Void>
        @MainActor @UnoComposition.InteractorBuilder<Int, Void>
        var body: some InteractorOf<Self> {
          Interact { _, _ in .state }
        }

        typealias DomainState = Int

        typealias Action = Void
      }

      extension Feature: UnoCore.Interactor {
      }
      """
    }
  }

  @Test func doesNotAddASecondBuilderAttribute() {
    assertMacro {
      """
      @Interactor<Int, Void>
      struct Feature {
        @InteractorBuilder<Int, Void>
        var body: some InteractorOf<Self> {
          Empty()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @InteractorBuilder<Int, Void>
        @MainActor
        var body: some InteractorOf<Self> {
          Empty()
        }

        typealias DomainState = Int

        typealias Action = Void

        typealias Interact = UnoCore.Interact<Int, Void>
      }

      extension Feature: UnoCore.Interactor {
      }
      """
    }
  }

  /// The requirements' isolation is written once, and not over an isolation the struct states.
  @Test func doesNotAddASecondIsolationNorOverrideNonisolated() {
    assertMacro {
      """
      @Interactor<Int, Void>
      struct Feature {
        @MainActor var body: some InteractorOf<Self> {
          Empty()
        }
        nonisolated var initialValue: Int { 0 }
      }
      """
    } expansion: {
      """
      struct Feature {
        @MainActor
        @UnoComposition.InteractorBuilder<Int, Void> var body: some InteractorOf<Self> {
          Empty()
        }
        nonisolated var initialValue: Int { 0 }

        typealias DomainState = Int

        typealias Action = Void

        typealias Interact = UnoCore.Interact<Int, Void>
      }

      extension Feature: UnoCore.Interactor {
      }
      """
    }
  }

  @Test func primitiveInteractorGetsBodyNever() {
    assertMacro {
      """
      @Interactor<Int, Void>
      struct Doubler {
        var initialValue: Int { 1 }
        func interact(state: inout Int, action: Void) -> Emission<Int> {
          state *= 2
          return .state
        }
      }
      """
    } expansion: {
      """
      struct Doubler {
        @MainActor
        var initialValue: Int { 1 }
        @MainActor
        func interact(state: inout Int, action: Void) -> Emission<Int> {
          state *= 2
          return .state
        }

        typealias DomainState = Int

        typealias Action = Void

        typealias Body = Never
      }

      extension Doubler: UnoCore.Interactor {
      }
      """
    }
  }

  @Test func diagnosesAClass() {
    assertMacro {
      """
      @Interactor<Int, Void>
      class Feature {
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    } diagnostics: {
      """
      @Interactor<Int, Void>
      class Feature {
      ┬────
      ╰─ 🛑 '@Interactor' can only be applied to a struct: interactors are values that the runtime rebuilds and copies freely.
         ✏️ Replace 'class' with 'struct'
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    } fixes: {
      """
      @Interactor<Int, Void>
      struct Feature {
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    } expansion: {
      """
      struct Feature {
        @MainActor @UnoComposition.InteractorBuilder<Int, Void>
        var body: some InteractorOf<Self> { Empty() }

        typealias DomainState = Int

        typealias Action = Void

        typealias Interact = UnoCore.Interact<Int, Void>
      }

      extension Feature: UnoCore.Interactor {
      }
      """
    }
  }

  @Test func diagnosesAnEnum() {
    assertMacro {
      """
      @Interactor<Int, Void>
      enum Feature {
      }
      """
    } diagnostics: {
      """
      @Interactor<Int, Void>
      enum Feature {
      ┬───
      ╰─ 🛑 '@Interactor' can only be applied to a struct: interactors are values that the runtime rebuilds and copies freely.
         ✏️ Replace 'enum' with 'struct'
      }
      """
    } fixes: {
      """
      @Interactor<Int, Void>
      struct Feature {
      }
      """
    }
  }

  @Test func diagnosesMissingGenericArguments() {
    assertMacro {
      """
      @Interactor
      struct Feature {
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    } diagnostics: {
      """
      @Interactor
      ┬──────────
      ╰─ 🛑 '@Interactor' needs two generic arguments, the domain state and the action: '@Interactor<CounterState, CounterAction>'.
      struct Feature {
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    }
  }

  @Test func diagnosesOneGenericArgument() {
    assertMacro {
      """
      @Interactor<Int>
      struct Feature {
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    } diagnostics: {
      """
      @Interactor<Int>
      ┬───────────────
      ╰─ 🛑 '@Interactor' needs two generic arguments, the domain state and the action: '@Interactor<CounterState, CounterAction>'.
      struct Feature {
        var body: some InteractorOf<Self> { Empty() }
      }
      """
    }
  }

  @Test func diagnosesAMissingBody() {
    assertMacro {
      """
      @Interactor<Int, Void>
      struct Feature {
      }
      """
    } diagnostics: {
      """
      @Interactor<Int, Void>
      struct Feature {
             ┬──────
             ╰─ 🛑 'Feature' has neither a 'body' nor an 'interact(state:action:)': an interactor needs one of them to handle actions.
                ✏️ Add a 'body'
      }
      """
    } fixes: {
      """
      @Interactor<Int, Void>
      struct Feature {
        var body: some InteractorOf<Self> {
          <#body#>
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @MainActor @UnoComposition.InteractorBuilder<Int, Void>
        var body: some InteractorOf<Self> {
          <#body#>
        }

          typealias DomainState = Int

          typealias Action = Void

          typealias Interact = UnoCore.Interact<Int, Void>
      }

      extension Feature: UnoCore.Interactor {
      }
      """
    }
  }
}
