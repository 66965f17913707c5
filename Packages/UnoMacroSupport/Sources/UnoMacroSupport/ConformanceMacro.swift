import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What distinguishes one conformance macro (`@Interactor<State, Action>`) from another
/// (`@ViewStateReducer<Domain, View>`).
public struct ConformanceMacroSpec: Sendable {
  /// The attribute's name, e.g. `Interactor`.
  public let macroName: String
  /// The protocol the extension adds, fully qualified, e.g. `UnoCore.Interactor`.
  public let conformance: String
  /// The result builder put on `body`, named with its module (`UnoComposition.InteractorBuilder`)
  /// so that a builder of the same name in another module the file imports is not taken for it.
  public let builder: String
  /// The typealiases the two generic arguments become, e.g. `DomainState` and `Action`.
  public let typealiases: (String, String)
  /// How the two generic arguments are described in messages.
  public let argumentsDescription: String
  /// An example of correct use, for messages.
  public let example: String
  /// The method a primitive implements instead of `body`, e.g. `interact`, and how messages name
  /// it, e.g. `an 'interact(state:action:)'`.
  public let primitive: (name: String, signature: String)
  /// The declaration of `body` the fix-it inserts, without its braces.
  public let bodyDeclaration: String
  /// Why only structs, for the message.
  public let whyStruct: String
  /// The end of the missing-body message, e.g. "an interactor needs one of them to handle
  /// actions".
  public let whyBody: String
  /// The domain of diagnostic ids.
  public let diagnosticDomain: String
  /// A generic type of the library that `body` names with the two generic arguments, and that the
  /// macro names with them inside the struct, e.g. `("Interact", "UnoCore.Interact")`: a typealias
  /// `Interact = UnoCore.Interact<State, Action>` in a struct with a `body`, so that the compiler
  /// knows the state and actions of a body's first `Interact(…) { … }` without inferring them.
  public let specializedInBody: (name: String, type: String)?
  /// The global actor the protocol's requirements are isolated to (`MainActor`), which the macro
  /// writes on the members that implement them (`body`, the primitive's method, `initialValue`).
  /// The conformance is added by an extension, and a member declared outside the conformance's
  /// extension does not take its requirement's isolation: without the attribute, `body` would be
  /// nonisolated, and could not build children or make a state whose initializer is main-actor
  /// isolated (in a module whose default isolation is `MainActor`, every initializer is).
  public let requirementIsolation: String?

  /// A spec with every field given; see each property.
  public init(
    macroName: String, conformance: String, builder: String, typealiases: (String, String),
    argumentsDescription: String, example: String, primitive: (name: String, signature: String),
    bodyDeclaration: String, whyStruct: String, whyBody: String, diagnosticDomain: String,
    specializedInBody: (name: String, type: String)? = nil, requirementIsolation: String? = nil
  ) {
    self.macroName = macroName
    self.conformance = conformance
    self.builder = builder
    self.typealiases = typealiases
    self.argumentsDescription = argumentsDescription
    self.example = example
    self.primitive = primitive
    self.bodyDeclaration = bodyDeclaration
    self.whyStruct = whyStruct
    self.whyBody = whyBody
    self.diagnosticDomain = diagnosticDomain
    self.specializedInBody = specializedInBody
    self.requirementIsolation = requirementIsolation
  }
}

/// The implementation shared by the conformance macros: typealiases from the two generic
/// arguments, the builder attribute on `body`, the conformance, and diagnostics for a non-struct,
/// wrong generic arguments, and a missing `body`.
public enum ConformanceMacro {
  /// The member role: typealiases (and `Body = Never` for a primitive), or diagnostics.
  public static func members(
    _ spec: ConformanceMacroSpec, of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(notAStruct(spec, declaration, node: node))
      return []
    }
    guard let arguments = genericArguments(of: node) else {
      context.diagnose(Diagnostic(node: node, message: Message.wrongGenericArguments(spec)))
      return []
    }
    let names = memberNames(declaration)
    let hasBody = names.contains("body")
    guard hasBody || names.contains("func \(spec.primitive.name)") else {
      context.diagnose(
        Diagnostic(
          node: structDecl.name,
          message: Message.missingBody(spec, structDecl.name.text),
          fixIt: FixIt(
            message: Message.addBody(spec),
            changes: [
              .replace(
                oldNode: Syntax(structDecl.memberBlock),
                newNode: Syntax(addingBody(spec, to: structDecl.memberBlock))
              )
            ]
          )
        )
      )
      return []
    }
    // The typealiases satisfy protocol requirements, so they are as visible as the struct.
    let access =
      structDecl.modifiers.contains {
        [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind)
      }
      ? "public "
      : structDecl.modifiers.contains { $0.name.tokenKind == .keyword(.package) } ? "package " : ""
    var decls: [DeclSyntax] = []
    if !names.contains("type \(spec.typealiases.0)") {
      decls.append("\(raw: access)typealias \(raw: spec.typealiases.0) = \(arguments.0)")
    }
    if !names.contains("type \(spec.typealiases.1)") {
      decls.append("\(raw: access)typealias \(raw: spec.typealiases.1) = \(arguments.1)")
    }
    if !hasBody && !names.contains("type Body") {
      decls.append("\(raw: access)typealias Body = Never")
    }
    if hasBody, let (name, type) = spec.specializedInBody, !names.contains("type \(name)") {
      decls.append("typealias \(raw: name) = \(raw: type)<\(arguments.0), \(arguments.1)>")
    }
    return decls
  }

  /// The member-attribute role: the builder attribute on `body`, unless it has one; and the
  /// requirements' isolation (``ConformanceMacroSpec/requirementIsolation``) on the members that
  /// implement them, unless they say their own.
  public static func memberAttributes(
    _ spec: ConformanceMacroSpec, of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol
  ) -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let arguments = genericArguments(of: node) else { return [] }
    let name: String
    let attributes: AttributeListSyntax
    let modifiers: DeclModifierListSyntax
    if let variable = member.as(VariableDeclSyntax.self), variable.bindings.count == 1,
      let identifier = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    {
      (name, attributes, modifiers) = (identifier, variable.attributes, variable.modifiers)
    } else if let function = member.as(FunctionDeclSyntax.self) {
      (name, attributes, modifiers) = (function.name.text, function.attributes, function.modifiers)
    } else {
      return []
    }
    func has(_ prefixes: [String]) -> Bool {
      attributes.contains { attribute in
        guard let written = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription else {
          return false
        }
        return prefixes.contains { written.hasPrefix($0) }
      }
    }
    var added: [AttributeSyntax] = []
    if let isolation = spec.requirementIsolation,
      ["body", "initialValue", spec.primitive.name].contains(name),
      !has([isolation, "_Concurrency.\(isolation)"]),
      !modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) })
    {
      added.append("@\(raw: isolation)")
    }
    // The builder as the macro writes it (`UnoComposition.InteractorBuilder<…>`) or as a team
    // does (`InteractorBuilder<…>`).
    let unqualified = spec.builder.split(separator: ".").last.map(String.init) ?? spec.builder
    if name == "body", member.is(VariableDeclSyntax.self), !has([spec.builder, unqualified]) {
      added.append("@\(raw: spec.builder)<\(arguments.0), \(arguments.1)>")
    }
    return added
  }

  /// The extension role: the conformance.
  public static func extensions(
    _ spec: ConformanceMacroSpec, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax]
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self), !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: spec.conformance) {}")]
  }

  static func genericArguments(of node: AttributeSyntax) -> (TypeSyntax, TypeSyntax)? {
    guard
      let clause = node.attributeName.as(IdentifierTypeSyntax.self)?.genericArgumentClause,
      clause.arguments.count == 2
    else { return nil }
    let arguments = Array(clause.arguments)
    // swift-syntax 601 made a generic argument a type or an expression (value generics); 600's
    // is a type (Tools/syntax-check.sh builds against both).
    #if canImport(SwiftSyntax601)
      guard case .type(let first) = arguments[0].argument, case .type(let second) = arguments[1].argument
      else { return nil }
    #else
      let (first, second) = (arguments[0].argument, arguments[1].argument)
    #endif
    return (first.trimmed, second.trimmed)
  }

  static func notAStruct(
    _ spec: ConformanceMacroSpec, _ declaration: some DeclGroupSyntax, node: AttributeSyntax
  ) -> Diagnostic {
    let keyword: TokenSyntax? =
      declaration.as(ClassDeclSyntax.self)?.classKeyword
      ?? declaration.as(EnumDeclSyntax.self)?.enumKeyword
      ?? declaration.as(ActorDeclSyntax.self)?.actorKeyword
    guard let keyword else {
      return Diagnostic(node: node, message: Message.notAStruct(spec))
    }
    return Diagnostic(
      node: keyword,
      message: Message.notAStruct(spec),
      fixIt: FixIt(
        message: Message.replaceWithStruct(spec, keyword.text),
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
      } else if let nested = decl.asProtocol(NamedDeclSyntax.self) {
        names.insert("type \(nested.name.text)")
      }
    }
    return names
  }

  static func addingBody(_ spec: ConformanceMacroSpec, to memberBlock: MemberBlockSyntax) -> MemberBlockSyntax
  {
    let body: DeclSyntax = "\(raw: spec.bodyDeclaration) {\n    <#body#>\n  }"
    var block = memberBlock
    block.members.append(MemberBlockItemSyntax(decl: body.with(\.leadingTrivia, [.newlines(1), .spaces(2)])))
    return block
  }
}

enum Message: DiagnosticMessage, FixItMessage {
  case notAStruct(ConformanceMacroSpec)
  case wrongGenericArguments(ConformanceMacroSpec)
  case missingBody(ConformanceMacroSpec, String)
  case replaceWithStruct(ConformanceMacroSpec, String)
  case addBody(ConformanceMacroSpec)

  var message: String {
    switch self {
    case .notAStruct(let spec):
      return "'@\(spec.macroName)' can only be applied to a struct: \(spec.whyStruct)."
    case .wrongGenericArguments(let spec):
      return """
        '@\(spec.macroName)' needs two generic arguments, \(spec.argumentsDescription): \
        '\(spec.example)'.
        """
    case .missingBody(let spec, let name):
      return "'\(name)' has neither a 'body' nor \(spec.primitive.signature): \(spec.whyBody)."
    case .replaceWithStruct(_, let keyword):
      return "Replace '\(keyword)' with 'struct'"
    case .addBody:
      return "Add a 'body'"
    }
  }

  var spec: ConformanceMacroSpec {
    switch self {
    case .notAStruct(let spec), .wrongGenericArguments(let spec), .missingBody(let spec, _),
      .replaceWithStruct(let spec, _), .addBody(let spec):
      return spec
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
    return MessageID(domain: spec.diagnosticDomain, id: id)
  }

  var severity: DiagnosticSeverity { .error }
  var fixItID: MessageID { diagnosticID }
}

/// A conformance macro described by a ``ConformanceMacroSpec``: conforming types only provide
/// ``spec``; the expansions come from ``ConformanceMacro``.
public protocol SpecifiedConformanceMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  static var spec: ConformanceMacroSpec { get }
}

extension SpecifiedConformanceMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    ConformanceMacro.members(spec, of: node, providingMembersOf: declaration, in: context)
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    ConformanceMacro.memberAttributes(spec, of: node, attachedTo: declaration, providingAttributesFor: member)
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try ConformanceMacro.extensions(
      spec, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols
    )
  }
}
