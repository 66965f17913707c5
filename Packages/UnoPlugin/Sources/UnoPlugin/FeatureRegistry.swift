/// The features a host can run, by name.
///
/// ```swift
/// let registry = try FeatureRegistry([counterPlugin, searchPlugin])
/// ```
public struct FeatureRegistry: Sendable {
  /// The features, in registration order.
  public let plugins: [FeaturePlugin]
  private let byName: [String: FeaturePlugin]

  /// Thrown when two plugins have the same name.
  public struct DuplicateName: Error, CustomStringConvertible {
    /// The name registered twice.
    public let name: String
    /// What went wrong and how to fix it.
    public var description: String {
      "two features are registered under the name '\(name)'; each feature needs its own name"
    }
  }

  /// Registers `plugins`. Two plugins with one name are an error.
  public init(_ plugins: [FeaturePlugin]) throws(DuplicateName) {
    var byName: [String: FeaturePlugin] = [:]
    for plugin in plugins {
      guard byName[plugin.name] == nil else { throw DuplicateName(name: plugin.name) }
      byName[plugin.name] = plugin
    }
    self.plugins = plugins
    self.byName = byName
  }

  /// The plugin named `name`.
  public subscript(name: String) -> FeaturePlugin? { byName[name] }
}
