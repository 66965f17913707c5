// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Dispatch
  import Foundation
  import Logging
  import MCP
  @_spi(Internals) import UnoCore
  import UnoHostCore
  import UnoHostMCP
  import UnoPlugin

  /// The MCP stdio transport over the host's own input and output: one JSON-RPC message per line.
  ///
  /// The SDK has a stdio transport of its own; this one is uno-host's instead because it reads
  /// with the host's ``StdinReader`` (a blocking read on a thread of its own, where the SDK's polls
  /// every 10 ms), cuts lines with the host's ``LineSplitter`` (bounded, where the SDK's buffers a
  /// line of any length), and screens each line (``MessageScreen``) so that what is not a JSON-RPC
  /// message gets a precise JSON-RPC error with the right `id`.
  actor MCPStdioTransport: Transport {
    nonisolated let logger = Logger(label: "uno-host.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    /// Writes happen here, off the cooperative pool: a write blocks while the client does not read.
    private let output = DispatchQueue(label: "uno-host.mcp.stdout")
    private var reader: Task<Void, Never>?
    /// Requests passed to the SDK and not answered yet, by id (as JSON text).
    private let unanswered = AsyncCondition(Set<String>())

    init() {
      (messages, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    }

    func connect() async throws {
      guard reader == nil else { return }
      reader = Task {
        var splitter = LineSplitter(maximumLength: Limits.maximumLineLength)
        for await chunk in StdinReader.chunks() {
          await screen(splitter.append(chunk.bytes))
          chunk.processed()
        }
        await screen(splitter.finish())
        continuation.finish()
      }
    }

    private func screen(_ events: [LineSplitter.Event]) async {
      for event in events {
        switch MessageScreen.screen(event) {
        case .message(let passed):
          unanswered.withState { $0.formUnion(passed.requests.map(\.text)) }
          forget(passed.cancelled)
          continuation.yield(passed.data)
        case .reject(let response): try? await write(Array(response.utf8))
        }
      }
    }

    func disconnect() async {
      continuation.finish()
    }

    func send(_ data: Data) async throws {
      // A request counts as answered once its answer is written, not before: the host exits as soon
      // as every request is answered, and an answer still queued for stdout then was lost (the
      // host-kit test saw an MCP session end with no answer at all).
      let answered = MessageScreen.answeredRequest(data)
      defer { if let answered { forget([answered]) } }
      try await write(Array(data))
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
      messages
    }

    /// Returns once every request read so far has been answered (or cancelled by the client), or
    /// after `timeout`. At the end of input the SDK may not have started the last requests yet:
    /// the host waits for them before it closes the sessions they use.
    func waitUntilAnswered(timeout: Duration) async {
      _ = await unanswered.wait(until: { $0.isEmpty }, timeout: timeout)
    }

    private func forget(_ requests: [JSONValue]) {
      unanswered.withState { unanswered in
        for id in requests { unanswered.remove(id.text) }
      }
    }

    /// Writes one message and its newline; the caller waits until it is written.
    private func write(_ message: [UInt8]) async throws {
      let line = message + [UInt8(ascii: "\n")]
      let written = await withCheckedContinuation { continuation in
        output.async { continuation.resume(returning: writeAll(line, to: STDOUT_FILENO)) }
      }
      if !written { throw MCPError.connectionClosed }
    }
  }
#endif
