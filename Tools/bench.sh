#!/usr/bin/env bash
# Runs the benchmarks in release mode; not part of the test command.
#   bash Tools/bench.sh          quick mode (under a minute once built): the key figures as plain
#                                lines, each workload measured against its baselines in one run
#   bash Tools/bench.sh full     the ordo-one/benchmark suite: percentiles, malloc counts
#   bash Tools/bench.sh profile <workload> [iterations]
#                                one workload under callgrind (instruction counts, repeatable);
#                                workloads: send, send-recording, viewmodel, viewmodel-field,
#                                viewmodel-whole, viewmodel-rows, merge10, when10-leaf, when10-root, when10-static,
#                                when10-generic, when10-same-action, foreach-row, roundtrip,
#                                roundtrip-floor, debounce, restart, shared-read, shared-plain-read, shared-fanout,
#                                host-counter, binding, on-change, form-binding, form-plain, send-inspected, send-inspected-rows, send-inspected-row,
#                                send-inspection-waiting,
#                                dependency-override, dependency-floor, explore-todos
#   bash Tools/bench.sh host [runs]
#                                uno-host end to end, as a user runs it: a release binary reading
#                                200,000 Counter sends from a file on stdin and writing to a pipe;
#                                prints lines per second of each run and the best
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/host.sh
mode="${1:-quick}"
case "$mode" in
  quick)
    swift build -c release --package-path Benchmarks --product UnoQuickBench
    quick="$(swift build -c release --package-path Benchmarks --show-bin-path)/UnoQuickBench"
    "$quick"
    # The round trip and its floor are both four thread wake-ups; on a machine with few cores,
    # how often the scheduler moves those threads between cores changes from one process to the
    # next and swamps the difference. On one CPU nothing moves, so this figure repeats.
    if command -v taskset > /dev/null; then
      taskset -c 0 "$quick" profile roundtrip-ratio 1 | sed 's/$/ (one CPU)/'
    fi
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
  host)
    swift build -c release "${host_flags[@]}" --product uno-host
    binary="$(swift build -c release "${host_flags[@]}" --show-bin-path)/uno-host"
    input="$(mktemp /tmp/uno-host-bench.XXXXXX)"
    trap 'rm -f "$input"' EXIT
    lines=200000
    {
      echo '{"op":"open","feature":"counter"}'
      awk -v n="$lines" 'BEGIN { for (i = 0; i < n; i++) print "{\"op\":\"send\",\"session\":1,\"action\":\"increment\"}" }'
    } > "$input"
    best=0
    for _ in $(seq "${2:-5}"); do
      start=$(date +%s%N)
      "$binary" < "$input" | cat > /dev/null
      end=$(date +%s%N)
      rate=$((lines * 1000000000 / (end - start)))
      echo "uno-host end to end: $rate lines/s ($(((end - start) / 1000000)) ms)"
      [ "$rate" -gt "$best" ] && best=$rate
    done
    echo "uno-host end to end, best of ${2:-5}: $best lines/s"
    ;;
  *)
    echo "usage: bash Tools/bench.sh [quick | full | profile <workload> [iterations] | host [runs]]" >&2
    exit 64
    ;;
esac
