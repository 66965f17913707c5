#!/usr/bin/env bash
# Runs the benchmarks in release mode; not part of the test command.
#   bash Tools/bench.sh          quick mode (under a minute once built): the key figures as plain
#                                lines, each workload measured against its baselines in one run
#   bash Tools/bench.sh full     the ordo-one/benchmark suite: percentiles, malloc counts
#   bash Tools/bench.sh profile <workload> [iterations]
#                                one workload under callgrind (instruction counts, repeatable);
#                                workloads: send, viewmodel, when10-leaf, when10-root, when10-static,
#                                when10-generic, host-counter
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-quick}"
case "$mode" in
  quick)
    swift build -c release --package-path Benchmarks --product UnoQuickBench
    "$(swift build -c release --package-path Benchmarks --show-bin-path)/UnoQuickBench"
    ;;
  full)
    swift package --package-path Benchmarks benchmark --target UnoBenchmarks
    ;;
  profile)
    workload="${2:?name a workload}"
    # A build of its own with DWARF 4 debug information: valgrind 3.19 cannot read the DWARF 5
    # that clang emits for the C code of some dependencies, and gives up on the whole binary.
    flags=(-c release --package-path Benchmarks --product UnoQuickBench
      --scratch-path Benchmarks/.build-profile -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4)
    swift build "${flags[@]}"
    out="$(mktemp /tmp/callgrind.XXXXXX)"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
      "$(swift build "${flags[@]}" --show-bin-path)/UnoQuickBench" profile "$workload" "${3:-1000}"
    callgrind_annotate --inclusive=yes "$out" | head -60 || true
    echo "full profile: $out"
    ;;
  *)
    echo "usage: bash Tools/bench.sh [quick | full | profile <workload> [iterations]]" >&2
    exit 64
    ;;
esac
