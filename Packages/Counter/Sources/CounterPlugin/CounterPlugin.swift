import CounterFeature
import UnoPlugin

/// The counter, as a host loads it: the live clock (its dependency's live value), one-second
/// delayed increments.
public let counterPlugin = FeaturePlugin(
  name: "counter",
  summary: "A number to increment, decrement and reset, with delayed increments from an effect.",
  actions: [
    .init(CounterAction.increment, summary: "Adds one."),
    .init(.decrement, summary: "Subtracts one."),
    .init(.reset, summary: "Back to zero (pending increments still land)."),
    .init(.incrementLater, summary: "Adds one after a second, from an effect."),
    .init(.cancelPending, summary: "Cancels every pending delayed increment."),
  ],
  makeViewModel: {
    // A host runs features live, even inside a test process: live clock.
    CounterInteractor.makeViewModel(withDependencies: { $0.context = .live }, reportsReinitialization: false)
  }
)
