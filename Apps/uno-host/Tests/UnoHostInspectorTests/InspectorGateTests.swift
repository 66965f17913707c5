// Compiled with the `Host` trait only (Package.swift).
#if Host
  import HTTPTypes
  import Testing

  @testable import UnoHostInspector

  /// The checks every inspector request passes: the Host header, the token, and the Origin of
  /// WebSocket upgrades and POSTs.
  @Suite struct InspectorGateTests {
    let gate = InspectorGate(token: "secret", port: 4000)

    func request(
      _ method: HTTPRequest.Method = .get, path: String = "/", host: String? = "127.0.0.1:4000",
      _ headers: [HTTPField.Name: String] = [:]
    ) -> HTTPRequest {
      var fields = HTTPFields()
      for (name, value) in headers { fields[name] = value }
      return HTTPRequest(method: method, scheme: "http", authority: host, path: path, headerFields: fields)
    }

    @Test func theTokenInTheAddressIsLetInAndBecomesTheCookie() {
      #expect(gate.check(request(path: "/?token=secret")) == .allow(setCookie: true))
      #expect(
        gate.check(request(path: "/api/sessions", [.cookie: "a=b; uno-inspector-4000=secret"]))
          == .allow(setCookie: false))
      #expect(
        gate.check(request(path: "/api/sessions", [InspectorGate.tokenHeader: "secret"]))
          == .allow(setCookie: false))
    }

    @Test func theCookieIsNamedAfterThePortSoThatInspectorsOfSeveralHostsKeepTheirOwn() {
      #expect(gate.cookieName == "uno-inspector-4000")
      // Another host's cookie, on the same browser host, does not let this one in.
      #expect(
        gate.check(request(path: "/api/sessions", [.cookie: "uno-inspector-4001=secret"]))
          == .deny(
            .unauthorized,
            reason: "the inspector needs its token: open the address uno-host printed, with its ?token="))
    }

    @Test func withoutTheTokenOrWithAnotherOneItIs401() {
      for denied in [
        request(path: "/"), request(path: "/?token=secreT"), request(path: "/?token="),
        request(path: "/?token=secretsecret"), request(path: "/", [.cookie: "uno-inspector-4000=nope"]),
        request(.post, path: "/api/import"),
      ] {
        guard case .deny(let status, _) = gate.check(denied) else {
          Issue.record("let in: \(denied)")
          continue
        }
        #expect(status == .unauthorized)
      }
    }

    @Test func aHostThatIsNotTheLoopbackOrAnotherPortIs403EvenWithTheToken() {
      for host in [
        "evil.example:4000", "evil.example", "127.0.0.1:4001", "localhost:80", "127.0.0.1.evil:4000", "", nil,
      ] {
        guard case .deny(let status, _) = gate.check(request(path: "/?token=secret", host: host)) else {
          Issue.record("let in Host \(host ?? "(none)")")
          continue
        }
        #expect(status == .forbidden)
      }
      for host in ["localhost:4000", "LOCALHOST:4000", "[::1]:4000", "127.0.0.1"] {
        #expect(gate.check(request(path: "/?token=secret", host: host)) == .allow(setCookie: true), "\(host)")
      }
    }

    @Test func anExplicitHostIsLetInBesideTheLoopback() {
      let gate = InspectorGate(token: "secret", port: 4000, extraHost: "192.168.1.5")
      #expect(
        gate.check(request(path: "/?token=secret", host: "192.168.1.5:4000")) == .allow(setCookie: true))
      #expect(
        gate.check(request(path: "/?token=secret", host: "192.168.1.6:4000")) != .allow(setCookie: true))
    }

    @Test func aWebSocketUpgradeMustComeFromTheInspectorsOwnPage() {
      let upgrade: [HTTPField.Name: String] = [.upgrade: "websocket", .cookie: "uno-inspector-4000=secret"]
      var own = upgrade
      own[.origin] = "http://127.0.0.1:4000"
      #expect(gate.check(request(path: "/ws", own)) == .allow(setCookie: false))
      for origin in [nil, "http://evil.example", "http://localhost:4000", "https://127.0.0.1:4000", "null"] {
        var headers = upgrade
        headers[.origin] = origin
        guard case .deny(let status, _) = gate.check(request(path: "/ws", headers)) else {
          Issue.record("upgraded from Origin \(origin ?? "(none)")")
          continue
        }
        #expect(status == .forbidden)
      }
    }

    @Test func aPostFromAnotherSiteIs403() {
      let token: [HTTPField.Name: String] = [.cookie: "uno-inspector-4000=secret"]
      #expect(gate.check(request(.post, path: "/api/import", token)) == .allow(setCookie: false))
      var own = token
      own[.origin] = "http://127.0.0.1:4000"
      #expect(gate.check(request(.post, path: "/api/import", own)) == .allow(setCookie: false))
      var foreign = token
      foreign[.origin] = "http://evil.example"
      guard case .deny(let status, _) = gate.check(request(.post, path: "/api/import", foreign)) else {
        Issue.record("a POST from another site was let in")
        return
      }
      #expect(status == .forbidden)
    }
  }
#endif
