// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing
  import UnoHostCore
  import UnoPlugin

  @testable import UnoHostMCP

  @Suite struct MessageScreenTests {
    /// The error a rejected line gets: its code and id.
    func rejection(_ line: String) -> (code: Int, id: JSONValue, message: String)? {
      guard case .reject(let response) = MessageScreen.screen(.line(Array(line.utf8))),
        let value = try? parseJSON(Array(response.utf8)), case .integer(let code) = value["error"]?["code"],
        case .string(let message) = value["error"]?["message"]
      else { return nil }
      #expect(value["jsonrpc"] == .string("2.0"))
      return (code, value["id"] ?? .null, message)
    }

    @Test func requestsNotificationsAndResponsesPassAsTheyCame() {
      for line in [
        #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        #"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"get_state","arguments":{"session":1}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":7,"result":{}}"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
      ] {
        guard case .message(let passed) = MessageScreen.screen(.line(Array(line.utf8))) else {
          Issue.record("\(line) was not passed on")
          continue
        }
        #expect(passed.data == Data(line.utf8))
      }
    }

    @Test func whatEachMessageAsksIsKnownSoThatTheHostCanWaitForItsAnswers() {
      func passed(_ line: String) -> MessageScreen.Passed? {
        guard case .message(let passed) = MessageScreen.screen(.line(Array(line.utf8))) else { return nil }
        return passed
      }
      #expect(passed(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)?.requests == [.integer(1)])
      #expect(passed(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)?.requests == [])
      #expect(passed(#"{"jsonrpc":"2.0","id":7,"result":{}}"#)?.requests == [])
      #expect(
        passed(#"[{"jsonrpc":"2.0","id":"a","method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#)?
          .requests
          == [.string("a"), .integer(2)])
      #expect(
        passed(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}"#)?.cancelled
          == [.integer(4)])
      #expect(
        MessageScreen.answeredRequest(Data(#"{"id":4,"jsonrpc":"2.0","result":{}}"#.utf8)) == .integer(4))
      #expect(
        MessageScreen.answeredRequest(Data(#"{"jsonrpc":"2.0","method":"notifications/x"}"#.utf8)) == nil)
    }

    @Test func textThatIsNotJSONIsAParseErrorWithoutID() {
      let error = rejection(#"{"jsonrpc":"2.0","id":1,"method""#)
      #expect(error?.code == -32700)
      #expect(error?.id == .null)
      #expect(error?.message.hasPrefix("the message is not valid JSON") == true)
    }

    @Test func jsonThatIsNotAMessageIsAnInvalidRequestWithItsIDWhenReadable() {
      #expect(rejection("42")?.code == -32600)
      #expect(rejection("[]")?.message == "an empty batch: send at least one message")
      #expect(rejection("[1]")?.message == "a JSON-RPC message is a JSON object; this is a number")
      #expect(rejection("")?.message == "an empty line: send one JSON-RPC message per line")
      let noVersion = rejection(#"{"id":3,"method":"ping"}"#)
      #expect(noVersion?.code == -32600)
      #expect(noVersion?.id == .integer(3))
      #expect(noVersion?.message == #"'jsonrpc' must be "2.0""#)
      #expect(
        rejection(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)?.message
          == "'id' must be a string or an integer; it is null")
      #expect(rejection(#"{"jsonrpc":"2.0","id":"x","method":5}"#)?.id == .string("x"))
      #expect(
        rejection(#"{"jsonrpc":"2.0","id":"x"}"#)?.message.hasPrefix("a request needs a 'method'") == true)
    }

    @Test func malformedParametersOfOurMethodsAreInvalidParams() {
      let noName = rejection(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}"#)
      #expect(noName?.code == -32602)
      #expect(noName?.id == .integer(1))
      #expect(noName?.message == "'tools/call' needs 'name', the tool's name (a string)")
      #expect(
        rejection(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":[1]}}"#)?
          .message
          == "'arguments' of 'tools/call' must be an object; it is an array")
      #expect(
        rejection(#"{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":3}}"#)?.code == -32602)
      #expect(rejection(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#)?.code == -32602)
    }

    @Test func aLineTooLongIsAnInvalidRequestSayingTheLimit() {
      guard case .reject(let response) = MessageScreen.screen(.tooLong(length: 5_000_000)) else {
        Issue.record("not rejected")
        return
      }
      #expect(
        response.contains("the message is 5000000 bytes long; the limit is \(Limits.maximumLineLength)"))
    }

    /// Every JSONTestSuite document, as one line, is answered with one error: JSON it cannot parse
    /// (the `n_` files) with -32700 and a null id, JSON it can (every `y_` file) with -32600, as
    /// none of them is a JSON-RPC message. Two `n_` files are not invalid as lines: one is invalid
    /// only for its raw newline, which the line's space replaced, one is empty (an empty line).
    @Test func everyCorpusDocumentIsRejectedWithTheRightCode() throws {
      try #require(Corpus.files.count == 318)
      for (name, bytes) in Corpus.files {
        let line = bytes.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
        var splitter = LineSplitter(maximumLength: Limits.maximumLineLength)
        let events = splitter.append(line + [UInt8(ascii: "\n")])
        try #require(events.count == 1)
        guard case .reject(let response) = MessageScreen.screen(events[0]),
          let value = try? parseJSON(Array(response.utf8)), case .integer(let code) = value["error"]?["code"]
        else {
          Issue.record("\(name) was not rejected with a JSON-RPC error")
          continue
        }
        let validAsALine = ["n_string_unescaped_newline.json", "n_structure_no_data.json"]
        if name.hasPrefix("n_") {
          #expect(code == (validAsALine.contains(name) ? -32600 : -32700), "\(name)")
        }
        if name.hasPrefix("y_") { #expect(code == -32600, "\(name)") }
        // The id is null unless the document had a usable one.
        let document = try? parseJSON(line)
        let id = document?["id"]
        let expected: JSONValue =
          switch id {
          case .string, .integer: id!
          default: .null
          }
        #expect(value["id"] == expected, "\(name)")
      }
    }
  }
#endif
