import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import UnoPresentationMacros

@Suite(
  .macros(
    ["ViewStateReducer": MacroSpec(type: ViewStateReducerMacro.self, conformances: ["ViewStateReducer"])],
    record: .missing
  )
)
struct ViewStateReducerMacroTests {
  @Test func expandsAComposedReducer() {
    assertMacro {
      """
      @ViewStateReducer<CounterState, CounterViewState>
      struct CounterViewStateReducer: Sendable {
        var body: some ViewStateReducerOf<Self> {
          BuildViewState { CounterViewState(count: $0.count) }
        }
      }
      """
    } expansion: {
      """
      struct CounterViewStateReducer: Sendable {
        @MainActor @UnoPresentation.ViewStateReducerBuilder<CounterState, CounterViewState>
        var body: some ViewStateReducerOf<Self> {
          BuildViewState { CounterViewState(count: $0.count) }
        }

        typealias DomainState = CounterState

        typealias ViewState = CounterViewState
      }

      extension CounterViewStateReducer: UnoPresentation.ViewStateReducer {
      }
      """
    }
  }

  @Test func primitiveReducerGetsBodyNever() {
    assertMacro {
      """
      @ViewStateReducer<Int, String>
      struct Describe {
        func reduce(_ domainState: Int, into viewState: inout String) {
          viewState = "\\(domainState)"
        }
      }
      """
    } expansion: {
      #"""
      struct Describe {
        @MainActor
        func reduce(_ domainState: Int, into viewState: inout String) {
          viewState = "\(domainState)"
        }

        typealias DomainState = Int

        typealias ViewState = String

        typealias Body = Never
      }

      extension Describe: UnoPresentation.ViewStateReducer {
      }
      """#
    }
  }

  @Test func diagnosesAClass() {
    assertMacro {
      """
      @ViewStateReducer<Int, String>
      class Describe {
        var body: some ViewStateReducerOf<Self> { BuildViewState { "\\($0)" } }
      }
      """
    } diagnostics: {
      #"""
      @ViewStateReducer<Int, String>
      class Describe {
      ┬────
      ╰─ 🛑 '@ViewStateReducer' can only be applied to a struct: view-state reducers are plain values.
         ✏️ Replace 'class' with 'struct'
        var body: some ViewStateReducerOf<Self> { BuildViewState { "\($0)" } }
      }
      """#
    } fixes: {
      #"""
      @ViewStateReducer<Int, String>
      struct Describe {
        var body: some ViewStateReducerOf<Self> { BuildViewState { "\($0)" } }
      }
      """#
    } expansion: {
      #"""
      struct Describe {
        @MainActor @UnoPresentation.ViewStateReducerBuilder<Int, String>
        var body: some ViewStateReducerOf<Self> { BuildViewState { "\($0)" } }

        typealias DomainState = Int

        typealias ViewState = String
      }

      extension Describe: UnoPresentation.ViewStateReducer {
      }
      """#
    }
  }

  @Test func diagnosesWrongGenericArguments() {
    assertMacro {
      """
      @ViewStateReducer<Int>
      struct Describe {
        var body: some ViewStateReducerOf<Self> { BuildViewState { "\\($0)" } }
      }
      """
    } diagnostics: {
      #"""
      @ViewStateReducer<Int>
      ┬─────────────────────
      ╰─ 🛑 '@ViewStateReducer' needs two generic arguments, the domain state and the view state: '@ViewStateReducer<CounterState, CounterViewState>'.
      struct Describe {
        var body: some ViewStateReducerOf<Self> { BuildViewState { "\($0)" } }
      }
      """#
    }
  }

  @Test func diagnosesAMissingBody() {
    assertMacro {
      """
      @ViewStateReducer<Int, String>
      struct Describe {
      }
      """
    } diagnostics: {
      """
      @ViewStateReducer<Int, String>
      struct Describe {
             ┬───────
             ╰─ 🛑 'Describe' has neither a 'body' nor a 'reduce(_:into:)': a view-state reducer needs one of them to map domain state to view state.
                ✏️ Add a 'body'
      }
      """
    } fixes: {
      """
      @ViewStateReducer<Int, String>
      struct Describe {
        var body: some ViewStateReducerOf<Self> {
          <#body#>
        }
      }
      """
    } expansion: {
      """
      struct Describe {
        @MainActor @UnoPresentation.ViewStateReducerBuilder<Int, String>
        var body: some ViewStateReducerOf<Self> {
          <#body#>
        }

          typealias DomainState = Int

          typealias ViewState = String
      }

      extension Describe: UnoPresentation.ViewStateReducer {
      }
      """
    }
  }
}
