// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Testing

  @testable import UnoHostKit

  /// The line a person types at `uno-host run <feature>`: keys in, lines out, and what is shown.
  @Suite struct LineEditorTests {
    private static let up = "\u{1B}[A"
    private static let down = "\u{1B}[B"
    private static let left = "\u{1B}[D"
    private static let right = "\u{1B}[C"

    private func lines(_ editor: inout LineEditor, _ typed: String) -> [LineEditor.Event] {
      editor.feed(Array(typed.utf8))
    }

    @Test func enterEndsTheLineAndEitherLineEndCounts() {
      var editor = LineEditor()
      #expect(lines(&editor, "increment\rreset\n") == [.line("increment"), .line("reset")])
      #expect(editor.text.isEmpty && editor.cursor == 0)
      // An empty line is a line (the session ignores it); it does not enter the history.
      #expect(lines(&editor, "\r") == [.line("")])
      #expect(editor.history == ["increment", "reset"])
    }

    @Test func theArrowsWalkTheHistoryAndKeepTheLineBeingTyped() {
      var editor = LineEditor()
      _ = lines(&editor, "first\nsecond\nsecond\ndraft")
      // The same line twice in a row is kept once.
      #expect(editor.history == ["first", "second"])
      _ = lines(&editor, Self.up)
      #expect(String(editor.text) == "second" && editor.cursor == 6)
      _ = lines(&editor, Self.up + Self.up)  // past the oldest: stays there
      #expect(String(editor.text) == "first")
      _ = lines(&editor, Self.down + Self.down)
      #expect(String(editor.text) == "draft")  // below the newest, the line being typed
      _ = lines(&editor, Self.down)
      #expect(String(editor.text) == "draft")
      // An entry recalled and changed is entered as a new line; the entry itself is unchanged.
      #expect(lines(&editor, Self.up + Self.up + "!\n") == [.line("first!")])
      #expect(editor.history == ["first", "second", "first!"])
      // Ctrl-P and Ctrl-N are the arrows.
      _ = lines(&editor, "\u{10}")
      #expect(String(editor.text) == "first!")
      _ = lines(&editor, "\u{0E}")
      #expect(editor.text.isEmpty)
    }

    @Test func theHistoryKeepsItsNewestLinesUpToItsLimit() {
      var editor = LineEditor(historyLimit: 2)
      _ = lines(&editor, "a\nb\nc\n")
      #expect(editor.history == ["b", "c"])
    }

    @Test func editingAtTheCursor() {
      var editor = LineEditor()
      _ = lines(&editor, "incement" + String(repeating: Self.left, count: 5) + "r")
      #expect(String(editor.text) == "increment" && editor.cursor == 4)
      // Home and End, as CSI, SS3, the numbered forms and Ctrl-A / Ctrl-E.
      for (home, end) in [
        ("\u{1B}[H", "\u{1B}[F"), ("\u{1B}OH", "\u{1B}OF"), ("\u{1B}[1~", "\u{1B}[4~"), ("\u{01}", "\u{05}"),
      ] {
        _ = lines(&editor, home)
        #expect(editor.cursor == 0)
        _ = lines(&editor, end)
        #expect(editor.cursor == 9)
      }
      // Backspace (DEL and Ctrl-H), Delete, and moving past either end changes nothing.
      _ = lines(&editor, "\u{7F}\u{08}" + Self.right)
      #expect(String(editor.text) == "increme" && editor.cursor == 7)
      _ = lines(&editor, "\u{01}\u{1B}[3~" + Self.left + "\u{7F}")
      #expect(String(editor.text) == "ncreme" && editor.cursor == 0)
      // Ctrl-D deletes under the cursor while there is text.
      #expect(lines(&editor, "\u{04}").isEmpty)
      #expect(String(editor.text) == "creme")
    }

    @Test func deletingToEitherEndAndTheWordBefore() {
      var editor = LineEditor()
      _ = lines(&editor, "rename 0 Buy oat milk  \u{17}")
      #expect(String(editor.text) == "rename 0 Buy oat ")
      _ = lines(&editor, String(repeating: Self.left, count: 4) + "\u{0B}")
      #expect(String(editor.text) == "rename 0 Buy ")
      _ = lines(&editor, Self.left + "\u{15}")
      #expect(String(editor.text) == " " && editor.cursor == 0)
    }

    @Test func ctrlDOnAnEmptyLineEndsTheInput() {
      var editor = LineEditor()
      #expect(
        lines(&editor, "increment\n\u{04}reset\n") == [.line("increment"), .endOfInput, .line("reset")])
    }

    @Test func aKeySplitBetweenTwoReadsWaitsForTheRest() {
      var editor = LineEditor()
      _ = lines(&editor, "first\n")
      // An escape sequence in three reads.
      #expect(editor.feed([0x1B]).isEmpty && editor.text.isEmpty)
      #expect(editor.feed([UInt8(ascii: "[")]).isEmpty && editor.text.isEmpty)
      _ = editor.feed([UInt8(ascii: "A")])
      #expect(String(editor.text) == "first")
      // A four-byte character in two.
      _ = lines(&editor, "\u{15}")
      let cat = Array("😸".utf8)
      _ = editor.feed(cat[0..<2])
      #expect(editor.text.isEmpty)
      #expect(editor.feed(cat[2...] + [0x0A]) == [.line("😸")])
    }

    @Test func otherKeysAndBadBytesAreIgnored() {
      var editor = LineEditor()
      // Tab, Ctrl-G, an F-key (CSI 15~), a stray continuation byte, an invalid lead.
      let typed: [UInt8] = [0x09, 0x07] + Array("\u{1B}[15~".utf8) + [0x80, 0xFF] + Array("ok\n".utf8)
      #expect(editor.feed(typed) == [.line("ok")])
      // Escape, then a key: the key is kept (pressing Escape by habit loses nothing).
      #expect(editor.feed(Array("\u{1B}".utf8)).isEmpty)
      #expect(editor.feed(Array("x\n".utf8)) == [.line("x")])
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
      var editor = LineEditor()
      _ = lines(&editor, "cafe\u{301}")
      #expect(editor.text.count == 4 && editor.cursor == 4)
      _ = lines(&editor, "\u{7F}")
      #expect(String(editor.text) == "caf")
    }

    @Test func aLineNoLongerThanItsLimit() {
      var editor = LineEditor(maximumLength: 3)
      #expect(lines(&editor, "abcdef\n") == [.line("abc")])
    }

    @Test func whatIsShownFitsTheColumnsAroundTheCursor() {
      var editor = LineEditor()
      _ = lines(&editor, "abcdef")
      #expect(editor.visible(columns: 80) == ("abcdef", 6))
      // Four columns: three characters and the cursor after them (the last column stays free).
      #expect(editor.visible(columns: 4) == ("def", 3))
      _ = lines(&editor, "\u{01}")
      #expect(editor.visible(columns: 4) == ("abc", 0))
      // Wide characters take two columns.
      var wide = LineEditor()
      _ = lines(&wide, "猫😸a❤\u{FE0F}")
      #expect(wide.visible(columns: 80) == ("猫😸a❤\u{FE0F}", 7))
    }
  }
#endif
