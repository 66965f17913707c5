@_exported import CasePaths
@_exported import UnoCore
