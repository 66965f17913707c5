import Dependencies
import UnoCore

/// Closes the presentation of the feature whose effect calls it: a child presented by an
/// optional `when` is set to `nil`, a screen of a navigation stack is popped with every screen
/// above it.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .closeTapped:
///   return .perform { _, _ in await dismiss() }
/// ```
///
/// - The change is applied by the runtime as one step, as if the parent had made it: the parent's
///   observers see it, and the child's effects, the calling one included, are cancelled in that
///   step. Code after `await dismiss()` runs cancelled: its writes are dropped.
/// - It closes the innermost presentation that holds the caller: an effect of a child inside a
///   destination sets that destination to `nil` and leaves the screen under it; an effect of a
///   stack screen's own interactor pops that screen.
/// - Called from an effect of a feature that is not presented (by an optional `when` or a stack
///   `forEach`), or after the child is gone, it changes nothing and reports it at the call, as a
///   test failure under a test runner and as a runtime warning otherwise.
///
/// A test can replace it, `$0.dismiss = DismissEffect { … }`, to see that it was called without
/// a presentation around the feature.
public struct DismissEffect: Sendable {
  private let dismiss: (@Sendable (CallSite) async -> Void)?

  /// A dismiss that runs `dismiss` instead of closing the caller's presentation.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = { _ in await dismiss() }
  }

  private init() {
    dismiss = nil
  }

  /// The dismiss that closes the presentation of the calling effect's feature.
  public static let presentation = DismissEffect()

  /// Closes the presentation that holds the calling effect's feature.
  public func callAsFunction(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if let dismiss { return await dismiss(callSite) }
    guard let presentation = Presentation.current else {
      callSite.reportIssue(
        """
        'dismiss()' was called at \(callSite) by an effect of a feature that is not presented, so \
        there is nothing to close. Nothing changed.

        'dismiss' closes a child presented by an optional '.when(stateIs:actionIs:)' (it sets it to \
        nil) or a screen of a '.forEach' over a 'StackState' (it pops it). Present the feature \
        that way, or change the parent's state from the parent.
        """
      )
      return
    }
    await presentation.close(callSite)
  }
}

extension DismissEffect: DependencyKey {
  public static var liveValue: Self { .presentation }
  public static var testValue: Self { .presentation }
}

extension DependencyValues {
  /// Closes the presentation of the feature whose effect calls it; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }
}

/// The presentation a child's effects run in, set by the operator that presents the child
/// (an optional `when`, a stack `forEach`) around each of the child's effects.
struct Presentation: Sendable {
  @TaskLocal static var current: Presentation?

  /// Closes it, for the call at `CallSite`.
  let close: @Sendable (CallSite) async -> Void

  /// What an operator passes as `around` to `Emission.scope`: runs each effect of the child in a
  /// presentation whose `close` applies `remove` to the parent's state in one step. `remove`
  /// returns `false` when the child is not there any more; `name` describes the presentation
  /// for that message.
  static func around<Parent: Sendable>(
    name: @escaping @Sendable () -> String,
    remove: @escaping @Sendable (inout Parent) -> Bool
  ) -> @Sendable (Send<Parent>, () async throws -> Void) async throws -> Void {
    { send, effect in
      let presentation = Presentation { callSite in
        let gone = {
          callSite.reportIssue(
            """
            'dismiss()' was called at \(callSite) after the child it closes (\(name())) was gone. \
            Nothing changed.

            The child's effects are cancelled when it goes away; this call came from work that \
            outlived them, or ran after the child had been closed.
            """
          )
        }
        guard !Task.isCancelled else { return gone() }
        await send.reduce { parent in
          if !remove(&parent) { gone() }
          return .state
        }
      }
      try await $current.withValue(presentation) { try await effect() }
    }
  }
}
