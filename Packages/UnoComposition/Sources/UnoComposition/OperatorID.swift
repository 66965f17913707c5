import ConcurrencyExtras

/// An operator's identity: the `id` it was given, or else where it is written. Stable across
/// body evaluations.
///
/// ``Throttle`` is identified by it, with or without an explicit `id`: the `id` *is* the
/// operator's identity, wherever the operator is written. ``Debounce`` uses it only without an
/// explicit `id` (an explicit one is wrapped in its own type, so that `cancelDebounce(id:)` finds
/// it and a plain effect with the same id does not). Without an `id`, the place the operator is
/// written at identifies it: an interactor value is rebuilt whenever its parent's body is, so
/// that place is what stays the same.
struct OperatorID: Hashable, Sendable {
  private enum Identity: Hashable, Sendable {
    case written(file: UInt, line: UInt, column: UInt)
    case given(AnyHashableSendable)
  }

  private let identity: Identity

  init(fileID: StaticString, line: UInt, column: UInt, id: (any Hashable & Sendable)?) {
    if let id {
      identity = .given(AnyHashableSendable(id))
    } else {
      identity = .written(file: UInt(bitPattern: fileID.utf8Start), line: line, column: column)
    }
  }
}
