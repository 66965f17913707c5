import BundledFeatures
import ConcurrencyExtras
import Foundation
import Testing
import UnoCore
import UnoPlugin

@testable import UnoHostCore

@MainActor
@Suite struct TraceTests {
  @Test func everySessionTracesItsChangesTaggedWithTheSession() throws {
    let traced = LockIsolated<[String]>([])
    let host = ProtocolHost(
      registry: try makeRegistry(),
      trace: { session, feature in
        _ChangePrinter { text in traced.withValue { $0.append("[\(session) \(feature)] \(text)") } }
      },
      output: { _ in }
    )
    host.handle(line: Array(#"{"op":"open","feature":"counter"}"#.utf8))
    host.handle(line: Array(#"{"op":"open","feature":"counter"}"#.utf8))
    host.handle(line: Array(#"{"op":"send","session":2,"action":"increment","id":"a"}"#.utf8))
    host.handle(line: Array(#"{"op":"send","session":1,"action":"decrement","id":"b"}"#.utf8))
    let lines = traced.value
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("[2 counter] received action:\n  CounterAction.increment\n"))
    #expect(lines[0].contains("+   count: 1"))
    #expect(lines[1].hasPrefix("[1 counter] received action:\n  CounterAction.decrement\n"))
    #expect(lines[1].contains("+   count: -1"))
    host.closeAll()
  }

  @Test func withoutTraceNothingIsTraced() throws {
    // The default host makes its sessions without a tracer: nothing to capture, and the
    // session's runtime has no tracer to call.
    let host = ProtocolHost(registry: try makeRegistry(), output: { _ in })
    host.handle(line: Array(#"{"op":"open","feature":"counter"}"#.utf8))
    host.handle(line: Array(#"{"op":"send","session":1,"action":"increment","id":"a"}"#.utf8))
    #expect(host.openSessions == 1)
    host.closeAll()
  }
}
