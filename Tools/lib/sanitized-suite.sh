# Sourced by Tools/sanitize.sh and Tools/flake-check.sh: the one description of how the suite runs
# under a sanitizer.
#
#   use_sanitizer <thread|address>
#
# Sets `sanitizer_build` (the arguments of both `swift build` and `swift test`: the sanitizer, a
# build folder of its own, so that the normal build stays as it is, and the `Host` trait) and `sanitizer_test` (what only
# `swift test` takes), and exports the environment of the run:
# - halt_on_error: the first report fails the run, so a report cannot scroll by unnoticed;
# - --no-parallel: under ThreadSanitizer main-actor work runs about ten times slower, and with every
#   suite started at once the main actor's queue grew past the harness's 30 s wait for an effect's
#   write (two step-assertion tests timed out in CI). Each test still runs its own concurrency;
#   what is given up is only concurrency between unrelated tests. It costs about a minute;
# - UNO_SKIP_OUTSIDE_PACKAGE: the host-kit test's outside package is covered by the plain run.
source Tools/lib/host.sh
use_sanitizer() {
  sanitizer_build=(--sanitize="$1" --scratch-path ".build-$1" "${host_flags[@]}")
  sanitizer_test=(--no-parallel)
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" ASAN_OPTIONS="detect_leaks=0:halt_on_error=1"
  export UNO_SKIP_OUTSIDE_PACKAGE=1
}

# Whether the run's log holds a sanitizer's report.
sanitizer_reported() {
  grep -qE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer" "$1"
}
