import Dependencies

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension DependencyValues {
  /// Whether the feature reading it is presented: `true` inside a child presented by an optional
  /// `when` (a destination of an `@Interactor enum` included) or a screen of a navigation stack
  /// (`forEach` over a ``StackState``), in its `interact`, in its effects and in its operators'
  /// later steps; `false` elsewhere.
  ///
  /// These are the presentations ``DismissEffect`` closes, so a feature can offer a close button
  /// only when there is something to close:
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// @Dependency(\.dismiss) var dismiss
  ///
  /// case .closeTapped:
  ///   guard isPresented else { return .state }
  ///   return .perform { _, _ in await dismiss() }
  /// ```
  ///
  /// A value set like any dependency's (`withDependencies { $0.isPresented = true }`, or
  /// `.dependency(\.isPresented, true)` on an interactor) wins over what the presentations say:
  /// that is how a test runs a feature as if it were presented.
  ///
  /// How it is known without binding values around every presented step (which costs more than the
  /// step: see docs/performance-history.md, "Forms and tests of whole apps"): the presenting operator
  /// marks the current thread while the child's step runs (the step is synchronous), and runs the
  /// child's effects in its presentation (the task-local that `dismiss` closes), which their later
  /// steps inherit.
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] ?? (PresentedStep.isRunning || Presentation.current != nil) }
    set { self[IsPresentedKey.self] = newValue }
  }
}

/// An explicit value of `isPresented`; `nil`: what the presentations say.
private enum IsPresentedKey: DependencyKey {
  static let liveValue: Bool? = nil
  static let testValue: Bool? = nil
}

/// Whether the step of a presented child runs on this thread: a count per thread, raised by the
/// presenting operator (an optional `when`, a stack `forEach`) around the child's step.
///
/// Per thread, not a task-local: binding a task-local costs more than a whole step, and a step is
/// synchronous, so the thread that runs it is the whole of its extent. The count is back to what it
/// was when the step returns, so whatever runs on the thread later is not affected.
@usableFromInline
enum PresentedStep {
  /// The thread-specific slot that holds the count, as a pointer-sized integer.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key, nil)
    precondition(created == 0, "pthread_key_create failed (\(created)): no slot for isPresented")
    return key
  }()

  /// Runs `body` as the step of a presented child.
  @inlinable
  static func run<Result>(_ body: () -> Result) -> Result {
    let depth = enter()
    defer { leave(depth) }
    return body()
  }

  @usableFromInline
  static func enter() -> Int {
    let depth = Int(bitPattern: pthread_getspecific(key))
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth + 1))
    return depth
  }

  @usableFromInline
  static func leave(_ depth: Int) {
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth))
  }

  /// Whether a presented child's step runs on this thread.
  static var isRunning: Bool { pthread_getspecific(key) != nil }
}
