/// A runtime's session with an inspector (``InspectionSession``), retained, and whether a
/// connection follows it, in one word: the session's address, with its lowest bit set while the
/// session takes changes.
///
/// The step reads it once and tests that bit (``followed``): without a session and with one no
/// connection follows alike, a change pays one load and one test, 3 instructions, where an
/// optional's check and then the session's flag cost 6. An object's address has its lowest bit
/// clear (objects are aligned to 16 bytes), so the bit is free.
@usableFromInline
struct InspectionLink<State: Sendable, Action: Sendable>: Sendable {
  @usableFromInline var bits: UInt = 0

  @inlinable init() {}

  /// The session, retained by the runtime (``InteractorRuntime/inspection``); `nil` when there is
  /// none. Setting it clears the bit: a new session is followed once it announces itself.
  @inlinable
  var session: Unmanaged<InspectionSession<State, Action>>? {
    get {
      guard let pointer = UnsafeRawPointer(bitPattern: bits & ~1) else { return nil }
      return Unmanaged.fromOpaque(pointer)
    }
    set { bits = newValue.map { UInt(bitPattern: $0.toOpaque()) } ?? 0 }
  }

  /// The session while a connection follows it; `nil` otherwise (no session, or one not
  /// followed).
  @inlinable
  var followed: Unmanaged<InspectionSession<State, Action>>? {
    guard bits & 1 != 0 else { return nil }
    // Set only with a session (``setFollowed(_:)``): the address is not null.
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits & ~1).unsafelyUnwrapped)
  }

  /// Marks the session followed or not (``InspectionSession/isFollowed``); nothing without one.
  @inlinable
  mutating func setFollowed(_ followed: Bool) {
    guard bits != 0 else { return }
    bits = followed ? bits | 1 : bits & ~1
  }
}
