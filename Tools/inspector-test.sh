#!/usr/bin/env bash
# Runs the inspector's browser tests (Tests/inspector): the built uno-host's inspector driven in
# Debian's chromium by Playwright for Python, pinned in Tests/inspector/requirements.txt and
# installed into the virtual environment .venv-inspector (made again whenever the pin changes).
# Playwright launches the system's chromium: it downloads no browser. Tools/test.sh runs this
# after the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium > /dev/null && ! command -v chromium-browser > /dev/null; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null; then
    apt-get update -q > /dev/null
    apt-get install -y -q chromium > /dev/null
  else
    echo "the inspector's tests need a chromium: install Debian's (apt-get install chromium)" >&2
    exit 1
  fi
fi
source Tools/lib/python-tests.sh
# The app that Tests/inspector/test_app_inspector.py connects to the inspector.
swift build "${host_flags[@]}" --product inspected-app
ensure_venv .venv-inspector Tests/inspector/requirements.txt
run_python_suite .venv-inspector Tests/inspector
