#!/usr/bin/env bash
# Fuzzes uno-host's line decoding and dispatch with libFuzzer (and AddressSanitizer), seeded from
# the JSONTestSuite corpus. Not part of the test command.
# Usage: bash Tools/fuzz.sh [seconds]   (default 600)
# A crash, a timeout (one input taking more than 10 s) or memory above 2 GB stops the run and
# leaves the input in .build-fuzz/artifacts/; copy it into
# Apps/uno-host/Tests/UnoHostCoreTests/FuzzRegressions/ so that the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
scratch=.build-fuzz
# Coverage instrumentation and ASan everywhere; libFuzzer without its main, linked in, driven by
# UnoHostFuzz's own main (SwiftPM's --sanitize=fuzzer would give the macro tools a second main).
fuzzer_lib="$(ls "$(dirname "$(command -v swift)")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-*.a | head -1)"
flags=(--product UnoHostFuzz --scratch-path "$scratch" --sanitize=address
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xswiftc -DUNO_FUZZ
  -Xlinker "$fuzzer_lib" -Xlinker -lstdc++)
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/UnoHostFuzz"

# The corpus grows in a folder of its own; the seeds are read-only.
corpus="$scratch/corpus"
mkdir -p "$corpus" "$scratch/artifacts"
seeds=Tests/Fixtures/JSONTestSuite/test_parsing
# Wrap each JSON seed in a send request too, so that the fuzzer starts from lines that reach a
# session, not only from lines the parser rejects.
seeded="$scratch/seeds"
mkdir -p "$seeded"
for file in "$seeds"/*.json; do
  name=$(basename "$file")
  cp "$file" "$seeded/$name"
  { printf '{"op":"open","feature":"counter"}\n{"op":"send","session":1,"action":'; cat "$file"; printf '}\n'; } \
    > "$seeded/send-$name"
done
cp Apps/uno-host/Tests/UnoHostCoreTests/FuzzRegressions/* "$seeded/" 2>/dev/null || true

# SWIFT_BACKTRACE off: a Swift crash goes straight to libFuzzer, which records the input.
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0" "$binary" "$corpus" "$seeded" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -artifact_prefix="$scratch/artifacts/" -print_final_stats=1
