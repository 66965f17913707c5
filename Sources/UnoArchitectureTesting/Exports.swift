// `import UnoArchitectureTesting` in a test target: the library plus the testing tools
// (InteractorTestHarness, AsyncStreamRecorder, TestClock, ImmediateClock).
@_exported import UnoArchitecture
@_exported import UnoTesting
