// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import HTTPTypes

  /// Decides whether the inspector answers a request: the checks every request passes before any
  /// route runs, written once for HTTP requests and WebSocket upgrades alike.
  ///
  /// The inspector shows and changes live state, so a request must
  /// - name the inspector by a loopback address or `localhost` in its `Host` header (or the host
  ///   it was explicitly started on): a page on another site whose name a DNS rebinding points at
  ///   127.0.0.1 gets 403;
  /// - carry the token: in the URL (`?token=`, once: the answer sets it as an HttpOnly, SameSite
  ///   cookie), in that cookie, or in an `X-Uno-Token` header; otherwise 401;
  /// - if it is a WebSocket upgrade or a POST that says where it comes from (`Origin`), come from
  ///   the inspector's own page; otherwise 403.
  public struct InspectorGate: Sendable {
    /// The verdict on one request.
    public enum Verdict: Equatable, Sendable {
      /// Answer it; `setCookie` when the token came in the URL, so that the answer sets the
      /// cookie and the page's later requests carry it.
      case allow(setCookie: Bool)
      /// Refuse it with `status`, saying `reason`.
      case deny(HTTPResponse.Status, reason: String)
    }

    /// The cookie that carries the token, named after the port: a browser keeps cookies by host,
    /// not by port, so that inspectors of several hosts open in one browser would otherwise
    /// overwrite each other's token and lock each other out.
    public var cookieName: String { "uno-inspector-\(port)" }
    /// The header that may carry the token instead (scripts, tests).
    public static let tokenHeader = HTTPField.Name("X-Uno-Token")!

    /// The secret every request must carry.
    public let token: String
    /// The port the inspector listens on.
    public let port: Int
    /// A host other than the loopback ones it was started on (`--inspector-host`), if any.
    public let extraHost: String?

    public init(token: String, port: Int, extraHost: String? = nil) {
      self.token = token
      self.port = port
      self.extraHost = extraHost
    }

    /// The verdict on `request`.
    public func check(_ request: HTTPRequest) -> Verdict {
      guard let authority = request.authority, isOwnHost(authority) else {
        return .deny(
          .forbidden,
          reason: "the Host header must name the inspector (127.0.0.1, localhost or [::1] on port \(port))")
      }
      let fromURL = queryValue("token", in: request.path ?? "")
      let fromCookie = cookieValue(cookieName, in: request.headerFields[values: .cookie])
      let fromHeader = request.headerFields[Self.tokenHeader]
      guard [fromURL, fromCookie, fromHeader].contains(where: { $0.map(isToken) ?? false }) else {
        return .deny(
          .unauthorized,
          reason: "the inspector needs its token: open the address uno-host printed, with its ?token=")
      }
      // The WebSocket's path counts as an upgrade whatever its headers say: a refused upgrade
      // reaches the routes without them.
      let path = request.path ?? ""
      let isUpgrade =
        request.headerFields[.upgrade]?.lowercased() == "websocket" || path == "/ws" || path.hasPrefix("/ws?")
      if isUpgrade || request.method == .post, let origin = request.headerFields[.origin] {
        guard isOwnOrigin(origin, authority: authority) else {
          return .deny(
            .forbidden, reason: "requests that change or follow the inspector must come from its own page")
        }
      } else if isUpgrade {
        return .deny(.forbidden, reason: "a WebSocket upgrade must say its Origin: the inspector's own page")
      }
      return .allow(setCookie: fromURL.map(isToken) ?? false)
    }

    /// Compares in time that does not depend on where the first difference is.
    private func isToken(_ candidate: String) -> Bool {
      let (a, b) = (Array(candidate.utf8), Array(token.utf8))
      guard a.count == b.count else { return false }
      return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func isOwnHost(_ authority: String) -> Bool {
      let host: Substring
      if authority.hasPrefix("[") {
        guard let end = authority.firstIndex(of: "]") else { return false }
        host = authority[...end]
        let rest = authority[authority.index(after: end)...]
        guard rest.isEmpty || rest == ":\(port)" else { return false }
      } else {
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.count == 1 || parts[1] == "\(port)" else { return false }
        host = parts[0]
      }
      let name = host.lowercased()
      return name == "127.0.0.1" || name == "localhost" || name == "[::1]" || name == extraHost?.lowercased()
    }

    /// Whether `origin` is the page's own: `http://` and the very host the request named.
    private func isOwnOrigin(_ origin: String, authority: String) -> Bool {
      origin.lowercased() == "http://\(authority.lowercased())"
    }
  }

  /// The value of `name` in `path`'s query, percent-decoded.
  func queryValue(_ name: String, in path: String) -> String? {
    guard let start = path.firstIndex(of: "?") else { return nil }
    for pair in path[path.index(after: start)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts[0] == name {
        return parts.count == 2 ? String(parts[1]).removingPercentEncoding : ""
      }
    }
    return nil
  }

  /// The value of cookie `name` in `Cookie` header values.
  func cookieValue(_ name: String, in headers: [String]) -> String? {
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }
#endif
