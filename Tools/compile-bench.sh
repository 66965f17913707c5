#!/usr/bin/env bash
# The compile-time benchmark: generates an app of the shapes a real app has (a root with many
# stored and optional children, lists and a stack; enums of screens and of destinations; rows of
# rows; a recursive feature; a root with bindings, onChange, Debounce and dependencies), builds
# it against this repository (debug), and prints, for each shape, the slowest body the compiler
# type-checked and its time, read from the compiler itself (`-debug-time-function-bodies`), then
# the app's rebuild after a one-line change to a feature, and, when the app's build folder is
# new, its first build from nothing. It runs the app, which sends to a child, a row and a screen
# of every shape and fails if a state is wrong. docs/performance.md ("Compile time") keeps the
# figures with their targets.
#
# Usage: bash Tools/compile-bench.sh [--dir DIR] [--fresh] [--largest] [--no-rebuild] [SHAPE ...]
#   SHAPE as Tools/compile-bench/generate.py describes it (`root:12,8,2,30`, `screens:30`, ...);
#   without any, the ladder below: each size twice the one before, to show how the time grows.
#   --largest: only the largest shape of each kind, the sizes of a real app (what CI builds).
#   --no-rebuild: no rebuilds after a one-line change (each costs a minute; CI skips them).
#   --dir DIR: where the app lives (default .build-compile-bench). Its build folder is the one the
#   packages outside the root share (.build-outside, Tools/lib/outside-build.sh), kept, so that a
#   second run rebuilds only the app. --fresh: remove DIR and that folder first, to measure the
#   first build.
#   --settings main-actor-5|main-actor-6: the app's modules in a new app project's settings
#   (default actor isolation `MainActor`; docs/new-projects.md), in a folder of their own
#   (.build-compile-bench-SETTINGS unless --dir says).
# Times are the compiler's on this machine; they are reported, never asserted (CI fails only if
# a shape does not compile or does not run).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
dir=$repo/.build-compile-bench
fresh=0
rebuild=1
dir_given=0
settings=
shapes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir=$(realpath -m "$2"); dir_given=1; shift 2 ;;
    --fresh) fresh=1; shift ;;
    --no-rebuild) rebuild=0; shift ;;
    --settings) export COMPILE_BENCH_SETTINGS="$2"; settings=$2; shift 2 ;;
    --largest) shapes+=(root:12,8,2,30 screens:30 destinations:20 nested:3 recursive rich:12,8); shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) shapes+=("$1"); shift ;;
  esac
done
# A setting's app lives in a folder of its own unless --dir names one.
[ -n "$settings" ] && [ "$dir_given" -eq 0 ] && dir="$dir-$settings"
if [ ${#shapes[@]} -eq 0 ]; then
  shapes=(
    root:3,2,1,5 root:6,4,1,10 root:12,8,2,30 root:24,16,2,30
    screens:10 screens:20 screens:30 screens:60
    destinations:10 destinations:20
    nested:3 recursive rich:12,8
  )
fi
source Tools/lib/outside-build.sh
[ "$fresh" -eq 1 ] && rm -rf "$dir" "$outside_build"
python3 Tools/compile-bench/generate.py "$dir" "${shapes[@]}"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The bodies' times come from `-debug-time-function-bodies`, which the app's modules ask for in
# their own settings (Tools/compile-bench/generate.py).
build() { swift build --package-path "$dir" "${outside_flags[@]}" "$@" >"$log" 2>&1 || { cat "$log"; exit 1; }; }

if [ ! -d "$outside_build" ]; then
  # The bodies' times come from the first build (a build of its own for them would cost CI a
  # minute); the library's modules compile beside the app's there, so they are the less steady.
  started=$(date +%s%N)
  build
  echo "first build of the app from nothing (the library and its packages too): $(( ($(date +%s%N) - started) / 1000000000 )) s"
else
  # Every shape's file compiled again, for its bodies' times, one compile job at a time: with two
  # modules type-checked at once on the 2-core machine, a body's time doubled from one run to the
  # next (the 12 + 8 root in Swift 5 with default isolation MainActor: 60 to 125 ms; one job at a
  # time, 60 to 77 ms in seven runs in both MainActor settings, 2026-12-07).
  touch "$dir"/Sources/*/*.swift
  build -j 1
fi
printf '\n%-20s %10s %11s  %s\n' shape slowest 'all bodies' 'slowest body'
for file in "$dir"/Sources/*/*.swift; do
  name=$(basename "$file" .swift)
  [ "$name" = main ] && continue
  # Lines are "12.34ms<TAB>where<TAB>getter R12x8x2x30.(file).R12x8x2x30_Root.body.getter@…";
  # a macro's expansion has no file of its own, so a body is the shape's by its prefix. A body
  # listed more than once (each frontend job that needs it) counts once, with its largest time.
  awk -F'\t' -v prefix="(file).${name}_" '
    /^[0-9.]+ms\t/ && index($3, prefix) {
      ms = $1; sub(/ms$/, "", ms); split($3, d, "@"); key = d[1]
      if (!(key in t) || ms + 0 > t[key]) t[key] = ms + 0
    }
    END {
      for (k in t) { all += t[k]; if (t[k] >= max) { max = t[k]; what = k } }
      sub(/.*\(file\)\./, "", what)
      printf "%.1f\t%.1f\t%s\n", max, all, what
    }' "$log" | while IFS=$'\t' read -r max all what; do
      printf '%-20s %7s ms %8s ms  %s\n' "$name" "$max" "$all" "$what"
    done
done

# A one-line change to one feature's body, rebuilt: in the first root (a module with all of its
# children, every screen of its stack and their macros' expansions) and in the recursive feature (a
# module of one feature). Each shape is a module of its own, as an app keeps its features in
# modules: a change recompiles its file, its module's interface (every declaration and macro of
# the module, checked again) and relinks the app.
for first in $(ls "$dir"/Sources/R*/R*.swift 2>/dev/null | head -1) \
  "$dir"/Sources/Rec/Rec.swift; do
  [ "$rebuild" -eq 1 ] && [ -f "$first" ] || continue
  sed -i '0,/state.count += 1/s//state.count += 1 + 0/' "$first"
  started=$(date +%s%N)
  build
  echo "rebuild after a one-line change to a feature in $(basename "$first"): $(( ($(date +%s%N) - started) / 1000000 )) ms"
done
# Back to the generated text (the next run compiles every file again anyway).
python3 Tools/compile-bench/generate.py "$dir" "${shapes[@]}"

"$outside_build"/debug/CompileBenchApp
