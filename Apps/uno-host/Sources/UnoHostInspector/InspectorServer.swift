// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdWebSocket
  import Logging
  import NIOCore
  import NIOHTTP1
  import Synchronization
  import UnoHostCore
  import UnoPlugin

  /// The inspector's web server: the page, its JSON API and its WebSocket, over an ``Inspector``.
  ///
  /// ```swift
  /// let server = try await InspectorServer.start(inspector: inspector)
  /// print(server.address)   // http://127.0.0.1:53124/?token=…
  /// await server.stop()
  /// ```
  ///
  /// Every request passes the ``InspectorGate`` first. Routes (GETs change nothing):
  ///
  /// | Route | What it does |
  /// |---|---|
  /// | `GET /`, `/inspector.js`, `/inspector.css` | The page |
  /// | `GET /api/sessions` | The open sessions |
  /// | `GET /api/sessions/<n>/timeline` | A session's entries, states and requests |
  /// | `GET /api/sessions/<n>/recording` | A session's recording, as a file (`uno-host replay` runs it) |
  /// | `POST /api/sessions/<n>/rewind` | `{"index": k}`: the session set back to entry `k` |
  /// | `POST /api/sessions/<n>/send` | `{"action": …}`: the action sent to the session, from `inspector` |
  /// | `POST /api/import` | A recording file, read for viewing without a session |
  /// | `GET /ws` (WebSocket) | Sessions opening and closing, and each session's new entries as they happen |
  public final class InspectorServer: Sendable {
    /// The address to open, token included: `http://127.0.0.1:<port>/?token=<token>`.
    public let address: String
    /// The port it listens on.
    public let port: Int
    /// The token every request must carry.
    public let token: String
    /// The port apps connect to (`UnoInspection.connect`), when the server listens for apps.
    public let appPort: Int?
    private let task: Task<Void, any Error>
    private let appListener: AppListener?

    private init(
      address: String, port: Int, token: String, task: Task<Void, any Error>, appListener: AppListener?
    ) {
      self.address = address
      self.port = port
      self.token = token
      self.task = task
      self.appListener = appListener
      self.appPort = appListener?.port
    }

    /// The most a POST's body may hold (a recording being imported): 64 MiB.
    public static let maximumBody = 64 << 20

    /// Starts serving `inspector` on `host`:`port` (0: a free port) and returns once it listens.
    ///
    /// - Parameters:
    ///   - host: The address to listen on: 127.0.0.1 unless the user asked for another (uno-host
    ///     warns when it is not a loopback address).
    ///   - token: The secret every request must carry; a random one by default. Apps connect
    ///     with it too.
    ///   - appPort: Where apps connect (`UnoInspection.connect`, on `host`; 0: a free port), or
    ///     `nil` to take none.
    /// - Throws: When the server cannot listen (the port is taken, say).
    public static func start(
      inspector: Inspector, host: String = "127.0.0.1", port: Int = 0, token: String = randomToken(),
      appPort: Int? = nil
    ) async throws -> InspectorServer {
      let page = try Page.load()
      let (running, runningContinuation) = AsyncThrowingStream<Int, any Error>.makeStream()
      let extraHost = ["127.0.0.1", "localhost", "::1"].contains(host) ? nil : host
      let gates = GateBox()
      let router = makeRouter(inspector: inspector, page: page, gates: gates)
      var logger = Logger(label: "uno-inspector")
      logger.logLevel = .critical
      let app = Application(
        router: router,
        server: .http1WebSocketUpgrade { request, channel, _ in
          guard request.path.map({ $0 == "/ws" || $0.hasPrefix("/ws?") }) ?? false else {
            return .dontUpgrade
          }
          if case .deny(let status, _) = gates.gate.check(request) {
            // Hummingbird answers a refused upgrade with a bare 400; the gate's status (403 for a
            // foreign Origin, 401 without the token) is written first, and the connection closed.
            try await refuse(channel, status: status)
            return .dontUpgrade
          }
          return .upgrade([:]) { inbound, outbound, _ in
            try await follow(inspector: inspector, inbound: inbound, outbound: outbound)
          }
        },
        configuration: .init(address: .hostname(host, port: port), serverName: nil),
        onServerRunning: { channel in
          runningContinuation.yield(channel.localAddress?.port ?? port)
          runningContinuation.finish()
        },
        logger: logger
      )
      let task = Task {
        do {
          try await app.run()
          runningContinuation.finish()
        } catch {
          runningContinuation.finish(throwing: error)
          throw error
        }
      }
      guard let actualPort = try await running.first(where: { _ in true }) else {
        throw InspectorError("the inspector's server stopped before it listened")
      }
      gates.gate = InspectorGate(token: token, port: actualPort, extraHost: extraHost)
      var appListener: AppListener?
      if let appPort {
        await MainActor.run { inspector.apps.token = token }
        do {
          appListener = try await AppListener.start(apps: inspector.apps, host: host, port: appPort)
        } catch {
          task.cancel()
          throw InspectorError("the inspector cannot take apps on \(host):\(appPort): \(error)")
        }
      }
      let shownHost = host.contains(":") ? "[\(host)]" : host
      return InspectorServer(
        address: "http://\(shownHost):\(actualPort)/?token=\(token)", port: actualPort, token: token,
        task: task, appListener: appListener
      )
    }

    /// Stops the server: its connections close.
    public func stop() async {
      await appListener?.stop()
      task.cancel()
      _ = try? await task.value
    }

    /// 32 random bytes, as hexadecimal.
    public static func randomToken() -> String {
      var generator = SystemRandomNumberGenerator()
      return (0..<32).map { _ in String(format: "%02x", generator.next() as UInt8) }.joined()
    }
  }

  /// Why the inspector could not start.
  public struct InspectorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }

  /// The gate, set once the port is known (before any request can arrive: the server listens
  /// first, and the address with the token is printed after this is set; until then every request
  /// is refused, as no token matches the empty one's port).
  final class GateBox: Sendable {
    private let storage = Mutex(InspectorGate(token: UUID().uuidString, port: -1))
    var gate: InspectorGate {
      get { storage.withLock { $0 } }
      set { storage.withLock { $0 = newValue } }
    }
  }

  /// The page's files, read once from the package's resources.
  struct Page: Sendable {
    let files: [String: (type: String, body: ByteBuffer)]

    static func load() throws -> Page {
      var files: [String: (String, ByteBuffer)] = [:]
      for (name, type) in [
        ("index.html", "text/html; charset=utf-8"), ("inspector.js", "text/javascript; charset=utf-8"),
        ("inspector.css", "text/css; charset=utf-8"), ("favicon.svg", "image/svg+xml"),
      ] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page") else {
          throw InspectorError(
            "the inspector's page is missing its \(name): uno-host was installed without its resources")
        }
        files[name] = (type, ByteBuffer(bytes: try Data(contentsOf: url)))
      }
      return Page(files: files)
    }
  }

  private func makeRouter(inspector: Inspector, page: Page, gates: GateBox) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: GateMiddleware(gates: gates))
    for (path, name) in [
      ("/", "index.html"), ("/inspector.js", "inspector.js"), ("/inspector.css", "inspector.css"),
      ("/favicon.svg", "favicon.svg"),
    ] {
      router.get(RouterPath(path)) { _, _ in
        let (type, body) = page.files[name]!
        return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: body))
      }
    }
    router.get("/api/sessions") { _, _ in
      json(await inspector.sessionList)
    }
    router.get("/api/sessions/:session/timeline") { _, context in
      let session = try context.parameters.require("session", as: Int.self)
      return await answer { () throws(HostSessions.Failure) in try inspector.timeline(of: session) }
    }
    router.get("/api/sessions/:session/recording") { _, context in
      let session = try context.parameters.require("session", as: Int.self)
      return await MainActor.run {
        do throws(HostSessions.Failure) {
          let (feature, text) = try inspector.recording(of: session)
          return Response(
            status: .ok,
            headers: [
              .contentType: "application/x-ndjson",
              .contentDisposition: "attachment; filename=\"\(feature)-session-\(session).jsonl\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: text)))
        } catch {
          return failure(error)
        }
      }
    }
    router.get("/ws") { _, _ in
      // Only a WebSocket upgrade that passed the gate is served here, and it never reaches this.
      Response(
        status: .badRequest, body: .init(byteBuffer: ByteBuffer(string: "a WebSocket upgrade is needed\n")))
    }
    router.post("/api/sessions/:session/rewind") { request, context in
      let session = try context.parameters.require("session", as: Int.self)
      let body = try await request.body.collect(upTo: InspectorServer.maximumBody)
      guard case .object(let fields)? = try? parseJSON(Array(buffer: body)),
        case .integer(let index)? = fields["index"]
      else {
        return failure(HostSessions.Failure("bad_request", "the body must be {\"index\": <entry>}"))
      }
      if await inspector.apps.has(session) {
        return await answerAsync { () async throws(HostSessions.Failure) in
          try await inspector.apps.rewind(session, toEntry: index)
        }
      }
      return await answer { () throws(HostSessions.Failure) in try inspector.rewind(session, toEntry: index) }
    }
    router.post("/api/sessions/:session/send") { request, context in
      let session = try context.parameters.require("session", as: Int.self)
      let body = try await request.body.collect(upTo: InspectorServer.maximumBody)
      guard case .object(let fields)? = try? parseJSON(Array(buffer: body)), let action = fields["action"]
      else {
        return failure(
          HostSessions.Failure("bad_request", "the body must be {\"action\": <the action as JSON>}"))
      }
      if await inspector.apps.has(session) {
        return await answerAsync { () async throws(HostSessions.Failure) in
          try await inspector.apps.send(action, to: session)
        }
      }
      return await answer { () throws(HostSessions.Failure) in try inspector.send(action, to: session) }
    }
    router.post("/api/import") { request, _ in
      let body = try await request.body.collect(upTo: InspectorServer.maximumBody)
      let text = String(buffer: body)
      return await answer { () throws(HostSessions.Failure) in try inspector.importRecording(text) }
    }
    return router
  }

  /// Runs `body` on the main actor: its value as JSON, or its failure as an error answer.
  private func answer(
    _ body: @MainActor @Sendable () throws(HostSessions.Failure) -> JSONValue
  ) async -> Response {
    await MainActor.run {
      do throws(HostSessions.Failure) {
        return json(try body())
      } catch {
        return failure(error)
      }
    }
  }

  /// ``answer(_:)`` for what waits on an app (its answer to a send or a rewind).
  private func answerAsync(
    _ body: @MainActor @Sendable @escaping () async throws(HostSessions.Failure) -> JSONValue
  ) async -> Response {
    await Task { @MainActor in
      do throws(HostSessions.Failure) {
        return json(try await body())
      } catch {
        return failure(error)
      }
    }.value
  }

  private func json(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(string: value.text)))
  }

  private func failure(_ error: HostSessions.Failure) -> Response {
    let status: HTTPResponse.Status =
      switch error.code {
      case "unknown_session", "unknown_entry": .notFound
      case "not_recordable", "not_recording", "not_rewindable": .conflict
      default: .badRequest
      }
    return json(
      .object(["error": .object(["code": .string(error.code), "message": .string(error.message)])]),
      status: status)
  }

  /// Refuses what ``InspectorGate`` refuses; sets the token's cookie when it came in the URL; and
  /// adds the headers that keep the page to itself.
  struct GateMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let gates: GateBox

    func handle(
      _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      let gate = gates.gate
      var response: Response
      switch gate.check(request.head) {
      case .deny(let status, let reason):
        response = Response(status: status, body: .init(byteBuffer: ByteBuffer(string: reason + "\n")))
      case .allow(let setCookie):
        do {
          response = try await next(request, context)
        } catch let error as any HTTPResponseError {
          response = try error.response(from: request, context: context)
        }
        if setCookie {
          response.setCookie(
            Cookie(
              name: gate.cookieName, value: gate.token, path: "/", httpOnly: true, sameSite: .strict))
        }
      }
      response.headers[.cacheControl] = "no-store"
      response.headers[.contentSecurityPolicy] =
        "default-src 'self'; connect-src 'self' ws://\(request.head.authority ?? "127.0.0.1"); frame-ancestors 'none'"
      response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
      return response
    }
  }

  /// Answers a refused WebSocket upgrade with `status` and closes the connection. The channel is
  /// still an HTTP/1 one (the upgrade has not happened), so the answer goes through its encoder.
  private func refuse(_ channel: any Channel, status: HTTPResponse.Status) async throws {
    let head = HTTPResponseHead(
      version: .http1_1, status: HTTPResponseStatus(statusCode: status.code),
      headers: ["connection": "close", "content-length": "0"])
    channel.write(HTTPServerResponsePart.head(head), promise: nil)
    try await channel.writeAndFlush(HTTPServerResponsePart.end(nil))
    try await channel.close()
  }

  /// Serves one page's WebSocket: the inspector's messages out, until the page goes or falls
  /// too far behind (then the socket closes and the page reconnects).
  private func follow(
    inspector: Inspector, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    let (client, messages) = await inspector.connect()
    defer { Task { @MainActor in inspector.disconnect(client) } }
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for try await _ in inbound {}
      }
      group.addTask {
        for await message in messages {
          try await outbound.write(.text(message))
        }
        try await outbound.close(.goingAway, reason: "the inspector stopped following this page")
      }
      try await group.next()
      group.cancelAll()
    }
  }
#endif
