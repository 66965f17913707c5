/// Calls `body` with a stored property of `root`, in place, reached through its byte offset
/// rather than through the key path runtime (whose generic projection was most of the cost of a
/// `when` level). `When` and `_ForEach` use it for a child state held in a stored property.
///
/// Why it is sound: `offset` comes from `MemoryLayout<Root>.offset(of:)`, which is non-nil only
/// for a key path to a stored property held inline, and for such a key path its documentation
/// makes accessing the value through the key path and through a pointer at the offset
/// equivalent. The pointer does not outlive the call, and `root` is `inout`, so nothing else can
/// reach it while `body` runs.
@inlinable @inline(__always)
func withStoredProperty<Root, Value, Result>(
  of root: inout Root, at offset: Int, as _: Value.Type, _ body: (inout Value) -> Result
) -> Result {
  withUnsafeMutableBytes(of: &root) { bytes in
    body(&bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
  }
}
