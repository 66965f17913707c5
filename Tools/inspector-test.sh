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
venv=.venv-inspector
if [ ! -x "$venv/bin/python" ] || ! cmp -s Tests/inspector/requirements.txt "$venv/requirements.txt"; then
  rm -rf "$venv"
  if ! python3 -m venv "$venv"; then
    # Debian's python3 has venv in a package of its own.
    if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null; then
      apt-get install -y -q python3-venv
      rm -rf "$venv"
      python3 -m venv "$venv"
    else
      echo "python3 cannot make a virtual environment: install python3-venv (Debian/Ubuntu)" >&2
      exit 1
    fi
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r Tests/inspector/requirements.txt
  cp Tests/inspector/requirements.txt "$venv/requirements.txt"
fi
if [ -z "${UNO_HOST_BINARY:-}" ]; then
  swift build --product uno-host
fi
binary=${UNO_HOST_BINARY:-$(swift build --show-bin-path)/uno-host}
UNO_HOST_BINARY="$binary" "$venv/bin/python" -m unittest discover -s Tests/inspector -v
