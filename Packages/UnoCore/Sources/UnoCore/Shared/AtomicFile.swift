import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A file that is replaced whole or not at all, and never overwritten when it cannot be read.
///
/// The crash-safe file of Uno's persisted state (``FileStorageKey`` and the Todos store):
///
/// - **Written atomically.** ``replace(with:)`` writes a temporary file beside it
///   (`.<name>.<UUID>.tmp`), flushes it to disk and renames it over the file: a crash at any
///   moment leaves the old contents or the new, never part of a file.
/// - **Kept when unreadable.** ``setAside()`` moves a file that does not decode to
///   `<name>.corrupt-<timestamp>`, so that no later save overwrites it.
/// - **No leftovers.** ``removeLeftovers()`` removes the temporary files of saves a kill cut
///   short: names of that exact pattern, nothing else.
///
/// Its methods block on the disk; call them off the cooperative pool (``FileStorageKey`` and the
/// Todos store use a serial dispatch queue).
public struct AtomicFile: Sendable {
  /// The file.
  public let url: URL

  /// The file at `url`, which need not exist yet.
  public init(url: URL) {
    self.url = url
  }

  /// The contents, or `nil` if there is no file.
  public func read() throws -> Data? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Data(contentsOf: url)
  }

  /// Moves the file aside to `<name>.corrupt-<timestamp>` and returns where it went.
  public func setAside() throws -> URL {
    let aside = URL(fileURLWithPath: url.path + ".corrupt-" + Self.timestamp())
    try FileManager.default.moveItem(at: url, to: aside)
    return aside
  }

  /// Replaces the file with `data`, atomically: a temporary file beside it, flushed, renamed.
  /// Creates the directory if it is missing.
  public func replace(with data: Data) throws {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    try Self.write(data, to: temporary)
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }

  /// Removes the temporary files that ``replace(with:)`` leaves when a kill cuts it short.
  /// Call it when no save of this process is under way.
  public func removeLeftovers() {
    let directory = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where isLeftover(name) {
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }

  /// Whether `name` is a temporary file of ``replace(with:)`` for this file.
  public func isLeftover(_ name: String) -> Bool {
    let (prefix, suffix) = (".\(url.lastPathComponent).", ".tmp")
    guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
      return false
    }
    return UUID(uuidString: String(name.dropFirst(prefix.count).dropLast(suffix.count))) != nil
  }

  /// Writes `data` to a new file at `url` and flushes it to disk.
  private static func write(_ data: Data, to url: URL) throws {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    var offset = 0
    try data.withUnsafeBytes { bytes in
      while offset < bytes.count {
        let written = writeBytes(fd, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        offset += written
      }
    }
    guard fsync(fd) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// A short description of why a file could not be read or decoded, for messages.
  public static func describe(_ error: any Error) -> String {
    if let error = error as? DecodingError {
      switch error {
      case .dataCorrupted(let context): return "not valid: \(context.debugDescription)"
      case .keyNotFound(let key, _): return "missing '\(key.stringValue)'"
      case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
      @unknown default: return "\(error)"
      }
    }
    return (error as NSError).localizedDescription
  }

  /// "20261123T195612.123Z", for the name of a file moved aside.
  private static func timestamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
    return formatter.string(from: Date())
  }
}

/// The C `write`, named so that it does not collide with methods called `write`.
private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
