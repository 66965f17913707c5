#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A TCP connection to the inspector, on the platform's sockets: blocking calls, made from the
/// connection's own threads only (never the main actor's).
///
/// Writing to a socket whose other end has gone must not kill the app: the write fails with
/// `EPIPE` instead of raising `SIGPIPE` (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Apple
/// platforms).
struct InspectorSocket: Sendable {
  let descriptor: Int32

  /// Why a socket call failed, in the words of the system.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ what: String) { description = "\(what): \(String(cString: strerror(errno)))" }
  }

  /// Connects to `host`:`port` (a name or an address, IPv4 or IPv6).
  static func connect(host: String, port: Int) throws(Failure) -> InspectorSocket {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Darwin)
      hints.ai_socktype = SOCK_STREAM
    #else
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw Failure("cannot resolve \(host)")
    }
    defer { freeaddrinfo(list) }
    var failure = Failure("cannot connect to \(host):\(port)")
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      let info = address.pointee
      let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
      guard descriptor >= 0 else { continue }
      #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if systemConnect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return InspectorSocket(descriptor: descriptor)
      }
      failure = Failure("cannot connect to \(host):\(port)")
      systemClose(descriptor)
    }
    throw failure
  }

  /// Writes all of `bytes`, or throws when the connection is gone.
  func write(_ bytes: [UInt8]) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #else
          send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure("the inspector's connection failed")
      }
      offset += written
    }
  }

  /// Reads what has arrived (at most `limit` bytes), waiting for some; empty at the end.
  func read(limit: Int = 65_536) throws(Failure) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: limit)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, limit, 0) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure("the inspector's connection failed")
      }
      return Array(buffer[..<count])
    }
  }

  /// Ends the connection both ways: a thread blocked reading it returns.
  func shutdownBoth() {
    #if canImport(Darwin)
      shutdown(descriptor, SHUT_RDWR)
    #else
      shutdown(descriptor, Int32(SHUT_RDWR))
    #endif
  }

  func close() {
    systemClose(descriptor)
  }
}

/// `connect(2)`, which `InspectorSocket.connect` would otherwise shadow.
private func systemConnect(
  _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t
) -> Int32 {
  #if canImport(Darwin)
    Darwin.connect(descriptor, address, length)
  #elseif canImport(Glibc)
    Glibc.connect(descriptor, address, length)
  #else
    Musl.connect(descriptor, address, length)
  #endif
}

private func systemClose(_ descriptor: Int32) {
  #if canImport(Darwin)
    _ = Darwin.close(descriptor)
  #elseif canImport(Glibc)
    _ = Glibc.close(descriptor)
  #else
    _ = Musl.close(descriptor)
  #endif
}
