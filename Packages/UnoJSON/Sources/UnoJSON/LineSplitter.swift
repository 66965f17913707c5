/// Cuts a byte stream into lines, with bounded memory: how hosts read their input, and how an
/// inspector and the apps connected to it read each other's lines.
///
/// ```swift
/// var splitter = LineSplitter(maximumLength: 16 << 20)
/// for case .line(let line) in splitter.append(bytes) { handle(try parseJSON(line)) }
/// ```
///
/// A line longer than `maximumLength` is not kept: its bytes are dropped as they arrive and it is
/// reported once, with its length, when its newline (or the end of input) comes.
public struct LineSplitter: Sendable {
  /// What the splitter found in the bytes it was given.
  public enum Event: Equatable, Sendable {
    /// A complete line, without its newline (and without a trailing carriage return).
    case line([UInt8])
    /// A line that was too long; `length` bytes were dropped.
    case tooLong(length: Int)
  }

  /// The longest line kept, in bytes, not counting its newline.
  public let maximumLength: Int
  private var buffer: [UInt8] = []
  private var droppedLength: Int? = nil

  /// A splitter that keeps lines of up to `maximumLength` bytes.
  public init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// Feeds `bytes`; returns the lines they complete.
  public mutating func append(_ bytes: [UInt8]) -> [Event] {
    // Concrete and contiguous: every input chunk comes this way, and a generic collection
    // called from another module is not specialized (it cost an eighth of uno-host's time).
    bytes.withUnsafeBufferPointer { bytes in
      var events: [Event] = []
      var start = 0
      while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        add(UnsafeBufferPointer(rebasing: bytes[start..<newline]))
        events.append(finishLine())
        start = newline + 1
      }
      add(UnsafeBufferPointer(rebasing: bytes[start...]))
      return events
    }
  }

  /// Feeds `bytes`; returns the lines they complete.
  public mutating func append(_ bytes: some Collection<UInt8>) -> [Event] {
    append(Array(bytes))
  }

  /// Ends the input: returns the last line if it had no newline.
  public mutating func finish() -> [Event] {
    guard droppedLength != nil || !buffer.isEmpty else { return [] }
    return [finishLine()]
  }

  private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let dropped = droppedLength {
      droppedLength = dropped + bytes.count
    } else if buffer.count + bytes.count > maximumLength {
      droppedLength = buffer.count + bytes.count
      buffer = []
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  private mutating func finishLine() -> Event {
    defer {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
      droppedLength = nil
    }
    if let dropped = droppedLength { return .tooLong(length: dropped) }
    if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
    return .line(buffer)
  }
}
