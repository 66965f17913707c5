@_exported import UnoCore
