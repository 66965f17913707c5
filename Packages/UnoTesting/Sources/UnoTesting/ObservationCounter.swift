import Observation

/// Counts how many times observation tells a reader of a change: how many times a view that reads
/// the same would be drawn again.
///
/// It reads with `read` inside `withObservationTracking` at once, and again each time it is told
/// (as a view draws again), so ``count`` is the number of changes that concerned what `read`
/// reads:
///
/// ```swift
/// let title = ObservationCounter { _ = viewModel.title }
/// let row = ObservationCounter { _ = viewModel.rowViewModels[id: id]!.title }
/// viewModel.sendViewEvent(.toggle(id))
/// #expect(title.count == 0)
/// ```
@MainActor
public final class ObservationCounter {
  /// The changes told so far.
  public private(set) var count = 0
  private let read: @MainActor () -> Void

  /// Starts observing what `read` reads.
  public init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      // Changes to a main-actor view model happen on the main actor, and observation tells its
      // observers there, in the change.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.count += 1
        self.track()
      }
    }
  }
}
