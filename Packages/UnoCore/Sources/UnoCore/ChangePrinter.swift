import CustomDump
import Dependencies

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Writes what changed a state, and how: the action (or the action whose effect wrote), then a
/// diff of the state (swift-custom-dump). `Interactor._printChanges(_:)` and uno-host's `--trace`
/// write through it.
///
/// ```swift
/// CounterInteractor()._printChanges()                        // standard output
/// CounterInteractor()._printChanges(.init { logger.debug("\($0)") })
/// ```
///
/// A change reads:
///
/// ```
/// received action:
///   CounterAction.increment
///   CounterState(
/// -   count: 0
/// +   count: 1
///   )
/// ```
public struct _ChangePrinter: Sendable {
  /// Writes one change's text (several lines, no trailing newline).
  public var write: @Sendable (String) -> Void

  /// A printer that hands each change's text to `write`.
  public init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Prints to standard output.
  public static let standardOutput = _ChangePrinter { print($0) }

  /// Writes to standard error, each line prefixed with `prefix` (uno-host tags its sessions so).
  public static func standardError(prefix: String = "") -> _ChangePrinter {
    _ChangePrinter { text in
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }
      writeToStandardError(lines.joined(separator: "\n") + "\n")
    }
  }

  /// Writes the change an action made.
  public func printChange<State>(action: some Any, from old: State, to new: State) {
    printChange(action: action, Change(old: old, oldShared: .empty, new: new, newShared: .empty))
  }

  /// Writes the change an effect made, naming the action that started the effect.
  public func printChange<State>(effectOf action: some Any, from old: State, to new: State) {
    printChange(effectOf: action, Change(old: old, oldShared: .empty, new: new, newShared: .empty))
  }

  /// A change between two kept states, each with the shared values it held then.
  @_spi(Internals) public struct Change<State> {
    let old: State
    let oldShared: SharedSnapshot
    let new: State
    let newShared: SharedSnapshot

    public init(old: State, oldShared: SharedSnapshot, new: State, newShared: SharedSnapshot) {
      (self.old, self.oldShared, self.new, self.newShared) = (old, oldShared, new, newShared)
    }

    var difference: String {
      SharedSnapshot.difference(old, oldShared, new, newShared) ?? "  (No state changes)"
    }
  }

  @_spi(Internals) public func printChange<State>(action: some Any, _ change: Change<State>) {
    write("received action:\n" + indented(String(customDumping: action)) + "\n" + change.difference)
  }

  @_spi(Internals) public func printChange<State>(effectOf action: some Any, _ change: Change<State>) {
    write("effect of action:\n" + indented(String(customDumping: action)) + "\n" + change.difference)
  }

  /// Writes a change of a shared value that came from outside the runtime.
  @_spi(Internals) public func printSharedChange<State>(_ change: Change<State>) {
    write("shared value changed:\n" + change.difference)
  }

  /// Writes a rewind: the state set back to an earlier one.
  @_spi(Internals) public func printRewind<State>(_ change: Change<State>) {
    write("rewound:\n" + change.difference)
  }

  private func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}

/// Writes `text` to file descriptor 2, whole (a short write is continued).
private func writeToStandardError(_ text: String) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    guard written > 0 else { return }
    bytes = bytes.dropFirst(written)
  }
}

extension DependencyValues {
  /// When set where a runtime is created, the runtime prints every change it makes through it:
  /// uno-host's `--trace` sets it for each session. `nil` (the default): nothing is printed.
  public var _changeTracer: _ChangePrinter? {
    get { self[ChangeTracerKey.self] }
    set { self[ChangeTracerKey.self] = newValue }
  }
}

private enum ChangeTracerKey: DependencyKey {
  static let liveValue: _ChangePrinter? = nil
  static let testValue: _ChangePrinter? = nil
}
