import CounterPlugin
import SearchPlugin
import StandupsPlugin
import TodosPlugin
import UnoPlugin

/// The features the bundled `uno-host` runs: Counter, Search, Todos and Standups.
public let bundledFeatures: [FeaturePlugin] = [counterPlugin, searchPlugin, todosPlugin, standupsPlugin]

/// The bundled features as a registry, for tests and tools that drive the protocol engine
/// (`ProtocolHost`) directly.
public func makeRegistry() throws(FeatureRegistry.DuplicateName) -> FeatureRegistry {
  try FeatureRegistry(bundledFeatures)
}
