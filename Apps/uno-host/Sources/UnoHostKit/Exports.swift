// Compiled with the `Host` trait only (Package.swift).
#if Host
  // A package that hosts its features needs the plugin contract (`FeaturePlugin`) too: one import.
  @_exported import UnoPlugin
#endif
