import UnoJSON

/// UnoJSON's ``UnoJSON/LineSplitter``, which cuts the host's input into lines: under the name the
/// host's modules have always used, where an app's connection to an inspector uses it too.
public typealias LineSplitter = UnoJSON.LineSplitter
