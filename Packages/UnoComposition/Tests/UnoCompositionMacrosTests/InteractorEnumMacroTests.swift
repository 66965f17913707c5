import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import UnoCompositionMacros

@Suite(
  .macros(
    ["Interactor": MacroSpec(type: InteractorEnumMacro.self, conformances: ["Interactor"])],
    record: .missing
  )
)
struct InteractorEnumMacroTests {
  @Test func expandsAnEnumOfChildren() {
    assertMacro {
      """
      @Interactor
      enum Destination {
        case edit(EditInteractor)
        case confirmDeletion(ConfirmInteractor), record(RecordMeetingInteractor)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditInteractor)
        case confirmDeletion(ConfirmInteractor), record(RecordMeetingInteractor)

        enum State: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(EditInteractor.DomainState)
          case confirmDeletion(ConfirmInteractor.DomainState)
          case record(RecordMeetingInteractor.DomainState)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              switch root {
                case .edit:
              return \.edit
                case .confirmDeletion:
              return \.confirmDeletion
                case .record:
              return \.record
              }
            }
            public var edit: CasePaths.AnyCasePath<State, EditInteractor.DomainState> {
              ._$embed(State.edit) {
                guard case let .edit(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var confirmDeletion: CasePaths.AnyCasePath<State, ConfirmInteractor.DomainState> {
              ._$embed(State.confirmDeletion) {
                guard case let .confirmDeletion(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var record: CasePaths.AnyCasePath<State, RecordMeetingInteractor.DomainState> {
              ._$embed(State.record) {
                guard case let .record(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = [\.edit, \.confirmDeletion, \.record]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        enum Action: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(EditInteractor.Action)
          case confirmDeletion(ConfirmInteractor.Action)
          case record(RecordMeetingInteractor.Action)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              switch root {
                case .edit:
              return \.edit
                case .confirmDeletion:
              return \.confirmDeletion
                case .record:
              return \.record
              }
            }
            public var edit: CasePaths.AnyCasePath<Action, EditInteractor.Action> {
              ._$embed(Action.edit) {
                guard case let .edit(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var confirmDeletion: CasePaths.AnyCasePath<Action, ConfirmInteractor.Action> {
              ._$embed(Action.confirmDeletion) {
                guard case let .confirmDeletion(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var record: CasePaths.AnyCasePath<Action, RecordMeetingInteractor.Action> {
              ._$embed(Action.record) {
                guard case let .record(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = [\.edit, \.confirmDeletion, \.record]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        typealias DomainState = State

        /// The routing of every case to its child; which case `self` is does not matter.
        init() {
          self = .edit(EditInteractor())
        }

        @MainActor var body: some UnoCore.Interactor<State, Action> {
          UnoComposition.MergeMany<UnoCore.AnyInteractor<State, Action>>([
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.edit, \UnoComposition.CaseMembers<Action>.edit, EditInteractor()
            ),
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.confirmDeletion, \UnoComposition.CaseMembers<Action>.confirmDeletion, ConfirmInteractor()
            ),
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.record, \UnoComposition.CaseMembers<Action>.record, RecordMeetingInteractor()
            ),
          ])
        }
      }

      extension Destination: UnoCore.Interactor {
      }
      """#
    }
  }

  @Test func aPublicEnumGetsPublicMembers() {
    assertMacro {
      """
      @Interactor
      public enum Path {
        case detail(DetailInteractor)
      }
      """
    } expansion: {
      #"""
      public enum Path {
        case detail(DetailInteractor)

        public enum State: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(DetailInteractor.DomainState)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              switch root {
                case .detail:
              return \.detail
              }
            }
            public var detail: CasePaths.AnyCasePath<State, DetailInteractor.DomainState> {
              ._$embed(State.detail) {
                guard case let .detail(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = [\.detail]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        public enum Action: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(DetailInteractor.Action)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              switch root {
                case .detail:
              return \.detail
              }
            }
            public var detail: CasePaths.AnyCasePath<Action, DetailInteractor.Action> {
              ._$embed(Action.detail) {
                guard case let .detail(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = [\.detail]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        public typealias DomainState = State

        /// The routing of every case to its child; which case `self` is does not matter.
        public init() {
          self = .detail(DetailInteractor())
        }

        @MainActor public var body: some UnoCore.Interactor<State, Action> {
          UnoComposition.MergeMany<UnoCore.AnyInteractor<State, Action>>([
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.detail, \UnoComposition.CaseMembers<Action>.detail, DetailInteractor()
            ),
          ])
        }
      }

      extension Path: UnoCore.Interactor {
      }
      """#
    }
  }

  @Test func aStructIsRefusedWithTheOtherForm() {
    assertMacro {
      """
      @Interactor
      struct Destination {
      }
      """
    } diagnostics: {
      """
      @Interactor
      ┬──────────
      ╰─ 🛑 '@Interactor' without arguments declares an enum of child interactors, one per case ('case edit(EditInteractor)'); for a struct, name its state and action: '@Interactor<CounterState, CounterAction>'.
      struct Destination {
      }
      """
    }
  }

  @Test func aGenericEnumIsRefused() {
    assertMacro {
      """
      @Interactor
      enum Destination<Child> {
        case edit(Child)
      }
      """
    } diagnostics: {
      """
      @Interactor
      enum Destination<Child> {
                      ┬──────
                      ╰─ 🛑 '@Interactor' enum 'Destination' cannot be generic: its State and Action enums name each child's types, which must be known. Use concrete child interactors.
        case edit(Child)
      }
      """
    }
  }

  @Test func anEnumWithoutCasesIsRefused() {
    assertMacro {
      """
      @Interactor
      enum Destination {
      }
      """
    } diagnostics: {
      """
      @Interactor
      enum Destination {
           ┬──────────
           ╰─ 🛑 '@Interactor' enum 'Destination' has no cases: add one per child, each carrying the child's interactor, as in 'case edit(EditInteractor)'.
      }
      """
    }
  }

  @Test func everyCaseWithoutExactlyOneInteractorIsRefusedAtTheCase() {
    assertMacro {
      """
      @Interactor
      enum Destination {
        case edit(EditInteractor)
        case none
        case pair(EditInteractor, ConfirmInteractor)
        case labeled(child: EditInteractor)
      }
      """
    } diagnostics: {
      """
      @Interactor
      enum Destination {
        case edit(EditInteractor)
        case none
             ┬───
             ╰─ 🛑 The case 'none' of '@Interactor' enum 'Destination' must carry exactly one interactor, without a label, as in 'case none(NoneInteractor)': it becomes the child that runs while the state is in that case.
        case pair(EditInteractor, ConfirmInteractor)
             ┬──────────────────────────────────────
             ╰─ 🛑 The case 'pair' of '@Interactor' enum 'Destination' must carry exactly one interactor, without a label, as in 'case pair(PairInteractor)': it becomes the child that runs while the state is in that case.
        case labeled(child: EditInteractor)
             ┬─────────────────────────────
             ╰─ 🛑 The case 'labeled' of '@Interactor' enum 'Destination' must carry exactly one interactor, without a label, as in 'case labeled(LabeledInteractor)': it becomes the child that runs while the state is in that case.
      }
      """
    }
  }

  @Test func aCaseCarryingAnAlertOrADialogNeedsNoInteractor() {
    assertMacro {
      """
      @Interactor
      enum Destination {
        case edit(EditInteractor)
        case alert(AlertState<Alert>)
        case endMeeting(UnoComposition.ConfirmationDialogState<EndMeeting>)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditInteractor)
        case alert(AlertState<Alert>)
        case endMeeting(UnoComposition.ConfirmationDialogState<EndMeeting>)

        enum State: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(EditInteractor.DomainState)
          case alert(AlertState<Alert>)
          case endMeeting(UnoComposition.ConfirmationDialogState<EndMeeting>)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              switch root {
                case .edit:
              return \.edit
                case .alert:
              return \.alert
                case .endMeeting:
              return \.endMeeting
              }
            }
            public var edit: CasePaths.AnyCasePath<State, EditInteractor.DomainState> {
              ._$embed(State.edit) {
                guard case let .edit(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var alert: CasePaths.AnyCasePath<State, AlertState<Alert>> {
              ._$embed(State.alert) {
                guard case let .alert(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var endMeeting: CasePaths.AnyCasePath<State, UnoComposition.ConfirmationDialogState<EndMeeting>> {
              ._$embed(State.endMeeting) {
                guard case let .endMeeting(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = [\.edit, \.alert, \.endMeeting]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        enum Action: Sendable, UnoComposition._PresentationClosingAction, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(EditInteractor.Action)
          case alert(AlertState<Alert>.ButtonAction?)
          case endMeeting(UnoComposition.ConfirmationDialogState<EndMeeting>.ButtonAction?)
          /// Whether this action presses a button of an alert or a dialog: it closes the destination.
          var _closesPresentation: Bool {
            switch self {
            case .alert, .endMeeting:
            return true
            default:
            return false
            }
          }
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              switch root {
                case .edit:
              return \.edit
                case .alert:
              return \.alert
                case .endMeeting:
              return \.endMeeting
              }
            }
            public var edit: CasePaths.AnyCasePath<Action, EditInteractor.Action> {
              ._$embed(Action.edit) {
                guard case let .edit(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var alert: CasePaths.AnyCasePath<Action, AlertState<Alert>.ButtonAction?> {
              ._$embed(Action.alert) {
                guard case let .alert(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public var endMeeting: CasePaths.AnyCasePath<Action, UnoComposition.ConfirmationDialogState<EndMeeting>.ButtonAction?> {
              ._$embed(Action.endMeeting) {
                guard case let .endMeeting(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = [\.edit, \.alert, \.endMeeting]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        typealias DomainState = State

        /// The routing of every case to its child; which case `self` is does not matter.
        init() {
          self = .edit(EditInteractor())
        }

        @MainActor var body: some UnoCore.Interactor<State, Action> {
          UnoComposition.MergeMany<UnoCore.AnyInteractor<State, Action>>([
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.edit, \UnoComposition.CaseMembers<Action>.edit, EditInteractor()
            ),
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.alert, \UnoComposition.CaseMembers<Action>.alert, UnoComposition._ButtonsInteractor<AlertState<Alert>>()
            ),
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.endMeeting, \UnoComposition.CaseMembers<Action>.endMeeting, UnoComposition._ButtonsInteractor<UnoComposition.ConfirmationDialogState<EndMeeting>>()
            ),
          ])
        }
      }

      extension Destination: UnoCore.Interactor {
      }
      """#
    }
  }

  @Test func anEnumOfAlertsOnlyStartsInItsFirstAlert() {
    assertMacro {
      """
      @Interactor
      public enum Confirmation {
        case alert(AlertState<Alert>)
      }
      """
    } expansion: {
      #"""
      public enum Confirmation {
        case alert(AlertState<Alert>)

        public enum State: Sendable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case alert(AlertState<Alert>)
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: State) -> CasePaths.PartialCaseKeyPath<State> {
              switch root {
                case .alert:
              return \.alert
              }
            }
            public var alert: CasePaths.AnyCasePath<State, AlertState<Alert>> {
              ._$embed(State.alert) {
                guard case let .alert(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<State>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<State>] = [\.alert]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        public enum Action: Sendable, UnoComposition._PresentationClosingAction, CasePaths.CasePathable, CasePaths.CasePathIterable {
          case alert(AlertState<Alert>.ButtonAction?)
          /// Whether this action presses a button of an alert or a dialog: it closes the destination.
          public var _closesPresentation: Bool {
            switch self {
            case .alert:
            return true
            }
          }
          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Action) -> CasePaths.PartialCaseKeyPath<Action> {
              switch root {
                case .alert:
              return \.alert
              }
            }
            public var alert: CasePaths.AnyCasePath<Action, AlertState<Alert>.ButtonAction?> {
              ._$embed(Action.alert) {
                guard case let .alert(v0) = $0 else {
                return nil
              }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Action>]> {
              let allCasePaths: [CasePaths.PartialCaseKeyPath<Action>] = [\.alert]
              return allCasePaths.makeIterator()
            }
          }
          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        public typealias DomainState = State

        /// The routing of every case to its child; which case `self` is does not matter.
        public init() {
          self = .alert(._placeholder)
        }

        @MainActor public var body: some UnoCore.Interactor<State, Action> {
          UnoComposition.MergeMany<UnoCore.AnyInteractor<State, Action>>([
            UnoComposition.Empty<State, Action>._route(
              \UnoComposition.CaseMembers<State>.alert, \UnoComposition.CaseMembers<Action>.alert, UnoComposition._ButtonsInteractor<AlertState<Alert>>()
            ),
          ])
        }
      }

      extension Confirmation: UnoCore.Interactor {
      }
      """#
    }
  }

  @Test func anAlertWithoutItsButtonActionIsRefusedAtTheType() {
    assertMacro {
      """
      @Interactor
      enum Destination {
        case edit(EditInteractor)
        case alert(AlertState)
        case dialog(ConfirmationDialogState<A, B>)
      }
      """
    } diagnostics: {
      """
      @Interactor
      enum Destination {
        case edit(EditInteractor)
        case alert(AlertState)
                   ┬─────────
                   ╰─ 🛑 The case 'alert' carries 'AlertState' without the action of its buttons: write 'AlertState<Alert>', with an enum of what each button does; pressing a button sends it to the parent.
        case dialog(ConfirmationDialogState<A, B>)
                    ┬────────────────────────────
                    ╰─ 🛑 The case 'dialog' carries 'ConfirmationDialogState' without the action of its buttons: write 'ConfirmationDialogState<Dialog>', with an enum of what each button does; pressing a button sends it to the parent.
      }
      """
    }
  }
}
