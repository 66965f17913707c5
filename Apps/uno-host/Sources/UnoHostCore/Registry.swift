import CounterPlugin
import SearchPlugin
import TodosPlugin
import UnoPlugin

/// The features uno-host can run. Adding one is a line here plus a dependency in Package.swift.
public func makeRegistry() throws(FeatureRegistry.DuplicateName) -> FeatureRegistry {
  try FeatureRegistry([
    counterPlugin,
    searchPlugin,
    todosPlugin,
  ])
}
