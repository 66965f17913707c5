import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// A recurring meeting: who attends, how long it lasts, and the meetings held so far.
///
/// `nonisolated`, as the models a team keeps in a file (`Shared(.fileStorage)`) or edits in a
/// form's fields are in a module whose default isolation is `MainActor`: they are `Codable` and
/// `Sendable` at once, which an isolated conformance cannot be (docs/new-projects.md).
nonisolated public struct Standup: Sendable, Equatable, Hashable, Identifiable, Codable {
  /// Its id.
  public let id: UUID
  /// Who attends, in speaking order.
  public var attendees: IdentifiedArrayOf<Attendee>
  /// How long a meeting lasts, shared equally between the attendees.
  public var duration: Duration
  /// The meetings held, newest first.
  public var meetings: IdentifiedArrayOf<Meeting>
  /// Its colour.
  public var theme: Theme
  /// Its name.
  public var title: String

  /// A standup; by default five minutes long, with no attendees and no meetings.
  public init(
    id: UUID, attendees: IdentifiedArrayOf<Attendee> = [], duration: Duration = .seconds(5 * 60),
    meetings: IdentifiedArrayOf<Meeting> = [], theme: Theme = .bubblegum, title: String = ""
  ) {
    self.id = id
    self.attendees = attendees
    self.duration = duration
    self.meetings = meetings
    self.theme = theme
    self.title = title
  }

  /// How long each attendee speaks.
  public var durationPerAttendee: Duration {
    attendees.isEmpty ? duration : duration / attendees.count
  }

  private enum CodingKeys: String, CodingKey {
    case id, attendees, durationSeconds, meetings, theme, title
  }

  // Written by hand for one field: the duration is whole seconds (`"durationSeconds":300`), not
  // Swift's `[seconds, attoseconds]` pair, so that a person can read and edit the file.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    attendees = try container.decodeIfPresent(IdentifiedArrayOf<Attendee>.self, forKey: .attendees) ?? []
    duration = .seconds(try container.decode(Int.self, forKey: .durationSeconds))
    meetings = try container.decodeIfPresent(IdentifiedArrayOf<Meeting>.self, forKey: .meetings) ?? []
    theme = try container.decodeIfPresent(Theme.self, forKey: .theme) ?? .bubblegum
    title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(attendees, forKey: .attendees)
    try container.encode(duration.components.seconds, forKey: .durationSeconds)
    try container.encode(meetings, forKey: .meetings)
    try container.encode(theme, forKey: .theme)
    try container.encode(title, forKey: .title)
  }
}

/// Someone who attends a standup.
nonisolated public struct Attendee: Sendable, Equatable, Hashable, Identifiable, Codable {
  /// Its id.
  public let id: UUID
  /// Their name.
  public var name: String

  /// An attendee.
  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

/// A meeting that was held: when, and what was said.
nonisolated public struct Meeting: Sendable, Equatable, Hashable, Identifiable, Codable {
  /// Its id.
  public let id: UUID
  /// When it ended.
  public var date: Date
  /// What the speech client heard, or "" when there was none.
  public var transcript: String

  /// A meeting.
  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

/// A standup's colour.
nonisolated public enum Theme: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
  case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood, periwinkle, poppy
  case purple, seafoam, sky, tan, teal, yellow
}

extension SharedReaderKey where Self == FileStorageKey<IdentifiedArrayOf<Standup>> {
  /// Every standup, kept in the file the `standupsFile` dependency names.
  ///
  /// ```swift
  /// @Shared(.standups) var standups = []
  /// ```
  public static var standups: Self {
    @Dependency(\.standupsFile) var file
    return .fileStorage(file)
  }
}

nonisolated extension DependencyValues {
  /// The file the standups are kept in. A host sets it in its data directory; a test's is a path
  /// in the test's in-memory file system (`sharedFileSystem`).
  public var standupsFile: URL {
    get { self[StandupsFileKey.self] }
    set { self[StandupsFileKey.self] = newValue }
  }
}

private nonisolated enum StandupsFileKey: DependencyKey {
  static var liveValue: URL {
    let directory =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return directory.appendingPathComponent("standups.json")
  }
  static var testValue: URL { URL(fileURLWithPath: "/standups.json") }
}
