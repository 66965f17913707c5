#!/usr/bin/env bash
# Runs the MCP end-to-end tests (Tests/mcp): the built uno-host driven by the official Python MCP
# SDK, pinned in Tests/mcp/requirements.txt and installed into the virtual environment .venv-mcp
# (made again whenever the pin changes). Tools/test.sh runs this after the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv-mcp
if [ ! -x "$venv/bin/python" ] || ! cmp -s Tests/mcp/requirements.txt "$venv/requirements.txt"; then
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
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r Tests/mcp/requirements.txt
  cp Tests/mcp/requirements.txt "$venv/requirements.txt"
fi
if [ -z "${UNO_HOST_BINARY:-}" ]; then
  swift build --product uno-host
fi
binary=${UNO_HOST_BINARY:-$(swift build --show-bin-path)/uno-host}
UNO_HOST_BINARY="$binary" "$venv/bin/python" -m unittest discover -s Tests/mcp -v
