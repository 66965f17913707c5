import CasePaths
import ConcurrencyExtras
import IssueReporting
import UnoCore

@MainActor
extension Interactor {
  /// Runs a child interactor on a part of this interactor's state, for the actions that belong to
  /// it.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   ParentInteractor()
  ///     .when(stateIs: \.detail, actionIs: \.detail, stateAction: \.detailChanged) {
  ///       DetailInteractor()
  ///     }
  /// }
  /// ```
  ///
  /// - An action that `actionIs` extracts goes to the child, which mutates `state[keyPath:
  ///   stateIs]`. Every other action goes to this interactor.
  /// - What this interactor hears of the child depends on `stateAction`:
  ///   - with it, this interactor receives `stateAction` carrying the child's new state after
  ///     each of the child's actions and after each write of the child's effects;
  ///   - without it, this interactor receives the child's action itself, right after the child
  ///     handled it (so it sees the child's new state), and nothing when the child's effects
  ///     write.
  /// - The child's effects are scoped: their `DynamicState` reads the child part of the current
  ///   state, their `Send` writes into it.
  /// - The child's effect ids are qualified by the scope, so the same child in two scopes never
  ///   cancels the other scope's effects.
  ///
  /// Without `stateAction`, a parent reacts to what the child did by matching the child's
  /// actions:
  ///
  /// ```swift
  /// @CasePathable
  /// enum Action { case settings(SettingsAction), save }
  ///
  /// var body: some InteractorOf<Self> {
  ///   Interact(initialValue: State()) { state, action in
  ///     switch action {
  ///     case .settings(.toggleDarkMode):   // the child has already toggled it
  ///       state.needsSave = true
  ///       return .state
  ///     case .settings, .save:
  ///       return .state
  ///     }
  ///   }
  ///   .when(stateIs: \.settings, actionIs: \.settings) { SettingsInteractor() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Where the child's state lives in this interactor's state.
  ///   - toChildAction: The case of this interactor's actions that carries the child's actions.
  ///   - toStateAction: The case this interactor receives with the child's new state, or `nil`
  ///     (the default) for this interactor to receive the child's actions instead.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - filePath: The path of that file, for the same reports.
  ///   - line: The line of the call, for the same reports.
  ///   - column: The column of the call, for the same reports.
  ///   - child: The child interactor.
  /// - Returns: This interactor with the child in it, as an `AnyInteractor`: every level of a
  ///   chain stores the one before it erased, so this changes nothing at run time, and with one
  ///   result type for every form of `when` and `forEach` the compiler checks each child of a
  ///   chain on its own, not every combination of the forms (docs/performance.md, "Compile
  ///   time").
  @inlinable
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: WritableKeyPath<DomainState, ChildState>,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    stateAction toStateAction: CaseMember<Action, ChildState>? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> AnyInteractor<DomainState, Action> {
    When(
      parent: self, state: .keyPath(toChildState, offset: MemoryLayout<DomainState>.offset(of: toChildState)),
      action: CaseMembers.casePath(toChildAction),
      stateAction: toStateAction.map { CaseMembers.casePath($0) }, child: child(),
      scope: AnyHashableSendable(_MainActorKeyPath(toChildState)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).eraseToAnyInteractor()
  }

  /// Runs a child interactor while this interactor's state (an enum) is in one case.
  ///
  /// ```swift
  /// @CasePathable
  /// enum State { case loggedOut(Login), loggedIn(Home) }
  ///
  /// var body: some InteractorOf<Self> {
  ///   Root()   // sees .login(.succeeded(user)) after Login did, and moves to .loggedIn
  ///     .when(stateIs: \.loggedOut, actionIs: \.login) { LoginInteractor() }
  /// }
  /// ```
  ///
  /// Behaves like the key-path form of `when(stateIs:actionIs:stateAction:_:)`, with or without
  /// `stateAction`, with one difference: when the state leaves the case, by any action or
  /// effect, every effect the child started is cancelled in that step, and a child action or a
  /// write from one of the child's effects that comes while the state is in another case is
  /// dropped and reported with the name of the case.
  @inlinable @_disfavoredOverload
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: CaseMember<DomainState, ChildState>,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    stateAction toStateAction: CaseMember<Action, ChildState>? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> AnyInteractor<DomainState, Action> {
    When(
      parent: self, state: .casePath(CaseMembers.casePath(toChildState)),
      action: CaseMembers.casePath(toChildAction),
      stateAction: toStateAction.map { CaseMembers.casePath($0) }, child: child(),
      scope: AnyHashableSendable(_MainActorKeyPath(toChildState)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).eraseToAnyInteractor()
  }

  /// Runs a child interactor while an optional part of this interactor's state is not `nil`: a
  /// child that is presented, then dismissed.
  ///
  /// ```swift
  /// struct State { var todos: IdentifiedArrayOf<Todo> = []; var editor: EditorState? }
  ///
  /// Interact(initialValue: State()) { state, action in
  ///   switch action {
  ///   case .editor(.saveTapped):            // the editor has validated its title
  ///     if let editor = state.editor { state.todos[id: editor.id]?.title = editor.title }
  ///     state.editor = nil                  // its effects are cancelled now
  ///     return .state
  ///   default:
  ///     return .state
  ///   }
  /// }
  /// .when(stateIs: \.editor, actionIs: \.editor) { EditorInteractor() }
  /// ```
  ///
  /// Behaves like the key-path form of `when(stateIs:actionIs:stateAction:_:)`, with or without
  /// `stateAction`, and: setting the optional to `nil`, by any action or effect, cancels every
  /// effect the child started, in that step; a child action that arrives while it is `nil` is
  /// dropped and reported; presenting it again starts a fresh child. In the child's effects, the
  /// `dismiss` dependency (``DismissEffect``) sets it to `nil`; in the child and its effects, the
  /// `isPresented` dependency is `true`.
  @inlinable @_disfavoredOverload
  public func when<ChildState, ChildAction, Child: Interactor<ChildState, ChildAction>>(
    stateIs toChildState: WritableKeyPath<DomainState, ChildState?>,
    actionIs toChildAction: CaseMember<Action, ChildAction>,
    stateAction toStateAction: CaseMember<Action, ChildState>? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<ChildState, ChildAction> _ child: () -> Child
  ) -> AnyInteractor<DomainState, Action> {
    When(
      parent: self, state: .optional(toChildState), action: CaseMembers.casePath(toChildAction),
      stateAction: toStateAction.map { CaseMembers.casePath($0) }, child: child(),
      scope: AnyHashableSendable(_MainActorKeyPath(toChildState)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).eraseToAnyInteractor()
  }
}

@MainActor
extension Interactor {
  /// Presents an optional alert or confirmation dialog of this interactor's state: any of its
  /// buttons closes it (sets it to `nil`) in the step of the press, and this interactor hears the
  /// button's action, `nil` for a button without one.
  ///
  /// ```swift
  /// struct State { var endMeeting: ConfirmationDialogState<EndMeetingAction>? }
  /// enum Action { case endTapped; case endMeeting(EndMeetingAction?) }
  ///
  /// Interact { state, action in
  ///   switch action {
  ///   case .endMeeting(.discard):           // the dialog is closed already
  ///     …
  ///   }
  /// }
  /// .when(stateIs: \.endMeeting, actionIs: \.endMeeting)
  /// ```
  ///
  /// An alert or a dialog that is one case of a destination enum needs nothing of this: the
  /// `@Interactor` enum gives it its child.
  @inlinable
  public func when<Buttons: _ButtonsPresentation & Sendable>(
    stateIs toButtons: WritableKeyPath<DomainState, Buttons?>,
    actionIs toButtonAction: CaseMember<Action, Buttons.ButtonAction?>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyInteractor<DomainState, Action> where Buttons.ButtonAction: Sendable {
    When(
      parent: self, state: .optional(toButtons), action: CaseMembers.casePath(toButtonAction),
      stateAction: nil, child: _ButtonsInteractor<Buttons>(),
      scope: AnyHashableSendable(_MainActorKeyPath(toButtons)),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      closing: .onEveryAction
    ).eraseToAnyInteractor()
  }
}

/// A child interactor scoped to part of a parent's state and actions. Made by
/// `Interactor.when(stateIs:actionIs:stateAction:_:)`.
@MainActor
public struct When<Parent: Interactor, Child: Interactor>: Interactor {
  public typealias DomainState = Parent.DomainState
  public typealias Action = Parent.Action
  public typealias Body = Never

  /// Where the child lives in the parent's state.
  @usableFromInline typealias StatePath = WhenPath<Parent.DomainState, Child.DomainState>

  // Parent and child are held erased, their bodies built once (see
  // `Interactor.eraseToAnyInteractor()`), so that a tree of nested features is not rebuilt for
  // every action.
  @usableFromInline let parent: AnyInteractor<Parent.DomainState, Parent.Action>
  @usableFromInline let action: AnyCasePath<Parent.Action, Child.Action>
  /// The case the parent receives with the child's new state, after each child action and
  /// each write of the child's effects; `nil`: the parent receives the same action the child
  /// handled, and nothing after the effects' writes.
  @usableFromInline let stateAction: AnyCasePath<Parent.Action, Child.DomainState>?
  @usableFromInline let child: AnyInteractor<Child.DomainState, Child.Action>
  /// The child's step, where it lives (``WhenPath``), and where the `when` is written: its
  /// messages name it and are reported there.
  @usableFromInline let childStep: ChildStep<StatePath>
  /// Which of the child's actions close a child presented by an optional.
  @usableFromInline let closing: Closing

  /// Which child actions close the child (set its optional to `nil`), in the step they are sent.
  @usableFromInline
  enum Closing: Sendable {
    /// None: the child is closed by its parent, or by `dismiss`.
    case never
    /// A press of a button of an alert or a dialog the child shows: its actions are an
    /// `@Interactor` enum's with such cases (`_PresentationClosingAction`).
    case onButtons
    /// Every one: the child is an alert or a dialog itself (`when(stateIs:actionIs:)` over an
    /// optional ``AlertState`` or ``ConfirmationDialogState``).
    case onEveryAction
  }

  // The path of an action that only changes state (`init`, `interact`, `step` and the state
  // accessors) is `@inlinable`, so that it is specialised for the feature's types where the
  // feature is built: run generically, every level of nesting paid for metadata lookups and
  // value-witness calls. Scoping effects and the messages stay behind non-inlinable functions.
  @inlinable
  init(
    parent: Parent, state: StatePath, action: AnyCasePath<Parent.Action, Child.Action>,
    stateAction: AnyCasePath<Parent.Action, Child.DomainState>?, child: Child, scope: AnyHashableSendable,
    callSite: CallSite, closing: Closing? = nil
  ) {
    self.parent = parent.eraseToAnyInteractor()
    self.action = action
    self.stateAction = stateAction
    self.child = child.eraseToAnyInteractor()
    self.childStep = ChildStep(location: state, scope: scope, callSite: callSite, interactor: Child.self)
    if let closing {
      self.closing = closing
    } else if case .optional = state, Child.Action.self is any _PresentationClosingAction.Type {
      self.closing = .onButtons
    } else {
      self.closing = .never
    }
  }

  @inlinable
  public var initialValue: DomainState { parent.initialValue }

  /// Erases this interactor, with the parent's initial value, or with none when the parent has
  /// none (an `Interact` made without one, for a child whose parent always gives its state), so
  /// that a message that would show it (an action to a case that is not active) checks
  /// `AnyInteractor.hasInitialValue` and does not stop the program reading it.
  @inlinable
  public func eraseToAnyInteractor() -> AnyInteractor<DomainState, Action> {
    guard parent.hasInitialValue else {
      return Interact { state, action in self.interact(state: &state, action: action) }.eraseToAnyInteractor()
    }
    return AnyInteractor(initialValue: parent.initialValue) { state, action in
      self.interact(state: &state, action: action)
    }
  }

  @inlinable
  public func interact(
    state parentState: inout DomainState, action parentAction: Action
  ) -> Emission<DomainState> {
    guard let childAction = action.extract(from: parentAction) else {
      return parent.interact(state: &parentState, action: parentAction)
    }
    // Two calls of the inlined step, so that a child that never closes (all but alerts, dialogs
    // and children showing them) has a step without the check.
    guard closing != .never else {
      return step(&parentState, then: parentAction, closes: false) { childState in
        child.interact(state: &childState, action: childAction)
      } whenInactive: { parentState in
        inactiveActionMessage(childAction, parentState)
      }
    }
    let closes = closing == .onEveryAction || Self.pressesAButton(childAction)
    return step(&parentState, then: parentAction, closes: closes) { childState in
      child.interact(state: &childState, action: childAction)
    } whenInactive: { parentState in
      inactiveActionMessage(childAction, parentState)
    }
  }

  /// Closes a child presented by an optional: sets it to `nil`. Not inlined: a path that only
  /// alerts and dialogs take stays out of the step every level inlines.
  @usableFromInline
  func close(_ parentState: inout DomainState) {
    _ = childStep.location.remove(OnlyChild(), from: &parentState)
  }

  /// Whether `childAction` presses a button of an alert or a dialog (see ``Closing/onButtons``).
  @usableFromInline
  static func pressesAButton(_ childAction: Child.Action) -> Bool {
    (childAction as? any _PresentationClosingAction)?._closesPresentation ?? false
  }

  /// One child step: run `body` on the child part of the state, let the parent hear
  /// `stateAction` (or, without one, `parentAction`: the action being handled, `nil` for an
  /// effect's write), and scope what the child emitted. With `closes`, a child presented by an
  /// optional is set to `nil` after `body`, before the parent hears the action. If the child does
  /// not exist (another enum case, a `nil` optional), nothing runs and `whenInactive`'s message is
  /// reported.
  @inlinable @inline(__always)
  func step(
    _ parentState: inout DomainState,
    then parentAction: Action?,
    closes: Bool = false,
    _ body: (inout Child.DomainState) -> Emission<Child.DomainState>,
    whenInactive message: (DomainState) -> String
  ) -> Emission<DomainState> {
    var childEmission = Emission<Child.DomainState>.state
    guard
      let childState = childStep.run(
        &parentState, OnlyChild(),
        { child -> Child.DomainState in
          childEmission = body(&child)
          return child
        })
    else {
      childStep.callSite.reportIssue(message(parentState))
      return .state
    }
    // A button of an alert or a dialog was pressed: it closes before the parent hears it.
    if closes { close(&parentState) }
    // `stateAction != nil` and `unsafelyUnwrapped` rather than `if let`: binding the optional
    // copied the case path (two closures, retained and released) at every level, a third of a
    // ten-level leaf action (docs/performance.md). It was checked for nil on the line before.
    let parentEmission: Emission<DomainState>
    if stateAction != nil {
      parentEmission = parent.interact(
        state: &parentState, action: stateAction.unsafelyUnwrapped.embed(childState))
    } else if let parentAction {
      parentEmission = parent.interact(state: &parentState, action: parentAction)
    } else {
      parentEmission = .state
    }
    guard !childEmission.isEmpty else { return parentEmission }
    return scoped(childEmission, from: childState).merging(with: parentEmission)
  }

  @usableFromInline
  func inactiveActionMessage(_ childAction: Child.Action, _ parentState: DomainState) -> String {
    let callSite = childStep.callSite
    if case .optional = childStep.location {
      return """
        A child action '\(childAction)' reached \(childStep.location.describe(OnlyChild())) \
        (written at \(callSite)) while that optional state was nil. The action was dropped.

        The child was dismissed (set to nil) before the action arrived, for instance by an \
        action sent from a view that was still on screen. Its effects were cancelled when it \
        went away; send its actions only while it is presented.
        """
    }
    return """
      A child action '\(childAction)' reached '.when(stateIs: \(caseName))' \
      (written at \(callSite)) while the state was '\(Self.describeCase(parentState))'. The \
      action was dropped.

      The state left the case before the action arrived, for instance because an action was \
      sent from a view of the old case. The child's effects were cancelled when the state left \
      the case; send its actions only while the case is active.
      """
  }

  /// The name of the case the child lives in, as `.name`, found by embedding the child's initial
  /// state. Only used in messages. A child without an initial value of its own (its parent always
  /// gives its state) is named by its type instead.
  private var caseName: String {
    switch childStep.location {
    case .keyPath(let keyPath, _):
      return String(reflecting: keyPath)
    case .optional(let keyPath):
      return String(reflecting: keyPath)
    case .casePath(let casePath):
      guard child.hasInitialValue else { return "the case of \(Child.self)" }
      return Self.describeCase(casePath.embed(child.initialValue))
    }
  }

  private static func describeCase(_ value: DomainState) -> String {
    if let label = Mirror(reflecting: value).children.first?.label { return ".\(label)" }
    return ".\(value)"
  }

  /// The child's emission, with effects that read and write the child part of the parent state,
  /// and, for a child that can go away, that die with it. An effect's write goes through this
  /// `when`'s step, so that the parent hears `stateAction` after it.
  @usableFromInline
  func scoped(
    _ emission: Emission<Child.DomainState>, from snapshot: Child.DomainState
  ) -> Emission<DomainState> {
    childStep.scoped(emission, key: OnlyChild(), from: snapshot) { parentState, body, what in
      self.step(&parentState, then: nil, body) { parentState in
        self.goneMessage(what: what, snapshot: snapshot, parentState: parentState)
      }
    }
  }

  /// Says that a child's operator or effect ran after the child was gone. Its effects are
  /// cancelled in the step that removes the child, so this happens only to work that escaped
  /// them (a `Send` kept past its effect).
  private func goneMessage(what: String, snapshot: Child.DomainState, parentState: DomainState) -> String {
    let now: String
    if case .optional = childStep.location { now = "nil" } else { now = Self.describeCase(parentState) }
    let callSite = childStep.callSite
    return """
      \(what) '\(Child.self)' (scoped by the 'when' written at \(callSite)) wrote its state after \
      the child '\(caseName)' was gone (it is now '\(now)'). The write was dropped.

      The child's effects are cancelled when it goes away; this write came from work that \
      outlived its effect. Keep the writes inside the effect that was given the 'Send'.
      """
  }
}
