// Compiled with the `Host` trait only (Package.swift).
#if Host
  /// The line a person types at `uno-host run <feature>` on a terminal, edited key by key, with a
  /// history of the lines entered before: the terminal is in raw mode (``RawTerminal``), so this
  /// reads every key itself.
  ///
  /// Pure: bytes in (``feed(_:)``), the lines entered out, and what to show (``visible(columns:)``);
  /// the host writes it. Keys:
  ///
  /// - Enter ends the line; Ctrl-D on an empty line ends the input (with text, it deletes the
  ///   character under the cursor);
  /// - ← →, Ctrl-B, Ctrl-F move by a character; Home, End, Ctrl-A, Ctrl-E to either end;
  /// - ↑ ↓, Ctrl-P, Ctrl-N walk the history (the line being typed is kept, and comes back below
  ///   the newest entry);
  /// - Backspace and Delete delete a character; Ctrl-U deletes to the start, Ctrl-K to the end,
  ///   Ctrl-W the word before the cursor.
  ///
  /// Other control keys and escape sequences are ignored; a sequence or a UTF-8 character split
  /// between two reads is kept until the rest arrives. CR and LF both end a line (``RawTerminal``
  /// leaves the terminal's input processing on, which turns Enter's CR into LF).
  struct LineEditor {
    /// What a read produced.
    enum Event: Equatable {
      /// A line entered, without its end.
      case line(String)
      /// Ctrl-D on an empty line: the person is done.
      case endOfInput
    }

    /// The line being typed, by characters (grapheme clusters), and the cursor's place in it.
    private(set) var text: [Character] = []
    private(set) var cursor = 0
    /// The lines entered, oldest first; the same line twice in a row is kept once.
    private(set) var history: [String] = []
    let historyLimit: Int
    /// The longest line, in characters: a key that would make it longer is ignored.
    let maximumLength: Int
    /// Which history entry is shown while walking it, and the line that was being typed.
    private var walking: (index: Int, draft: [Character])?
    /// Bytes of an escape sequence or a UTF-8 character not complete yet.
    private var pending: [UInt8] = []

    init(historyLimit: Int = 1_000, maximumLength: Int = 1 << 20) {
      (self.historyLimit, self.maximumLength) = (historyLimit, maximumLength)
    }

    /// Reads `bytes` as keys; returns the lines entered (and the end of input), in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
      pending.append(contentsOf: bytes)
      var events: [Event] = []
      var index = 0
      while index < pending.count {
        guard let (key, length) = Self.key(at: index, in: pending) else { break }  // incomplete
        index += length
        if let event = handle(key) { events.append(event) }
      }
      pending.removeFirst(index)
      return events
    }

    // MARK: Keys

    enum Key: Equatable {
      case character(Character)
      case enter, endOfText, backspace, delete
      case left, right, home, end, up, down
      case deleteToStart, deleteToEnd, deleteWord
      case ignored
    }

    /// The key that starts at `index`, and how many bytes it takes; `nil` when its bytes have not
    /// all arrived.
    static func key(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
      let byte = bytes[index]
      switch byte {
      case 0x0D, 0x0A: return (.enter, 1)
      case 0x04: return (.endOfText, 1)
      case 0x7F, 0x08: return (.backspace, 1)
      case 0x01: return (.home, 1)
      case 0x05: return (.end, 1)
      case 0x02: return (.left, 1)
      case 0x06: return (.right, 1)
      case 0x10: return (.up, 1)
      case 0x0E: return (.down, 1)
      case 0x15: return (.deleteToStart, 1)
      case 0x0B: return (.deleteToEnd, 1)
      case 0x17: return (.deleteWord, 1)
      case 0x1B: return escapeSequence(at: index, in: bytes)
      case 0x00..<0x20: return (.ignored, 1)
      default: return utf8Character(at: index, in: bytes)
      }
    }

    /// `ESC [ … final` (CSI) or `ESC O x` (SS3), as terminals send the arrows, Home, End and
    /// Delete; an ESC before anything else is ignored alone.
    private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
      guard index + 1 < bytes.count else { return nil }
      switch bytes[index + 1] {
      case UInt8(ascii: "["):
        // Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
        var end = index + 2
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        let length = end - index + 1
        switch (bytes[end], parameters) {
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"):
          return (.home, length)
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "~"), "3"): return (.delete, length)
        default: return (.ignored, length)
        }
      case UInt8(ascii: "O"):
        guard index + 2 < bytes.count else { return nil }
        switch bytes[index + 2] {
        case UInt8(ascii: "A"): return (.up, 3)
        case UInt8(ascii: "B"): return (.down, 3)
        case UInt8(ascii: "C"): return (.right, 3)
        case UInt8(ascii: "D"): return (.left, 3)
        case UInt8(ascii: "H"): return (.home, 3)
        case UInt8(ascii: "F"): return (.end, 3)
        default: return (.ignored, 3)
        }
      default:
        // ESC alone (the Escape key, or Alt with a key): the key after it is read as itself, not
        // lost with it.
        return (.ignored, 1)
      }
    }

    /// One UTF-8 encoded character; a byte that cannot start one is ignored.
    private static func utf8Character(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
      let byte = bytes[index]
      let length =
        switch byte {
        case 0x00..<0x80: 1
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 0
        }
      guard length > 0 else { return (.ignored, 1) }
      guard index + length <= bytes.count else { return nil }
      let sequence = bytes[index..<(index + length)]
      guard sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
        let scalar = String(validating: sequence, as: UTF8.self)?.unicodeScalars.first
      else { return (.ignored, 1) }
      return (.character(Character(scalar)), length)
    }

    mutating func handle(_ key: Key) -> Event? {
      switch key {
      case .character(let character):
        insert(character)
      case .enter:
        let line = String(text)
        if !line.isEmpty, history.last != line {
          history.append(line)
          if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        }
        (text, cursor, walking) = ([], 0, nil)
        return .line(line)
      case .endOfText:
        if text.isEmpty { return .endOfInput }
        if cursor < text.count { text.remove(at: cursor) }
      case .backspace:
        guard cursor > 0 else { break }
        cursor -= 1
        text.remove(at: cursor)
      case .delete:
        if cursor < text.count { text.remove(at: cursor) }
      case .left: cursor = max(0, cursor - 1)
      case .right: cursor = min(text.count, cursor + 1)
      case .home: cursor = 0
      case .end: cursor = text.count
      case .up: recall(by: -1)
      case .down: recall(by: 1)
      case .deleteToStart:
        text.removeFirst(cursor)
        cursor = 0
      case .deleteToEnd:
        text.removeLast(text.count - cursor)
      case .deleteWord:
        var start = cursor
        while start > 0, text[start - 1] == " " { start -= 1 }
        while start > 0, text[start - 1] != " " { start -= 1 }
        text.removeSubrange(start..<cursor)
        cursor = start
      case .ignored:
        break
      }
      return nil
    }

    /// Inserts at the cursor. A combining mark joins the character before it, as it does on
    /// screen.
    private mutating func insert(_ character: Character) {
      guard text.count < maximumLength else { return }
      if cursor > 0 {
        let joined = String(text[cursor - 1]) + String(character)
        if joined.count == 1 {
          text[cursor - 1] = Character(joined)
          return
        }
      }
      text.insert(character, at: cursor)
      cursor += 1
    }

    /// Shows the history entry `step` away from the one shown (older for -1), or the line being
    /// typed when walking past the newest.
    private mutating func recall(by step: Int) {
      let shown = walking?.index ?? history.count
      let next = shown + step
      guard next >= 0, next <= history.count, next != shown else { return }
      let draft = walking?.draft ?? text
      if next == history.count {
        text = draft
        walking = nil
      } else {
        text = Array(history[next])
        walking = (next, draft)
      }
      cursor = text.count
    }

    // MARK: Showing it

    /// What to show of the line in `columns` terminal columns after a prompt, and the cursor's
    /// column in it: all of it when it fits, otherwise the part around the cursor.
    func visible(columns: Int) -> (text: String, cursorColumn: Int) {
      let widths = text.map(Self.width)
      // The last column stays free: a character written there would wrap the line on some terminals.
      let room = max(1, columns - 1)
      // Scrolled so that the cursor is on screen: one pass, the width before the cursor kept as the
      // start moves (summing it again for each start was quadratic in a long pasted line).
      var start = 0
      var beforeCursor = widths[..<cursor].reduce(0, +)
      while beforeCursor > room {
        beforeCursor -= widths[start]
        start += 1
      }
      var end = start
      var used = 0
      while end < text.count, used + widths[end] <= room {
        used += widths[end]
        end += 1
      }
      return (String(text[start..<end]), beforeCursor)
    }

    /// The columns a character takes: two for wide East Asian characters and emoji, one otherwise.
    static func width(_ character: Character) -> Int {
      guard let scalar = character.unicodeScalars.first else { return 0 }
      // An emoji shown as one (by default, or asked for with variation selector 16, as in ❤️).
      if scalar.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        return 2
      default:
        return 1
      }
    }
  }
#endif
