import CasePaths
import UnoCore

/// Finds the `binding` case of a ``BindableAction`` and applies its ``BindingAction``, by the
/// enum's tag: one call through the enum's value witness table for an action of another case,
/// and a bitwise copy and a projection for a binding.
///
/// `BindingInteractor` knows the action only by its protocol, whose one requirement is the case's
/// constructor. swift-case-paths' `AnyCasePath(unsafe:)` extracts through that constructor by
/// reflection at every call (a metadata walk, a dynamic cast and its cache's lock): twice the cost
/// of the step it serves. This type asks the Swift runtime the same questions, once at `init` for
/// the case's tag, and at each call only for the action's tag and its payload.
///
/// Why it is sound: every enum's metadata has a value witness table with the enum witnesses
/// (`getEnumTag`, `destructiveProjectEnumData`), at the offsets of the Swift ABI
/// (`include/swift/ABI/ValueWitness.def`), and a value of the metadata's type may be passed to
/// them. The projection runs on a bitwise copy in a temporary allocation, which owns nothing and
/// is never destroyed as an action; the `BindingAction` the case holds is read there, unretained,
/// while the action itself keeps it alive. The payload is read in place only when `init` proved it
/// is held in place: a probe embedded and projected gives back the probe's own storage. Otherwise
/// (an `indirect` case, an action that is not an enum), extraction goes through `AnyCasePath`.
@usableFromInline
struct BindingCase<Action: BindableAction>: Sendable {
  /// The tag of the `binding` case, or `nil` when extraction goes through ``fallback``.
  @usableFromInline let tag: UInt32?
  @usableFromInline let fallback: AnyCasePath<Action, BindingAction<Action.State>>

  @usableFromInline
  init() {
    fallback = AnyCasePath(unsafe: { Action.binding($0) })
    tag = Self.findTag()
  }

  /// Applies the binding `action` carries to `state`, if it carries one; whether it did.
  ///
  /// The binding is read from a bitwise copy of `action` (no retain), projected in place, and
  /// applied without being retained: `action`, which the caller holds, keeps it alive. Copying the
  /// action to move the binding out retained the binding's storage, and its release followed: a
  /// third of what a binding added to a send.
  @inlinable
  func apply(_ action: Action, to state: inout Action.State) -> Bool {
    guard let tag else {
      guard let binding = fallback.extract(from: action) else { return false }
      binding.apply(to: &state)
      return true
    }
    let metadata = Self.metadata
    let witnesses = Self.witnesses(metadata)
    let actionTag = withUnsafePointer(to: action) { Self.getEnumTag(witnesses)($0, metadata) }
    guard actionTag == tag else { return false }
    let destructiveProjectEnumData = Self.destructiveProjectEnumData(witnesses)
    withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Action>.size, alignment: MemoryLayout<Action>.alignment
    ) { buffer in
      // Bits only: the copy owns nothing, and is never destroyed as an action.
      withUnsafeBytes(of: action) { buffer.copyMemory(from: $0) }
      destructiveProjectEnumData(buffer.baseAddress!, metadata)
      BindingAction<Action.State>._apply(at: UnsafeRawPointer(buffer.baseAddress!), to: &state)
    }
    return true
  }

  private static func findTag() -> UInt32? {
    let metadata = Self.metadata
    // MetadataKind.def: 0x201 is an enum, 0x202 an Optional.
    guard metadata.load(as: UInt.self) == 0x201 else { return nil }
    let witnesses = Self.witnesses(metadata)
    let probe = BindingAction<Action.State>._probe()
    let embedded = Action.binding(probe)
    let tag = withUnsafePointer(to: embedded) { Self.getEnumTag(witnesses)($0, metadata) }
    guard Self.project(embedded, metadata, witnesses)?._isSameAction(as: probe) == true else {
      return nil
    }
    return tag
  }

  @inlinable
  static var metadata: UnsafeRawPointer {
    unsafeBitCast(Action.self as Any.Type, to: UnsafeRawPointer.self)
  }

  @inlinable
  static func witnesses(_ metadata: UnsafeRawPointer) -> UnsafeRawPointer {
    metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
  }

  /// Ten pointer-sized witnesses, then `size`, `stride` (pointers), `flags` and
  /// `extraInhabitantCount` (two 32-bit fields): `getEnumTag` is the first enum witness.
  @inlinable
  static func getEnumTag(
    _ witnesses: UnsafeRawPointer
  )
    -> @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  {
    witnesses.load(
      fromByteOffset: 10 * MemoryLayout<UnsafeRawPointer>.size + 2 * 4,
      as: (@convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32).self)
  }

  /// The enum witness after `getEnumTag`.
  @inlinable
  static func destructiveProjectEnumData(
    _ witnesses: UnsafeRawPointer
  )
    -> @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  {
    witnesses.load(
      fromByteOffset: 11 * MemoryLayout<UnsafeRawPointer>.size + 2 * 4,
      as: (@convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void).self)
  }

  /// The binding `action` holds, moved out of a copy (retained): how `init` checks that a probe
  /// comes back as itself.
  private static func project(
    _ action: Action, _ metadata: UnsafeRawPointer, _ witnesses: UnsafeRawPointer
  ) -> BindingAction<Action.State>? {
    let destructiveProjectEnumData = Self.destructiveProjectEnumData(witnesses)
    return withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Action>.size, alignment: MemoryLayout<Action>.alignment
    ) { buffer in
      let copy = buffer.baseAddress!
      copy.initializeMemory(as: Action.self, to: action)
      destructiveProjectEnumData(copy, metadata)
      return copy.bindMemory(to: BindingAction<Action.State>.self, capacity: 1).move()
    }
  }
}
