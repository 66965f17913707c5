// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Dependencies
  import MCP
  import UnoCore
  import UnoHostCore
  import UnoPlugin

  /// uno-host as a Model Context Protocol server: any MCP client can open sessions of the
  /// registry's features, send them actions and watch their view state.
  ///
  /// It is the MCP SDK's ``MCP/Server`` over ``HostSessions``, the same sessions the JSON-lines
  /// protocol uses. Tools (``HostTool``): `list_features`, `open_session`, `send_action`,
  /// `cancel_request`, `close_session`, `get_state`, `export_recording`. Resources: each open session's view state at
  /// `uno://sessions/<n>/state`; a client that subscribes to one is sent
  /// `notifications/resources/updated` on every change of it, from actions and from effects.
  ///
  /// ```swift
  /// let host = MCPHost(registry: registry)
  /// try await host.start(transport: transport)
  /// await host.waitUntilClientLeaves()
  /// await host.stop()
  /// ```
  ///
  /// uno-host runs it with `uno-host mcp`; see docs/mcp.md.
  @MainActor
  public final class MCPHost {
    /// The SDK's server.
    public let server: Server
    private let sessions: HostSessions
    /// The sessions this host has open (the inspector follows them).
    public var hostSessions: HostSessions { sessions }
    /// Sessions whose state resource a client subscribed to.
    private var subscribed: Set<Int> = []
    /// The warnings (an effect failed) of the requests a `send_action` with `wait` waits for, by
    /// session and request id: it returns them. Those of other requests are not kept.
    private var warnings: [Int: [JSONValue: [String]]] = [:]
    /// Notifications to send, in order, by one task (``start(transport:)``).
    private let notifications: AsyncStream<Notice>.Continuation
    private let noticeStream: AsyncStream<Notice>
    private var notifier: Task<Void, Never>?

    enum Notice: Sendable {
      case updated(uri: String)
      case listChanged
    }

    /// Creates a server for `registry`'s features; see ``HostSessions/init(registry:sessionDependencies:trace:recordLimit:events:)``
    /// for `sessionDependencies`, `trace` and `recordLimit`.
    public init(
      registry: FeatureRegistry,
      sessionDependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in },
      trace: (@Sendable (_ session: Int, _ feature: String) -> _ChangePrinter)? = nil,
      recordLimit: Int? = nil,
      name: String = "uno-host",
      version: String = "1"
    ) {
      server = Server(
        name: name, version: version, title: "UnoArchitecture features",
        instructions: """
          Drives UnoArchitecture features. Call list_features, then open_session with a feature's \
          name; send_action sends it actions (see that tool's description for each feature's \
          actions) and returns the view state. Each session's view state is also the resource \
          uno://sessions/<session>/state; subscribe to it to hear of every change, including those \
          effects make later.
          """,
        capabilities: .init(
          resources: .init(subscribe: true, listChanged: true), tools: .init(listChanged: false))
      )
      (noticeStream, notifications) = AsyncStream<Notice>.makeStream()
      sessions = HostSessions(
        registry: registry, sessionDependencies: sessionDependencies, trace: trace, recordLimit: recordLimit)
      // The host owns its sessions: they tell it of their events through a weak reference.
      sessions.observe { [weak self] activity in
        guard let self, case .event(let event) = activity else { return }
        switch event {
        case .changed(let session, _, _) where subscribed.contains(session):
          notifications.yield(.updated(uri: Self.stateURI(session)))
        case .warning(let session, let request?, let code, let message):
          warnings[session]?[request]?.append("\(code): \(message)")
        default:
          break
        }
      }
    }

    /// Open sessions.
    public var openSessions: Int { sessions.openSessions }

    /// Registers the handlers and starts serving `transport`.
    public func start(transport: any Transport) async throws {
      await server.withMethodHandler(ListTools.self) { [registry = sessions.registry] _ in
        ListTools.Result(tools: HostTool.allCases.map { $0.definition(registry) })
      }
      await handle(CallTool.self) { host, params in try await host.call(params) }
      await handle(ListResources.self) { host, _ in ListResources.Result(resources: host.resources()) }
      await handle(ReadResource.self) { host, params in try host.read(params.uri) }
      await handle(ResourceSubscribe.self) { host, params in
        try host.subscribe(params.uri)
        return Empty()
      }
      await handle(ResourceUnsubscribe.self) { host, params in
        try host.unsubscribe(params.uri)
        return Empty()
      }
      let (server, stream) = (server, noticeStream)
      notifier = Task {
        for await notice in stream {
          switch notice {
          case .updated(let uri):
            try? await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
          case .listChanged:
            try? await server.notify(ResourceListChangedNotification.message())
          }
        }
      }
      try await server.start(transport: transport)
    }

    /// Registers `body` for requests of `method`, run on the main actor with this host. The server
    /// holds its handlers and the host holds the server, so the handlers hold the host weakly.
    private func handle<M: MCP.Method>(
      _ method: M.Type, _ body: @escaping @MainActor (MCPHost, M.Parameters) async throws -> M.Result
    ) async {
      await server.withMethodHandler(method) { [weak self] params in
        guard let self else { throw MCPError.internalError("the host has stopped") }
        return try await body(self, params)
      }
    }

    /// Returns when the client has gone: its input ended or the transport failed.
    public func waitUntilClientLeaves() async {
      await server.waitUntilCompleted()
    }

    /// Waits until no request's effects are running, or `timeout` has passed; returns whether all
    /// finished.
    @discardableResult
    public func drain(timeout: Duration) async -> Bool {
      await sessions.drain(timeout: timeout)
    }

    /// Closes every session (cancelling their effects) and stops the server.
    public func stop() async {
      sessions.closeAll()
      subscribed.removeAll()
      notifications.finish()
      await notifier?.value
      await server.stop()
    }

    // MARK: Tools

    private func call(_ params: CallTool.Parameters) async throws -> CallTool.Result {
      guard let tool = HostTool(rawValue: params.name) else {
        throw MCPError.invalidParams(
          "unknown tool '\(params.name)'; the tools are: \(HostTool.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      do throws(HostSessions.Failure) {
        let result = try await call(tool, ToolArguments(tool, params.arguments))
        return CallTool.Result(
          content: [.text(text: result.text, annotations: nil, _meta: nil)],
          structuredContent: Optional.some(result.mcpValue))
      } catch {
        // A tool's own failure is a result the client (or its model) reads, not a protocol error.
        return CallTool.Result(
          content: [.text(text: "\(error.code): \(error.message)", annotations: nil, _meta: nil)],
          isError: true
        )
      }
    }

    private func call(
      _ tool: HostTool, _ arguments: ToolArguments
    ) async throws(HostSessions.Failure) -> JSONValue {
      switch tool {
      case .listFeatures:
        return .object(["features": sessions.registry.listing])
      case .openSession:
        let feature = try arguments.string("feature")
        let (session, _) = try sessions.open(feature)
        notifications.yield(.listChanged)
        return .object([
          "session": .integer(session), "feature": .string(feature),
          "state": try sessions.stateValue(of: session),
        ])
      case .sendAction:
        let session = try arguments.integer("session")
        let action = try arguments.required("action")
        let wait = try arguments.bool("wait", default: false)
        let request = try arguments.optionalString("request").map(JSONValue.string)
        let (id, task) = try sessions.send(action, to: session, request: request)
        let effects: String
        var failures: [String] = []
        if !task.hasEffects {
          effects = "none"
        } else if wait {
          warnings[session, default: [:]][id] = []
          // Cancelling this call (the client's notifications/cancelled) cancels the effects.
          await task.finish()
          failures = warnings[session]?.removeValue(forKey: id) ?? []
          effects = task.isCancelled ? "cancelled" : "finished"
        } else {
          effects = "running"
        }
        let state: JSONValue
        do {
          state = try sessions.stateValue(of: session)
        } catch {
          throw HostSessions.Failure(
            "session_closed", "session \(session) was closed while request \(id.text) ran")
        }
        var result: [String: JSONValue] = [
          "session": .integer(session), "request": id, "effects": .string(effects), "state": state,
        ]
        if !failures.isEmpty { result["warnings"] = .array(failures.map(JSONValue.string)) }
        return .object(result)
      case .cancelRequest:
        let session = try arguments.integer("session")
        let request = try arguments.string("request")
        try sessions.cancel(request: request, in: session)
        return .object(["session": .integer(session), "request": .string(request), "cancelled": .bool(true)])
      case .closeSession:
        let session = try arguments.integer("session")
        try sessions.close(session)
        subscribed.remove(session)
        notifications.yield(.listChanged)
        return .object(["session": .integer(session), "closed": .bool(true)])
      case .getState:
        let session = try arguments.integer("session")
        return .object([
          "session": .integer(session), "feature": .string(try sessions.feature(of: session)),
          "state": try sessions.stateValue(of: session),
        ])
      case .exportRecording:
        let session = try arguments.integer("session")
        let (feature, lines) = try sessions.recording(of: session)
        let entries = lines.map { (try? parseJSON(Array($0.utf8))) ?? .null }
        return .object([
          "session": .integer(session), "feature": .string(feature), "recording": .array(entries),
        ])
      }
    }

    // MARK: Resources

    /// The URI of `session`'s view state.
    public static func stateURI(_ session: Int) -> String { "uno://sessions/\(session)/state" }

    private func resources() -> [Resource] {
      sessions.list.map { summary in
        Resource(
          name: "session \(summary.session) (\(summary.feature))", uri: Self.stateURI(summary.session),
          description: "The view state of session \(summary.session), a \(summary.feature).",
          mimeType: "application/json")
      }
    }

    private func read(_ uri: String) throws -> ReadResource.Result {
      let session = try openSession(uri)
      let state = try sessions.state(of: session)
      return ReadResource.Result(contents: [.text(state, uri: uri, mimeType: "application/json")])
    }

    private func subscribe(_ uri: String) throws {
      subscribed.insert(try openSession(uri))
    }

    private func unsubscribe(_ uri: String) throws {
      subscribed.remove(try openSession(uri))
    }

    /// The open session whose state `uri` names.
    private func openSession(_ uri: String) throws -> Int {
      let prefix = "uno://sessions/"
      let suffix = "/state"
      guard uri.hasPrefix(prefix), uri.hasSuffix(suffix),
        let session = Int(uri.dropFirst(prefix.count).dropLast(suffix.count))
      else {
        throw MCPError.serverError(
          code: -32002,
          message: "no resource '\(uri)'; a session's state is at uno://sessions/<session>/state")
      }
      guard (try? sessions.feature(of: session)) != nil else {
        throw MCPError.serverError(code: -32002, message: "no resource '\(uri)': no open session \(session)")
      }
      return session
    }
  }
#endif
