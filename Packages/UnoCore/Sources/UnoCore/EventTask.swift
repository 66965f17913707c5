/// A handle on the effects that one action started.
///
/// Every ``InteractorRuntime/send(_:)`` (and so every `sendViewEvent`) returns one. It covers the
/// action's effects and everything they start in turn (for instance the child effects that a
/// debounced action runs later).
///
/// ```swift
/// // Fire and forget:
/// viewModel.sendViewEvent(.increment)
///
/// // Wait for the effects, e.g. in SwiftUI's .refreshable:
/// await viewModel.sendViewEvent(.refresh).finish()
///
/// // Cancel them:
/// let task = viewModel.sendViewEvent(.download)
/// task.cancel()
/// ```
public struct EventTask: Sendable {
  let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// A task for an action that started no effects.
  public static var none: EventTask { EventTask(group: nil) }

  /// Identifies the effects of one action, so that a change reported by
  /// ``InteractorRuntime/addObserver(withSource:)`` can be matched to the task of the action that
  /// caused it.
  public struct ID: Hashable, Sendable {
    let rawValue: ObjectIdentifier

    @usableFromInline init(_ group: EffectGroup) { rawValue = ObjectIdentifier(group) }
  }

  /// The identity of this task's effects; `nil` when the action started none.
  public var id: ID? { group.map(ID.init) }

  /// Cancels every effect the action started, and any it would start later. Their sends are
  /// dropped from now on.
  public func cancel() {
    guard let group else { return }
    group.registry.cancel(group: group)
  }

  /// Returns when every effect the action started has finished, including work they deferred.
  ///
  /// Cancelling the task that awaits `finish()` cancels the effects, so that, for instance, a
  /// SwiftUI `.refreshable` that goes away takes its effects with it.
  ///
  /// The caller waits where it runs (`isolation`, which the compiler fills in): a caller on the
  /// main actor is resumed on the main actor directly, without a hop through the global executor.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    guard let group else { return }
    await group.registry.wait(for: group)
  }

  /// Whether ``cancel()`` was called, or the effects' owner was released.
  public var isCancelled: Bool { group?.isCancelled ?? false }

  /// Whether the action started at least one effect.
  ///
  /// For an action that is queued behind the one being handled (see
  /// ``InteractorRuntime/send(_:)``), this is `false` until it has been handled.
  public var hasEffects: Bool { group?.hasStartedEffects ?? false }
}
