import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct UnoCompositionMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [InteractorMacro.self, InteractorEnumMacro.self]
}
