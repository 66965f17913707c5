// `import UnoArchitecture` is all a feature needs: it brings in every public module.
@_exported import UnoAppInspection
@_exported import UnoComposition
@_exported import UnoCore
@_exported import UnoPresentation
