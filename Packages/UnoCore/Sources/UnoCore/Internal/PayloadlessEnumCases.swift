/// The cases of an enum without payloads, read from its layout: the coding keys of an enum with
/// synthesized coding (an action type's cases, as UnoPlugin's schema reader and UnoTesting's
/// exploration list them), or a raw-value enum that is not `CaseIterable`.
///
/// Swift lays such an enum out as its case's index in declaration order, in one byte (none for a
/// single case), and `Optional`'s `nil` takes the first value after the last case: so the cases are
/// listed by index, and their count read from `nil`. A type laid out otherwise (a custom
/// `CodingKey` struct) is not such an enum.
@_spi(Internals) public enum PayloadlessEnumCases {
  /// How many cases `Key` has, or `nil` when it is not laid out as such an enum.
  public static func count<Key>(_: Key.Type) -> Int? {
    // One case takes no bytes; neither does an enum without cases, whose `Optional` has one
    // value only.
    if MemoryLayout<Key>.size == 0 { return MemoryLayout<Key?>.size == 0 ? 0 : 1 }
    guard MemoryLayout<Key>.size == 1, MemoryLayout<Key?>.size == 1 else { return nil }
    let none: Key? = nil
    return Int(unsafeBitCast(none, to: UInt8.self))
  }

  /// The case of `Key` at `index` (below ``count(_:)``).
  public static func key<Key>(_: Key.Type, at index: Int) -> Key {
    if MemoryLayout<Key>.size == 0 { return unsafeBitCast((), to: Key.self) }
    return unsafeBitCast(UInt8(index), to: Key.self)
  }

  /// Every case of `Key`, in declaration order, or `nil`.
  public static func all<Key>(_ type: Key.Type) -> [Key]? {
    count(type).map { count in (0..<count).map { key(type, at: $0) } }
  }
}
