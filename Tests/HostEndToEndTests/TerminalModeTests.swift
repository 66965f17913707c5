// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// `uno-host run <feature>` for a person: forced with `--format pretty`, and chosen by itself
  /// when standard output is a real terminal.
  @Suite struct TerminalModeTests {
    static func run(_ feature: String, typing lines: [String]) async throws -> String {
      let (output, status) = try await HostProcess.run(
        ["run", feature, "--format", "pretty"] + HostProcess.patientDrain,
        input: lines.map { $0 + "\n" }.joined())
      #expect(status == 0)
      return output.joined(separator: "\n")
    }

    /// Runs `uno-host run <feature>` (no `--format`) on a real pseudo-terminal (util-linux's
    /// `script`) that is sent `keys`; returns what the terminal showed, with its line ends as `\n`.
    static func runAtATerminal(_ feature: String, keys: String) async throws -> String {
      let command = "'\(HostProcess.binary.path)' run \(feature) --drain-timeout 600"
      let (data, _, _) = try await ChildProcess.run(
        "/usr/bin/script", ["-qfec", command, "/dev/null"], input: keys, standardError: .discard)
      return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func aQueryShowsWhatItChangedThenWhatItsDebouncedSearchChanged() async throws {
      let output = try await Self.run("search", typing: ["queryChanged smiling cat"])
      // The initial view state once, pretty-printed.
      #expect(output.contains("SearchViewState(\n  query: \"\","))
      // The query, as a diff headed by what was typed.
      #expect(
        output.contains(
          "after queryChanged smiling cat:\n  SearchViewState(\n-   query: \"\",\n+   query: \"smiling cat\","
        ))
      // The results, written by the debounced search: headed by the action whose effect it is.
      let effect = try #require(output.range(of: "effect of queryChanged smiling cat:"))
      #expect(output[effect.upperBound...].contains("SMILING CAT FACE WITH OPEN MOUTH"))
      // Never a JSON line.
      #expect(!output.contains(#"{"type""#))
    }

    @Test func todosRowsAreNamedByTheirNumberAsTheListShowsThem() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "todos-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let (lines, status) = try await HostProcess.run(
        ["run", "todos", "--format", "pretty", "--data-dir", directory.path] + HostProcess.patientDrain,
        input: [
          "add Milk", "add Eggs", "toggle 1", "rename 0 Brown eggs", "delete 7", "togle 0", "filter done",
          "filter completed", "delete 0", "help",
        ].map { $0 + "\n" }.joined())
      #expect(status == 0)
      let output = lines.joined(separator: "\n")
      // Row 1 is Milk (the list shows the newest first).
      #expect(output.contains("after toggle 1:"))
      #expect(output.contains("-       checkbox: \"[ ]\",\n+       checkbox: \"[x]\","))
      #expect(output.contains("-       title: \"Eggs\",\n+       title: \"Brown eggs\","))
      #expect(output.contains("'delete' takes the number of a row, from 0 to 1, as the list shows it"))
      #expect(output.contains("There is no command or action 'togle' in todos. Did you mean 'toggle'?"))
      #expect(output.contains("'filter' takes one of: all, active, completed."))
      // Filtered to the completed ones, row 0 is Milk: deleting it leaves Brown eggs alone.
      let deleted = try #require(output.range(of: "after delete 0:"))
      #expect(output[deleted.upperBound...].contains("-       title: \"Milk\","))
      #expect(output.contains("Short commands:\n  toggle <n>"))
      let saved = try String(contentsOf: directory.appendingPathComponent("todos.json"), encoding: .utf8)
      #expect(saved.contains("Brown eggs") && !saved.contains("Milk"))
    }

    @Test func aWordCloseToOneActionIsAnsweredWithIt() async throws {
      let output = try await Self.run("counter", typing: ["incremnt", "xyzzy"])
      #expect(output.contains("There is no action 'incremnt' in counter. Did you mean 'increment'?"))
      #expect(output.contains("There is no action 'xyzzy' in counter. Its actions are: increment"))
    }

    @Test func commandsAndErrorsReadAsSentences() async throws {
      let output = try await Self.run(
        "search",
        typing: ["help", "fly", "select abc", "clear now", "{oops", "state", "features", "quit", "submit"])
      #expect(output.contains("Actions:\n  queryChanged"))
      #expect(
        output.contains("Commands: help, state (the whole view state), features (every feature), quit."))
      #expect(output.contains("There is no action 'fly' in search. Its actions are: queryChanged, submit"))
      #expect(
        output.contains(
          "'select' was not understood: 'select.id' should be a whole number. For example: select 128512."))
      #expect(output.contains("'clear' takes no value: type it alone."))
      #expect(output.contains("the line is not valid JSON"))
      #expect(output.contains("counter: A number to increment"))  // features
      // quit ends the session: the submit after it was never handled.
      #expect(!output.contains("after submit"))
    }

    @Test func aBareNameAndJSONStillWork() async throws {
      let output = try await Self.run(
        "counter", typing: ["increment", #"{"decrement":{}}"#, #""increment""#])
      #expect(output.contains("after increment:"))
      #expect(output.contains("after {\"decrement\":{}}:"))
      #expect(output.contains("after \"increment\":"))
    }

    /// Through a real pseudo-terminal (util-linux's `script`): no `--format`, and the host sees a
    /// terminal, so a person gets the readable form.
    @Test func aRealTerminalGetsThePrettyFormWithoutAsking() async throws {
      let text = try await Self.runAtATerminal("search", keys: "queryChanged smiling cat\n")
      #expect(text.contains("after queryChanged smiling cat:"))
      #expect(text.contains("effect of queryChanged smiling cat:"))
      #expect(text.contains("SMILING CAT FACE WITH OPEN MOUTH"))
      #expect(!text.contains(#"{"type""#))
    }

    /// At a real terminal, a prompt with line editing and a history: the up arrow brings back the
    /// line entered before, and the left and right arrows move within the line.
    @Test func aPersonAtATerminalRecallsTheLineBeforeWithTheUpArrow() async throws {
      let text = try await Self.runAtATerminal(
        "counter", keys: "increment\n\u{1B}[A\nincr\u{1B}[Dx\u{1B}[Cement\nquit\n")
      // The recalled line was entered again: two increments.
      #expect(text.components(separatedBy: "after increment:").count == 3)
      #expect(text.contains("+   count: 2,"))
      // What was typed with the cursor moved back: the x went in before the last character typed.
      #expect(text.contains("There is no action 'incxrement' in counter."))
      // Each line entered stays on screen after the prompt.
      #expect(text.contains("> increment\nafter increment:"))
    }

    /// Once the input has ended, the effects still running show their changes, and no prompt
    /// follows them. (Ended by `quit`: a Ctrl-D that reaches the terminal before the host has put it
    /// in raw mode is taken by the terminal as the end of a line, and never read as a key.
    /// `LineEditorTests` checks Ctrl-D.)
    @Test func onceTheInputHasEndedTheEffectsStillShowTheirChangesWithoutAPrompt() async throws {
      let text = try await Self.runAtATerminal("counter", keys: "incrementLater\nquit\n")
      let effect = try #require(text.range(of: "effect of incrementLater:"))
      #expect(text[effect.upperBound...].contains("+   count: 1,"))
      #expect(!text[effect.upperBound...].contains("> "))
    }
  }
#endif
