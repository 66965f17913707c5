import UnoCore

/// A button of an alert or a confirmation dialog: its label, its role, and the action that
/// pressing it sends, if any.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete")
/// ButtonState(role: .cancel, label: "Cancel")     // closes, and sends nothing else
/// ```
public struct ButtonState<Action> {
  /// What a button does, for a view to style it.
  public enum Role: String, Sendable, Equatable, Hashable, Codable {
    /// Dismisses without doing anything.
    case cancel
    /// Deletes or discards something.
    case destructive
  }

  /// The role, or `nil` for an ordinary button.
  public var role: Role?
  /// The action the parent hears when the button is pressed; `nil`: pressing only closes.
  public var action: Action?
  /// The text on the button.
  public var label: String

  /// A button labelled `label`, sending `action` when pressed.
  public init(role: Role? = nil, action: Action? = nil, label: String) {
    self.role = role
    self.action = action
    self.label = label
  }
}

extension ButtonState: Sendable where Action: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Codable where Action: Codable {}

/// An alert as state: a title, an optional message and buttons. A case of an `@Interactor enum`
/// destination can carry one, with no interactor to write:
///
/// ```swift
/// @Interactor
/// enum Destination {
///   case edit(StandupFormInteractor)
///   case alert(AlertState<Alert>)
///   @CasePathable enum Alert: Equatable, Codable { case confirmDeletion }
/// }
///
/// case .deleteTapped:
///   state.destination = .alert(AlertState(
///     title: "Delete?",
///     message: "This standup and its meetings will be gone.",
///     buttons: [
///       ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
///       ButtonState(role: .cancel, label: "Cancel"),
///     ]
///   ))
///   return .state
/// case .destination(.alert(.confirmDeletion)):
///   …
/// ```
///
/// **Pressing a button** is sending the destination's action for the case with the button's
/// action: `.destination(.alert(.confirmDeletion))`; a button without an action is pressed with
/// `.destination(.alert(nil))`. Either way the destination is set to `nil` in the same step,
/// before the parent hears the action.
public struct AlertState<Action> {
  /// The action of this alert's buttons: what the destination's case carries.
  public typealias ButtonAction = Action

  /// The title.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// An alert with `title`, `message` and `buttons`.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Sendable where Action: Sendable {}
extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Codable where Action: Codable {}

/// A confirmation dialog as state: an alert whose buttons a platform shows as a sheet of choices.
/// It is a destination's case like ``AlertState``, and is pressed and closed the same way.
///
/// ```swift
/// state.destination = .endMeeting(ConfirmationDialogState(
///   title: "End meeting?",
///   titleVisibility: .visible,
///   buttons: [
///     ButtonState(action: .saveAndEnd, label: "Save and end"),
///     ButtonState(role: .destructive, action: .discard, label: "Discard"),
///     ButtonState(role: .cancel, action: .resume, label: "Resume"),
///   ]
/// ))
/// ```
public struct ConfirmationDialogState<Action> {
  /// Whether a platform shows the title.
  public enum Visibility: String, Sendable, Equatable, Hashable, Codable {
    /// As the platform chooses.
    case automatic
    /// Always.
    case visible
    /// Never.
    case hidden
  }

  /// The action of this dialog's buttons: what the destination's case carries.
  public typealias ButtonAction = Action

  /// The title.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: Visibility
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]

  /// A dialog with `title`, shown as `titleVisibility` says, `message` and `buttons`.
  public init(
    title: String, titleVisibility: Visibility = .automatic, message: String? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Codable where Action: Codable {}

/// A presentation whose only interaction is pressing one of its buttons: ``AlertState`` and
/// ``ConfirmationDialogState``. What the `@Interactor` macro makes a destination's case of, with
/// `_ButtonsInteractor` as its child.
public protocol _ButtonsPresentation<ButtonAction> {
  associatedtype ButtonAction
  /// A value of the type, to name the case in messages.
  static var _placeholder: Self { get }
}

extension AlertState: _ButtonsPresentation {
  public static var _placeholder: Self { Self(title: "") }
}

extension ConfirmationDialogState: _ButtonsPresentation {
  public static var _placeholder: Self { Self(title: "") }
}

/// The child the `@Interactor` macro gives a destination's case that carries an ``AlertState`` or
/// a ``ConfirmationDialogState``: it changes nothing. Its action, a button's action (or `nil` for
/// a button without one), closes the presentation in the optional `when` that presents the
/// destination (see `_PresentationClosingAction`).
@MainActor
public struct _ButtonsInteractor<Presentation: _ButtonsPresentation & Sendable>: Interactor
where Presentation.ButtonAction: Sendable {
  public typealias DomainState = Presentation
  public typealias Action = Presentation.ButtonAction?
  public typealias Body = Never

  public init() {}

  public var initialValue: Presentation { ._placeholder }

  public func interact(state: inout Presentation, action: Action) -> Emission<Presentation> {
    .state
  }
}

/// An action that may close the presentation it reaches: the `Action` of an `@Interactor enum`
/// with a case carrying an ``AlertState`` or a ``ConfirmationDialogState``, whose actions for those
/// cases are button presses. The optional `when` that presents such a child sets it to `nil`, in
/// the step of the press, before its parent hears the action. Generated by the macro.
public protocol _PresentationClosingAction {
  /// Whether this action presses a button of an alert or a dialog.
  var _closesPresentation: Bool { get }
}
