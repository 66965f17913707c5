import ConcurrencyExtras

/// Where an operator was written, plus an optional id: stable across body evaluations.
///
/// ``Debounce`` and ``Throttle`` are identified by it: an interactor value is rebuilt whenever its
/// parent's body is, so the place it is written at is what stays the same.
struct OperatorID: Hashable, Sendable {
  let file: UInt
  let line: UInt
  let column: UInt
  let id: AnyHashableSendable?

  init(fileID: StaticString, line: UInt, column: UInt, id: (any Hashable & Sendable)?) {
    self.file = UInt(bitPattern: fileID.utf8Start)
    self.line = line
    self.column = column
    self.id = id.map(AnyHashableSendable.init)
  }
}
