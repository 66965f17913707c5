import Dependencies
import IssueReporting

/// Transcribes what is said while a meeting is recorded.
///
/// The interface, apart from any live value: the feature depends on this, and a host picks the
/// live one (`SpeechClientLive`). A test feeds text:
///
/// ```swift
/// $0.speechClient = .feeding(["Hello", "Hello, world"])
/// ```
nonisolated public struct SpeechClient: Sendable {
  /// Starts transcribing: each element is the whole transcript so far. Throws
  /// ``SpeechClientError/unavailable(_:)`` when there is nothing to transcribe with.
  public var transcripts: @Sendable () async throws -> AsyncThrowingStream<String, any Error>

  /// A client.
  public init(transcripts: @escaping @Sendable () async throws -> AsyncThrowingStream<String, any Error>) {
    self.transcripts = transcripts
  }

  /// A client that hears `transcripts`, one after the other, then stops.
  public static func feeding(_ transcripts: [String]) -> Self {
    Self {
      AsyncThrowingStream { continuation in
        for transcript in transcripts { continuation.yield(transcript) }
        continuation.finish()
      }
    }
  }

  /// A client that cannot transcribe, for `reason`.
  public static func unavailable(_ reason: String) -> Self {
    Self { throw SpeechClientError.unavailable(reason) }
  }

  /// A client that hears nothing until the recording ends.
  public static var silent: Self {
    Self { AsyncThrowingStream { _ in } }
  }
}

/// Why a ``SpeechClient`` could not transcribe.
public enum SpeechClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There is no speech recognition here, and why.
  case unavailable(String)

  public var description: String {
    switch self {
    case .unavailable(let reason): reason
    }
  }
}

nonisolated extension SpeechClient: TestDependencyKey {
  /// Fails the test that records a meeting without saying what the speech client hears.
  public static var testValue: SpeechClient {
    Self {
      reportIssue(
        """
        A meeting was recorded with the test's default speech client, which hears nothing. Say \
        what it hears: withDependencies: { $0.speechClient = .feeding(["…"]) } (or .silent, or \
        .unavailable("…")).
        """)
      return AsyncThrowingStream { $0.finish() }
    }
  }
}

nonisolated extension DependencyValues {
  /// What transcribes a meeting being recorded.
  public var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
