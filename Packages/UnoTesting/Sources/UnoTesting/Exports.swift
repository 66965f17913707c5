// Test clocks come from swift-clocks, re-exported rather than re-written: `TestClock` to advance
// time by hand, `ImmediateClock` to skip waits.
@_exported import Clocks
// Dependencies (pointfreeco/swift-dependencies), so that a test can declare and override them.
@_exported import Dependencies
@_exported import UnoCore
