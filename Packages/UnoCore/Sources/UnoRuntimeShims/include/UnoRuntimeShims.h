// Entry points of the Swift runtime that the language does not expose, for UnoCore.

#ifndef UNO_RUNTIME_SHIMS_H
#define UNO_RUNTIME_SHIMS_H

/// Retains the native Swift object at `object` unless its deinitialisation has begun: returns
/// `object`, retained, or `NULL` if it is being (or has been) deinitialised. `object`'s memory
/// must still be allocated: an unowned reference keeps it after the object is released.
///
/// `swift_tryRetain`, which the Swift runtime exports with this signature and the C calling
/// convention on every platform since its ABI became stable (Swift 5). Called from C, because
/// Swift reserves the runtime's symbol names to the compiler.
static inline void *_Nullable uno_try_retain(const void *_Nonnull object) {
  extern void *_Nullable swift_tryRetain(const void *_Nonnull object);
  return swift_tryRetain(object);
}

#endif
