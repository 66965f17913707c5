import CasePaths
import ConcurrencyExtras
import UnoCore

extension Empty {
  /// The route of one case of an `@Interactor` enum to the child it carries: what the macro
  /// generates for each case, in the enum's `body`. Not for code written by hand: write
  /// `when(stateIs:actionIs:stateAction:_:)` with case paths, which builds the same ``When``.
  ///
  /// It is one function, not overloaded, whose generic types are all fixed by its arguments (the
  /// enum's `State` and `Action` named, the child's types read from the child), so that the
  /// compiler checks each case of an enum in the same short time however many cases the enum has;
  /// the overloaded `when`, four forms over a builder closure, cost a case of an enum of 30 screens
  /// several times as much (docs/performance.md, "Compile time").
  ///
  /// - Parameters:
  ///   - toChildState: The case of the enum's state that carries the child's state.
  ///   - toChildAction: The case of the enum's actions that carries the child's actions.
  ///   - child: The child interactor.
  ///   - fileID: The file of the enum, where misuse is reported; the compiler fills it in.
  ///   - filePath: The path of that file, for the same reports.
  ///   - line: The line of the enum, for the same reports.
  ///   - column: The column of the enum, for the same reports.
  /// - Returns: The child run while the state is in its case, as `when` on a case path runs it.
  @inlinable
  public static func _route<Child: Interactor>(
    _ toChildState: CaseMember<State, Child.DomainState>,
    _ toChildAction: CaseMember<Action, Child.Action>,
    _ child: Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyInteractor<State, Action> {
    When(
      parent: Empty(), state: .casePath(CaseMembers.casePath(toChildState)),
      action: CaseMembers.casePath(toChildAction), stateAction: nil, child: child,
      scope: AnyHashableSendable(_MainActorKeyPath(toChildState)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).eraseToAnyInteractor()
  }
}
