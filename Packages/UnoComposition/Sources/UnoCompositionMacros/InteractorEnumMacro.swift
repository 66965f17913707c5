import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Interactor` on an enum whose cases each carry one interactor: the destinations a screen can
/// present, or the screens of a navigation stack. A case may also carry an `AlertState<A>` or a
/// `ConfirmationDialogState<A>` instead, with no interactor to write: its state is the alert, its
/// action a button's (`A?`, `nil` for a button without one), and pressing closes it.
///
/// ```swift
/// @Interactor
/// enum Destination {
///   case edit(EditInteractor)
///   case confirmDeletion(ConfirmInteractor)
///   case alert(AlertState<Alert>)
/// }
/// ```
///
/// generates, inside the enum,
/// - `State` and `Action`: case-pathable enums with one case per child, carrying the child's
///   state and action, `Sendable`;
/// - `typealias DomainState = State`;
/// - `body`: routes each case's actions to its child while the state is in that case (the
///   case-path form of `when`, so a child's effects die when the state leaves its case), one
///   element of a `MergeMany` per case;
/// - `init()`, so that the parent writes `Destination()`;
///
/// and the `Interactor` conformance. Each child is made with `init()`.
public enum InteractorEnumMacro: MemberMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: EnumMessage.notAnEnum))
      return []
    }
    if let generics = enumDecl.genericParameterClause {
      context.diagnose(Diagnostic(node: generics, message: EnumMessage.generic(enumDecl.name.text)))
      return []
    }
    guard let cases = children(of: enumDecl, in: context) else { return [] }
    guard !cases.isEmpty else {
      context.diagnose(Diagnostic(node: enumDecl.name, message: EnumMessage.noCases(enumDecl.name.text)))
      return []
    }
    let access =
      enumDecl.modifiers.contains { [.keyword(.public), .keyword(.open)].contains($0.name.tokenKind) }
      ? "public "
      : enumDecl.modifiers.contains { $0.name.tokenKind == .keyword(.package) } ? "package " : ""
    // What each case carries: its child's state and action (a button's action for an alert or a
    // dialog), written once for the cases and once for their case paths.
    let stateTypes = cases.map { $0.isButtons ? $0.type : "\($0.type).DomainState" }
    let actionTypes = cases.map { "\($0.type).\($0.isButtons ? "ButtonAction?" : "Action")" }
    let stateCases = zip(cases, stateTypes).map { "  case \($0.name)(\($1))" }.joined(separator: "\n")
    let actionCases = zip(cases, actionTypes).map { "  case \($0.name)(\($1))" }.joined(separator: "\n")
    // One element per case, each the route of one case (`Empty._route`, a `when` on a case path
    // over `Empty` of its own), in an array of a type the compiler knows: it checks each on its
    // own, so the body's cost grows with the number of cases. A chain of `when`s is one
    // expression whose cost grows faster, as do the nested `Merge`s of a builder block, and the
    // overloaded `when` over a builder closure costs a case several times what one function
    // whose types its arguments fix costs (docs/performance.md, "Compile time").
    let routes = cases.map {
      let child = $0.isButtons ? "UnoComposition._ButtonsInteractor<\($0.type)>" : $0.type
      return """
            UnoComposition.Empty<State, Action>._route(
              \\UnoComposition.CaseMembers<State>.\($0.name), \\UnoComposition.CaseMembers<Action>.\($0.name), \(child)()
            ),
        """
    }.joined(separator: "\n")
    let first = cases[0]
    // An action of a case that shows buttons presses one: it closes the destination.
    let buttonCases = cases.filter(\.isButtons).map { ".\($0.name)" }
    var actionConformances = "Sendable"
    var closing = ""
    if !buttonCases.isEmpty {
      actionConformances += ", UnoComposition._PresentationClosingAction"
      let otherwise = buttonCases.count == cases.count ? "" : "\n  default: return false"
      closing = """

        /// Whether this action presses a button of an alert or a dialog: it closes the destination.
        \(access)var _closesPresentation: Bool {
          switch self {
          case \(buttonCases.joined(separator: ", ")): return true\(otherwise)
          }
        }
        """
    }
    return [
      """
      \(raw: access)enum State: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
      \(raw: stateCases)
      \(raw: casePaths(of: "State", cases: cases.map(\.name), types: stateTypes))
      }
      """,
      """
      \(raw: access)enum Action: \(raw: actionConformances), CasePaths.CasePathable, CasePaths.CasePathIterable {
      \(raw: actionCases)\(raw: closing)
      \(raw: casePaths(of: "Action", cases: cases.map(\.name), types: actionTypes))
      }
      """,
      "\(raw: access)typealias DomainState = State",
      """
      /// The routing of every case to its child; which case `self` is does not matter.
      \(raw: access)init() {
        self = .\(raw: first.name)(\(raw: first.isButtons ? "._placeholder" : "\(first.type)()"))
      }
      """,
      """
      @MainActor \(raw: access)var body: some UnoCore.Interactor<State, Action> {
        UnoComposition.MergeMany<UnoCore.AnyInteractor<State, Action>>([
      \(raw: routes)
        ])
      }
      """,
    ]
  }

  /// The members `@CasePathable` would add to `State` or `Action` (`AllCasePaths`, one case path
  /// a case, `allCasePaths`), written here with the conformance declared on the enum itself rather
  /// than in an extension: declared together, the conformance and the members have one isolation.
  /// With `@CasePathable`'s extension, in a module whose default isolation is `MainActor` and with
  /// `InferIsolatedConformances`, Swift 6.3 made the conformance main-actor isolated and the nested
  /// `AllCasePaths` nonisolated (the enclosing enum, an `Interactor`, is nonisolated), and refused
  /// the expansion. The root's cases are read with a `switch`, not through the conformance.
  private static func casePaths(of root: String, cases: [String], types: [String]) -> String {
    let rootCases = cases.map { "      case .\($0): return \\.\($0)" }.joined(separator: "\n")
    let paths = zip(cases, types).map { name, type in
      """
        public var \(name): CasePaths.AnyCasePath<\(root), \(type)> {
          ._$embed(\(root).\(name)) {
            guard case let .\(name)(v0) = $0 else { return nil }
            return v0
          }
        }
      """
    }.joined(separator: "\n")
    let all = cases.map { "\\.\($0)" }.joined(separator: ", ")
    return """
      public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
        public subscript(root: \(root)) -> CasePaths.PartialCaseKeyPath<\(root)> {
          switch root {
      \(rootCases)
          }
        }
      \(paths)
        public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<\(root)>]> {
          let allCasePaths: [CasePaths.PartialCaseKeyPath<\(root)>] = [\(all)]
          return allCasePaths.makeIterator()
        }
      }
      public static var allCasePaths: AllCasePaths { AllCasePaths() }
      """
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self), enumDecl.genericParameterClause == nil,
      !protocols.isEmpty
    else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): UnoCore.Interactor {}")]
  }

  /// A case of the enum: its name, the type it carries, and whether that type is an alert or a
  /// dialog (state only: its child is a `_ButtonsInteractor`) rather than an interactor.
  private struct Child {
    let name: String
    let type: String
    let isButtons: Bool
  }

  /// The types a case may carry without an interactor: presentations of buttons.
  private static let buttonsPresentations: Set<String> = ["AlertState", "ConfirmationDialogState"]

  /// Whether `type` is `AlertState<…>` or `ConfirmationDialogState<…>` (qualified or not); `nil`
  /// after diagnosing one without its button action type.
  private static func isButtonsPresentation(
    _ type: TypeSyntax, caseName: String, in context: some MacroExpansionContext
  ) -> Bool? {
    let name: String
    let generics: GenericArgumentClauseSyntax?
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      (name, generics) = (identifier.name.text, identifier.genericArgumentClause)
    } else if let member = type.as(MemberTypeSyntax.self) {
      (name, generics) = (member.name.text, member.genericArgumentClause)
    } else {
      return false
    }
    guard buttonsPresentations.contains(name) else { return false }
    guard let generics, generics.arguments.count == 1 else {
      context.diagnose(Diagnostic(node: type, message: EnumMessage.missingButtonAction(caseName, name)))
      return nil
    }
    return true
  }

  /// The enum's cases; `nil` after diagnosing a case that does not carry exactly one interactor,
  /// alert or dialog.
  private static func children(
    of enumDecl: EnumDeclSyntax, in context: some MacroExpansionContext
  ) -> [Child]? {
    var children: [Child] = []
    var valid = true
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first, parameter.firstName == nil
        else {
          context.diagnose(
            Diagnostic(
              node: element, message: EnumMessage.notOneInteractor(element.name.text, enumDecl.name.text)))
          valid = false
          continue
        }
        guard let isButtons = isButtonsPresentation(parameter.type, caseName: element.name.text, in: context)
        else {
          valid = false
          continue
        }
        children.append(
          Child(name: element.name.text, type: parameter.type.trimmedDescription, isButtons: isButtons))
      }
    }
    return valid ? children : nil
  }
}

enum EnumMessage: DiagnosticMessage {
  case notAnEnum
  case generic(String)
  case noCases(String)
  case notOneInteractor(String, String)
  case missingButtonAction(String, String)

  var message: String {
    switch self {
    case .notAnEnum:
      return """
        '@Interactor' without arguments declares an enum of child interactors, one per case \
        ('case edit(EditInteractor)'); for a struct, name its state and action: \
        '@Interactor<CounterState, CounterAction>'.
        """
    case .generic(let name):
      return """
        '@Interactor' enum '\(name)' cannot be generic: its State and Action enums name each \
        child's types, which must be known. Use concrete child interactors.
        """
    case .noCases(let name):
      return """
        '@Interactor' enum '\(name)' has no cases: add one per child, each carrying the child's \
        interactor, as in 'case edit(EditInteractor)'.
        """
    case .notOneInteractor(let caseName, let name):
      return """
        The case '\(caseName)' of '@Interactor' enum '\(name)' must carry exactly one \
        interactor, without a label, as in 'case \(caseName)(\(caseName.prefix(1).uppercased() + caseName.dropFirst())Interactor)': \
        it becomes the child that runs while the state is in that case.
        """
    case .missingButtonAction(let caseName, let type):
      return """
        The case '\(caseName)' carries '\(type)' without the action of its buttons: write \
        '\(type)<\(caseName.prefix(1).uppercased() + caseName.dropFirst())>', with an enum of what each \
        button does; pressing a button sends it to the parent.
        """
    }
  }

  var diagnosticID: MessageID {
    let id: String
    switch self {
    case .notAnEnum: id = "notAnEnum"
    case .generic: id = "genericEnum"
    case .noCases: id = "noCases"
    case .notOneInteractor: id = "notOneInteractor"
    case .missingButtonAction: id = "missingButtonAction"
    }
    return MessageID(domain: "UnoCompositionMacros", id: id)
  }

  var severity: DiagnosticSeverity { .error }
}
