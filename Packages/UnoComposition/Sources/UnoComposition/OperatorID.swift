import ConcurrencyExtras

/// An operator's identity: the `id` it was given, or else where it is written. Stable across
/// body evaluations.
///
/// ``Debounce`` and ``Throttle`` are identified by it, and treat an explicit `id` the same way:
/// it *is* the operator's identity, wherever the operator is written. Without one, the place it
/// is written at identifies it: an interactor value is rebuilt whenever its parent's body is, so
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
