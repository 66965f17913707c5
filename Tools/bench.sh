#!/usr/bin/env bash
# Runs the benchmarks in release mode; not part of the test command.
#   bash Tools/bench.sh          quick mode (under a minute once built): the key figures as plain
#                                lines, each workload measured against its baselines in one run
#   bash Tools/bench.sh full     the ordo-one/benchmark suite: percentiles, malloc counts
#   bash Tools/bench.sh profile <workload> [iterations]
#                                one workload under callgrind (instruction counts, repeatable);
#                                workloads: send, viewmodel, when10-leaf, when10-root,
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
    swift build -c release --package-path Benchmarks --product UnoQuickBench
    out="$(mktemp /tmp/callgrind.XXXXXX)"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
      "$(swift build -c release --package-path Benchmarks --show-bin-path)/UnoQuickBench" \
      profile "$workload" "${3:-1000}"
    callgrind_annotate --inclusive=yes "$out" | head -60 || true
    echo "full profile: $out"
    ;;
  *)
    echo "usage: bash Tools/bench.sh [quick | full | profile <workload> [iterations]]" >&2
    exit 64
    ;;
esac
