import CounterPlugin
import SearchPlugin
import TodosPlugin
import UnoPlugin

/// The features the bundled `uno-host` runs: Counter, Search and Todos.
public let bundledFeatures: [FeaturePlugin] = [counterPlugin, searchPlugin, todosPlugin]

/// The bundled features as a registry, for tests and tools that drive the protocol engine
/// (`ProtocolHost`) directly.
public func makeRegistry() throws(FeatureRegistry.DuplicateName) -> FeatureRegistry {
  try FeatureRegistry(bundledFeatures)
}
