// Test clocks come from swift-clocks, re-exported rather than re-written: `TestClock` to advance
// time by hand, `ImmediateClock` to skip waits.
@_exported import Clocks
@_exported import UnoCore
