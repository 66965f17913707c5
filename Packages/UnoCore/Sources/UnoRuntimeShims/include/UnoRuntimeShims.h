// Entry points of the Swift runtime that the language does not expose, for UnoCore.

#ifndef UNO_RUNTIME_SHIMS_H
#define UNO_RUNTIME_SHIMS_H

#include <time.h>

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

/// Now on the clock that `ContinuousClock` reads (it counts time asleep), in nanoseconds from an
/// origin fixed for the process.
///
/// In C, so that the `@inlinable` code that reads it names no C type: `timespec` in Swift is
/// whichever module declares it first in the importing app's graph (CoreFoundation's, once
/// swift-dependencies' default traits bring combine-schedulers and CoreFoundation in), and an
/// inlinable function may not use a type from a module its file does not import.
static inline long long uno_continuous_nanoseconds(void) {
  struct timespec time;
#if defined(__APPLE__)
  clock_gettime(CLOCK_MONOTONIC_RAW, &time);
#else
  clock_gettime(CLOCK_BOOTTIME, &time);
#endif
  return (long long)time.tv_sec * 1000000000LL + (long long)time.tv_nsec;
}

/// The processor's counter of ticks at a constant rate (x86's time-stamp counter, ARM's virtual
/// counter), or `uno_continuous_nanoseconds()` where there is none: a third of the clock's cost
/// on a virtual machine, for timing each change an inspector is shown (the main actor pays it).
/// Ticks become nanoseconds off the main actor, against the clock (`InspectionClock`).
static inline unsigned long long uno_ticks(void) {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  unsigned long long ticks;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(ticks));
  return ticks;
#else
  return (unsigned long long)uno_continuous_nanoseconds();
#endif
}

#endif
