import Foundation
import UnoPlugin

/// The features of `registry` as text for a person.
public func describeFeatures(_ registry: FeatureRegistry) -> String {
  var text = ""
  for plugin in registry.plugins {
    text += "\(plugin.name): \(plugin.summary)\n"
    let width = plugin.actions.map(\.usage.count).max() ?? 0
    for (index, action) in plugin.actions.enumerated() {
      let padding = String(repeating: " ", count: width - action.usage.count)
      if let summary = plugin.listedSummary(at: index) {
        text += "  \(action.usage)\(padding)  \(summary)\n"
      } else {
        text += "  \(action.usage)\n"
      }
      text += "  \(String(repeating: " ", count: width))  e.g. \(plugin.typedExample(action))\n"
      if !action.bindableFields.isEmpty {
        text +=
          "  \(String(repeating: " ", count: width))  bindable: \(action.bindableFields.joined(separator: ", "))\n"
      }
    }
    text += "\n"
  }
  return text
}
