// Compiled with the `Host` trait only (Package.swift).
#if Host
  import NIOCore
  import NIOPosix
  import UnoHostCore

  /// Where apps connect to the inspector (`UnoInspection.connect(to:token:app:)`): a TCP port
  /// that reads JSON lines (docs/inspector.md, "What an app says") and hands each one, in order,
  /// to the inspector's ``InspectedApps`` on the main actor.
  ///
  /// A line longer than ``longestLine`` is refused (reported once its end comes) without being
  /// held; lines wait for the main actor in a buffer of ``backlog``, beyond which they are
  /// dropped and the page is told how many, so that a flood cannot make the inspector hold more.
  struct AppListener: Sendable {
    let channel: any Channel
    /// The port apps connect to.
    let port: Int

    /// The longest line an app may send (a state of a large app, encoded).
    static let longestLine = 16 << 20
    /// How many lines of a connection may wait for the main actor.
    static let backlog = 100_000

    /// Listens on `host`:`port` (0: a free port) for apps, whose lines wait for `apps` in a buffer
    /// of `backlog` a connection.
    static func start(
      apps: InspectedApps, host: String, port: Int, backlog: Int = AppListener.backlog
    ) async throws -> AppListener {
      let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.backlog, value: 64)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .childChannelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(AppConnectionHandler(apps: apps, backlog: backlog))
          }
        }
        .bind(host: host, port: port).get()
      return AppListener(channel: channel, port: channel.localAddress?.port ?? port)
    }

    func stop() async {
      try? await channel.close()
    }
  }

  /// One app's connection: its bytes split into lines, which a task hands to the inspector on
  /// the main actor in the order they came.
  final class AppConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let apps: InspectedApps
    /// The host's line splitter: a line too long is dropped as it comes, never held.
    private var splitter = LineSplitter(maximumLength: AppListener.longestLine)
    private var lines: AsyncStream<Event>.Continuation?
    private var droppedLines = 0
    private let backlog: Int

    enum Event: Sendable {
      case line([UInt8])
      case refused(String)
      case dropped(Int)
    }

    init(apps: InspectedApps, backlog: Int) {
      self.apps = apps
      self.backlog = backlog
    }

    func channelActive(context: ChannelHandlerContext) {
      let (stream, continuation) = AsyncStream<Event>.makeStream(
        bufferingPolicy: .bufferingOldest(backlog))
      lines = continuation
      let channel = context.channel
      let apps = apps
      Task { @MainActor in
        let connection = apps.connected(
          write: { line in channel.writeAndFlush(ByteBuffer(string: line + "\n"), promise: nil) },
          close: { channel.close(promise: nil) })
        for await event in stream {
          switch event {
          case .line(let line): apps.receive(line, from: connection)
          case .refused(let what): apps.refuse(connection, what)
          case .dropped(let count):
            apps.refuse(
              connection, "\(count) lines faster than the inspector could read them (they were dropped)")
          }
        }
        apps.disconnected(connection)
      }
      context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      var buffer = unwrapInboundIn(data)
      guard let bytes = buffer.readBytes(length: buffer.readableBytes) else { return }
      for event in splitter.append(bytes) {
        switch event {
        case .line(let line): deliver(.line(line))
        case .tooLong(let length):
          deliver(.refused("a line of \(length) bytes, longer than \(AppListener.longestLine)"))
        }
      }
    }

    private func deliver(_ event: Event) {
      guard let lines else { return }
      if case .dropped = lines.yield(event) {
        droppedLines += 1
        return
      }
      if droppedLines > 0, case .enqueued = lines.yield(.dropped(droppedLines)) { droppedLines = 0 }
    }

    func channelInactive(context: ChannelHandlerContext) {
      if !splitter.finish().isEmpty {
        deliver(.refused("a last line without its newline (a truncated frame)"))
      }
      lines?.finish()
      lines = nil
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }
  }
#endif
