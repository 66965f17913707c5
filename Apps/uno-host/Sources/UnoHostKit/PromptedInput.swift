// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Synchronization

  /// `uno-host run <feature>` when a person types at a terminal (standard input and output both
  /// terminals): the terminal in raw mode, a prompt, the line edited by ``LineEditor`` with its
  /// history, and the session's output written above the line being typed, which is drawn again
  /// below it.
  @MainActor
  final class PromptedInput {
    static let prompt = "> "

    private let writer: StdoutWriter
    private var editor: LineEditor
    /// Whether the prompt and the line are on screen (the cursor on their row).
    private var isShown = false
    /// Whether typed keys are being handled: the line is drawn once they all are.
    private var isReading = false
    /// Whether the prompt was shown once (``show()``): until then, output is written as it is.
    private var isStarted = false

    init(writer: StdoutWriter, maximumLength: Int) {
      self.writer = writer
      editor = LineEditor(maximumLength: maximumLength)
    }

    /// Whether standard input and standard output are both terminals.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Writes a line of the session's output above the line being typed.
    func print(_ text: String) {
      hide()
      writer.write(text)
      if isStarted, !isReading { show() }
    }

    /// Reads typed bytes: each line entered stays on screen and goes to `enter`; returns `false`
    /// once the input is over (Ctrl-D on an empty line, or `enter` says so).
    func read(_ bytes: [UInt8], enter: (String) -> Bool) -> Bool {
      isReading = true
      defer { isReading = false }
      for event in editor.feed(bytes) {
        switch event {
        case .line(let line):
          hide()
          writer.write(Self.prompt + line)
          guard enter(line) else { return false }
        case .endOfInput:
          hide()
          return false
        }
      }
      show()
      return true
    }

    /// Draws the prompt and the line, the part around the cursor when it is wider than the
    /// terminal, with the cursor where it is in the line.
    func show() {
      let (text, cursorColumn) = editor.visible(columns: RawTerminal.columns - Self.prompt.count)
      var drawn = "\r\u{1B}[K" + Self.prompt + text
      let after = text.reduce(0) { $0 + LineEditor.width($1) } - cursorColumn
      if after > 0 { drawn += "\u{1B}[\(after)D" }
      writer.writeText(drawn)
      (isShown, isStarted) = (true, true)
    }

    /// Ends the input: the prompt goes, and output written from now on (the changes of effects
    /// still running) is not followed by it.
    func finish() {
      hide()
      isStarted = false
    }

    /// Clears the prompt's row, so that output written next starts on it.
    func hide() {
      guard isShown else { return }
      writer.writeText("\r\u{1B}[K")
      isShown = false
    }
  }

  /// Standard input's terminal, switched to raw mode (no echo, no line editing, each key read as it
  /// is typed; signals and output processing as they were) and switched back when the host ends,
  /// however it ends: the settings before are restored at `exit`, and by ``restore()``.
  enum RawTerminal {
    /// The settings before raw mode, while it is on. In a mutex: `exit` (and its handler) can run
    /// on any thread.
    private static let saved = Mutex<termios?>(nil)

    /// Switches to raw mode; `false` if standard input is not a terminal.
    static func enter() -> Bool {
      var attributes = termios()
      guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return false }
      let first = saved.withLock { saved in
        guard saved == nil else { return false }
        saved = attributes
        return true
      }
      if first { atexit { RawTerminal.restore() } }
      var raw = attributes
      raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
      withUnsafeMutableBytes(of: &raw.c_cc) { characters in
        characters[Int(VMIN)] = 1
        characters[Int(VTIME)] = 0
      }
      // TCSANOW: what was typed before keeps waiting to be read.
      return tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0
    }

    /// Restores the settings from before ``enter()``; does nothing if it was not called.
    static func restore() {
      guard var attributes = saved.withLock({ $0 }) else { return }
      tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
    }

    /// The terminal's width in columns (80 when it does not say).
    static var columns: Int {
      var size = winsize()
      guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
      return Int(size.ws_col)
    }
  }
#endif
