import Dependencies
import StandupsFeature

nonisolated extension SpeechClient: DependencyKey {
  /// The live client. This build has no speech recognizer wired in (there is none on Linux; on
  /// Apple platforms one would wrap the Speech framework here): it says so, and a meeting is
  /// recorded without a transcript.
  public static var liveValue: SpeechClient {
    .unavailable("There is no speech recognition here: the meeting is recorded without a transcript.")
  }
}
