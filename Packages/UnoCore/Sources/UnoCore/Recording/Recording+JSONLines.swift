import Foundation

// A recording as JSON lines: a header line, then one line per entry, so that a long recording
// can be written, streamed and read line by line.
//
//   {"droppedEntries":0,"feature":"counter","format":"uno-recording","initialState":{"count":0},
//    "startedAt":"2026-11-25T19:00:00Z","version":1}
//   {"action":"increment","elapsed":0.000912,"kind":"action","state":{"count":1}}
//   {"action":"incrementLater","elapsed":1.204,"kind":"effect","state":{"count":2}}

extension Recording where State: Encodable, Action: Encodable {
  /// The recording as JSON lines (see ``formatVersion``): a header line with the initial state,
  /// then one line per entry; each line ends with a newline. States are encoded with the shared
  /// values they held then.
  ///
  /// ```swift
  /// try runtime.recording!.jsonLines().write(to: url, atomically: true, encoding: .utf8)
  /// ```
  public func jsonLines() throws -> String {
    let encoder = recordingEncoder()
    var text = try encodeLine(
      RecordingHeader(
        format: recordingFormatName, version: Self.formatVersion, feature: feature,
        startedAt: startedAt, droppedEntries: droppedEntries, initialState: initialState),
      initialShared, encoder)
    for entry in entries {
      text += try entry.jsonLine(encoder)
    }
    return text
  }
}

extension Recording.Entry where State: Encodable, Action: Encodable {
  /// The entry as its line of ``Recording/jsonLines()`` (without the newline): a viewer that
  /// follows a recording entry by entry (``InteractorRuntime/recordedEntries(from:)``) sends
  /// each one as the file would hold it.
  public func jsonLine() throws -> String {
    String(try jsonLine(recordingEncoder()).dropLast())
  }

  func jsonLine(_ encoder: JSONEncoder) throws -> String {
    try encodeLine(
      RecordingLine(kind: kind, action: action, elapsed: elapsed.seconds, state: state), shared, encoder)
  }
}

/// The encoder of every line of a recording (and of an inspected app's states and actions).
func recordingEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .iso8601
  return encoder
}

/// `value` as a line of a recording, encoded with the shared values `shared` kept.
private func encodeLine(
  _ value: some Encodable, _ shared: SharedSnapshot, _ encoder: JSONEncoder
) throws -> String {
  let data = try SharedSnapshot.reading(shared) { try encoder.encode(value) }
  return String(decoding: data, as: UTF8.self) + "\n"
}

extension Recording where State: Decodable, Action: Decodable {
  /// Reads a recording from its JSON lines (``jsonLines()``). Blank lines are skipped.
  ///
  /// - Throws: ``RecordingError`` naming the line that is wrong and why: no header, a version
  ///   this library does not read, or a line that is not an entry of this feature (an action or
  ///   state of another type).
  public init(jsonLines text: String) throws {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .filter { !$0.element.allSatisfy(\.isWhitespace) }
    guard let (headerIndex, headerText) = lines.first else {
      throw RecordingError(
        line: nil,
        message: """
          the recording is empty. A recording starts with a header line \
          ({"format":"uno-recording","version":\(Self.formatVersion),...}), as `jsonLines()` writes it.
          """)
    }
    let probe = try? decoder.decode(RecordingProbe.self, from: Data(headerText.utf8))
    guard let probe, probe.format == recordingFormatName else {
      throw RecordingError(
        line: headerIndex + 1,
        message: """
          this is not an Uno recording: its first line has no "format":"uno-recording". \
          Recordings are written by `Recording.jsonLines()`, uno-host's `export` or the inspector.
          """)
    }
    guard probe.version == Self.formatVersion else {
      throw RecordingError(
        line: headerIndex + 1,
        message: """
          the recording is in version \(probe.version ?? 0) of the format, and this library reads \
          version \(Self.formatVersion). Record it again with this version of Uno.
          """)
    }
    let header: RecordingHeader<State>
    do {
      header = try decoder.decode(RecordingHeader<State>.self, from: Data(headerText.utf8))
    } catch {
      throw RecordingError(
        line: headerIndex + 1,
        message: "the header does not hold this feature's state: \(describeDecodingError(error))")
    }
    var entries: [Entry] = []
    for (index, text) in lines.dropFirst() {
      do {
        let line = try decoder.decode(RecordingLine<State, Action>.self, from: Data(text.utf8))
        if (line.kind == .action || line.kind == .effect) && line.action == nil {
          throw RecordingError(
            line: index + 1, message: "an entry of kind \"\(line.kind.rawValue)\" needs its \"action\"")
        }
        entries.append(
          Entry(kind: line.kind, action: line.action, elapsed: .fromSeconds(line.elapsed), state: line.state))
      } catch let error as RecordingError {
        throw error
      } catch {
        throw RecordingError(
          line: index + 1, message: "not an entry of this feature: \(describeDecodingError(error))")
      }
    }
    self.init(
      feature: header.feature, startedAt: header.startedAt, droppedEntries: header.droppedEntries,
      initialState: header.initialState, entries: entries)
  }
}

/// Why a recording could not be read: the line (counted from 1) and what is wrong with it.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line that is wrong, counted from 1; `nil` when the whole text is (an empty recording).
  public var line: Int?
  /// What is wrong, and what to do about it.
  public var message: String

  /// Creates an error.
  public init(line: Int?, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String {
    line.map { "line \($0): \(message)" } ?? message
  }
}

/// The `format` of every recording's header.
let recordingFormatName = "uno-recording"

struct RecordingHeader<State> {
  var format: String
  var version: Int
  var feature: String?
  var startedAt: Date
  var droppedEntries: Int
  var initialState: State
}

extension RecordingHeader: Encodable where State: Encodable {}
extension RecordingHeader: Decodable where State: Decodable {}

/// What every version's header has: enough to tell a recording and its version.
private struct RecordingProbe: Decodable {
  var format: String?
  var version: Int?
}

struct RecordingLine<State, Action> {
  var kind: Recording<State, Action>.Entry.Kind
  var action: Action?
  /// Seconds since the recording started.
  var elapsed: Double
  var state: State
}

extension RecordingLine: Encodable where State: Encodable, Action: Encodable {}
extension RecordingLine: Decodable where State: Decodable, Action: Decodable {}

extension Duration {
  /// `seconds` to the nearest nanosecond: what `seconds` wrote comes back exactly (a test clock
  /// woken one nanosecond before a whole second must be advanced to that nanosecond again).
  static func fromSeconds(_ seconds: Double) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }

  /// The duration in seconds, as a `Double`.
  @usableFromInline var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

/// A decoding error in a sentence: where in the line (or the value), and what was wrong. Also
/// what an inspected app answers an inspector whose action or state did not decode.
func describeDecodingError(_ error: any Error) -> String {
  func path(_ codingPath: [any CodingKey]) -> String {
    codingPath.isEmpty
      ? "the line" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
  guard let error = error as? DecodingError else { return "\(error)" }
  switch error {
  case .keyNotFound(let key, let context):
    return "\(path(context.codingPath + [key])) is missing"
  case .typeMismatch(_, let context), .valueNotFound(_, let context):
    return "\(path(context.codingPath)): \(context.debugDescription)"
  case .dataCorrupted(let context):
    return context.codingPath.isEmpty
      ? "it is not JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
  @unknown default:
    return "\(error)"
  }
}
