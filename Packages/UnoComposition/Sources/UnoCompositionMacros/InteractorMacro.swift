import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Interactor<State, Action>`: declares a struct as an interactor.
///
/// - adds `typealias DomainState = State` and `typealias Action = Action` (unless the struct
///   already declares those names),
/// - adds `typealias Body = Never` when the struct implements `interact(state:action:)` and no
///   `body` (a primitive interactor),
/// - puts `@InteractorBuilder<State, Action>` on `body`,
/// - adds the `Interactor` conformance.
public enum InteractorMacro {}

extension InteractorMacro {
  struct Arguments {
    let state: TypeSyntax
    let action: TypeSyntax
  }

  /// Validates the declaration and reads the generic arguments, diagnosing misuse.
  static func arguments(
    of node: AttributeSyntax, on declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> (StructDeclSyntax, Arguments)? {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(notAStruct(declaration, node: node))
      return nil
    }
    guard
      let genericClause = node.attributeName.as(IdentifierTypeSyntax.self)?.genericArgumentClause,
      genericClause.arguments.count == 2
    else {
      context.diagnose(Diagnostic(node: node, message: Message.wrongGenericArguments))
      return nil
    }
    let arguments = Array(genericClause.arguments)
    guard
      case .type(let state) = arguments[0].argument,
      case .type(let action) = arguments[1].argument
    else {
      context.diagnose(Diagnostic(node: node, message: Message.wrongGenericArguments))
      return nil
    }
    return (structDecl, Arguments(state: state.trimmed, action: action.trimmed))
  }

  static func notAStruct(_ declaration: some DeclGroupSyntax, node: AttributeSyntax) -> Diagnostic {
    let keyword: TokenSyntax? =
      declaration.as(ClassDeclSyntax.self)?.classKeyword
      ?? declaration.as(EnumDeclSyntax.self)?.enumKeyword
      ?? declaration.as(ActorDeclSyntax.self)?.actorKeyword
    guard let keyword else {
      return Diagnostic(node: node, message: Message.notAStruct)
    }
    return Diagnostic(
      node: keyword,
      message: Message.notAStruct,
      fixIt: FixIt(
        message: Message.replaceWithStruct(keyword.text),
        changes: [
          .replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.struct))))
        ]
      )
    )
  }

  static func memberNames(_ declaration: some DeclGroupSyntax) -> Set<String> {
    var names: Set<String> = []
    for member in declaration.memberBlock.members {
      let decl = member.decl
      if let variable = decl.as(VariableDeclSyntax.self) {
        for binding in variable.bindings {
          if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            names.insert(name)
          }
        }
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        names.insert("func \(function.name.text)")
      } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
        names.insert("type \(alias.name.text)")
      } else if let nested = decl.asProtocol(NamedDeclSyntax.self) {
        names.insert("type \(nested.name.text)")
      }
    }
    return names
  }
}

extension InteractorMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let (structDecl, arguments) = arguments(of: node, on: declaration, in: context) else { return [] }
    let names = memberNames(declaration)
    let hasBody = names.contains("body")
    let hasInteract = names.contains("func interact")
    guard hasBody || hasInteract else {
      context.diagnose(
        Diagnostic(
          node: structDecl.name,
          message: Message.missingBody(structDecl.name.text),
          fixIt: FixIt(
            message: Message.addBody,
            changes: [
              .replace(
                oldNode: Syntax(structDecl.memberBlock),
                newNode: Syntax(addingBody(to: structDecl.memberBlock))
              )
            ]
          )
        )
      )
      return []
    }
    var decls: [DeclSyntax] = []
    if !names.contains("type DomainState") {
      decls.append("typealias DomainState = \(arguments.state)")
    }
    if !names.contains("type Action") {
      decls.append("typealias Action = \(arguments.action)")
    }
    if !hasBody && !names.contains("type Body") {
      decls.append("typealias Body = Never")
    }
    return decls
  }

  static func addingBody(to memberBlock: MemberBlockSyntax) -> MemberBlockSyntax {
    let body: DeclSyntax = "var body: some InteractorOf<Self> {\n    <#body#>\n  }"
    var block = memberBlock
    block.members.append(
      MemberBlockItemSyntax(decl: body.with(\.leadingTrivia, [.newlines(1), .spaces(2)]))
    )
    return block
  }
}

extension InteractorMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard
      declaration.is(StructDeclSyntax.self),
      let genericClause = node.attributeName.as(IdentifierTypeSyntax.self)?.genericArgumentClause,
      genericClause.arguments.count == 2,
      let variable = member.as(VariableDeclSyntax.self),
      variable.bindings.count == 1,
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      !variable.attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasPrefix("InteractorBuilder") == true
      })
    else { return [] }
    let arguments = Array(genericClause.arguments)
    return [
      "@InteractorBuilder<\(raw: arguments[0].argument.trimmedDescription), \(raw: arguments[1].argument.trimmedDescription)>"
    ]
  }
}

extension InteractorMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self), !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): UnoCore.Interactor {}")]
  }
}

enum Message: DiagnosticMessage, FixItMessage {
  case notAStruct
  case wrongGenericArguments
  case missingBody(String)
  case replaceWithStruct(String)
  case addBody

  var message: String {
    switch self {
    case .notAStruct:
      return """
        '@Interactor' can only be applied to a struct: interactors are values that the runtime \
        rebuilds and copies freely.
        """
    case .wrongGenericArguments:
      return """
        '@Interactor' needs two generic arguments, the domain state and the action: \
        '@Interactor<CounterState, CounterAction>'.
        """
    case .missingBody(let name):
      return """
        '\(name)' has neither a 'body' nor an 'interact(state:action:)': an interactor needs one \
        of them to handle actions.
        """
    case .replaceWithStruct(let keyword):
      return "Replace '\(keyword)' with 'struct'"
    case .addBody:
      return "Add a 'body'"
    }
  }

  var diagnosticID: MessageID {
    let id: String
    switch self {
    case .notAStruct: id = "notAStruct"
    case .wrongGenericArguments: id = "wrongGenericArguments"
    case .missingBody: id = "missingBody"
    case .replaceWithStruct: id = "replaceWithStruct"
    case .addBody: id = "addBody"
    }
    return MessageID(domain: "UnoCompositionMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }
  var fixItID: MessageID { diagnosticID }
}
