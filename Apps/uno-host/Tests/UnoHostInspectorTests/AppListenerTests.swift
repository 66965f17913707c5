// Compiled with the `Host` trait only (Package.swift).
#if Host
  import NIOCore
  import NIOEmbedded
  import Testing
  import UnoHostCore

  @testable import UnoHostInspector

  /// An app's connection as the inspector reads it (``AppConnectionHandler``), on an embedded
  /// channel: the lines it reads wait for the main actor, where this test runs, so the test
  /// decides when they are taken.
  @MainActor
  @Suite struct AppListenerTests {
    let apps: InspectedApps
    let warnings = Warnings()

    @MainActor final class Warnings {
      var texts: [String] = []
    }

    init() {
      var number = 0
      apps = InspectedApps(number: {
        number += 1
        return number
      })
      apps.token = "secret-token-0123"
      let warnings = warnings
      apps.broadcast = { message in
        if message["type"] == .string("warning"), case .string(let text)? = message["message"] {
          warnings.texts.append(text)
        }
      }
    }

    /// Lets the task that hands the connection's lines to `apps` run until `condition` holds.
    func waitUntil(_ condition: () -> Bool) async {
      for _ in 0..<10_000 where !condition() { await Task.yield() }
      #expect(condition())
    }

    func entries(of session: Int) -> Int {
      guard case .array(let entries)? = (try? apps.timeline(of: session))?["entries"] else { return -1 }
      return entries.count
    }

    static let hello =
      #"{"format":"uno-inspection","version":1,"token":"secret-token-0123","app":"A","instance":"i","pid":1}"#
    static let opened = #"{"session":1,"type":"opened","feature":"F","state":{},"codable":true,"why":null}"#
    static func entry(_ index: Int) -> String {
      #"{"session":1,"type":"entry","kind":"action","state":{"n":\#(index)},"action":null,"elapsed":0}"#
    }

    @Test func linesPastTheBacklogAreDroppedCountedAndReportedAndTheConnectionGoesOn() async throws {
      let channel = EmbeddedChannel(handler: AppConnectionHandler(apps: apps, backlog: 10))
      channel.pipeline.fireChannelActive()
      // Read while the main actor is busy (with this test): 10 lines wait, 192 do not.
      var text = Self.hello + "\n" + Self.opened + "\n"
      for index in 0..<200 { text += Self.entry(index) + "\n" }
      try channel.writeInbound(ByteBuffer(string: text))
      await waitUntil { apps.list.count == 1 && entries(of: 1) == 8 }
      #expect(warnings.texts.isEmpty)
      // The next line read tells how many were dropped, after it.
      try channel.writeInbound(ByteBuffer(string: Self.entry(200) + "\n"))
      await waitUntil { !warnings.texts.isEmpty }
      #expect(warnings.texts.count == 1)
      #expect(
        warnings.texts.first?.contains("sent 192 lines faster than the inspector could read them") == true)
      #expect(entries(of: 1) == 9)
      #expect(apps.list.first?["closed"] == .bool(false))
      _ = try channel.finish()
    }

    @Test func anEmptyConnectionAndOneThatEndsWithinALineAreReportedNotCrashed() async throws {
      let channel = EmbeddedChannel(handler: AppConnectionHandler(apps: apps, backlog: 10))
      channel.pipeline.fireChannelActive()
      try channel.writeInbound(ByteBuffer(string: Self.hello + "\n" + #"{"session":1,"type":"open"#))
      _ = try channel.finish()  // closed within its last line
      await waitUntil { warnings.texts.contains { $0.contains("truncated frame") } }
      #expect(apps.list.isEmpty)
    }
  }
#endif
