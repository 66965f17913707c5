import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct UnoPresentationMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [ViewStateReducerMacro.self]
}
