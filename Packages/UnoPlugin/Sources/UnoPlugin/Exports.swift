// The JSON a plugin's sessions speak (`JSONValue` and its encoder and decoder) is UnoJSON's: a
// plugin or host that imports UnoPlugin has it.
@_exported import UnoJSON
