#!/usr/bin/env bash
# Runs the MCP end-to-end tests (Tests/mcp): the built uno-host driven by the official Python MCP
# SDK, pinned in Tests/mcp/requirements.txt and installed into the virtual environment .venv-mcp
# (made again whenever the pin changes). Tools/test.sh runs this after the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/python-tests.sh
ensure_venv .venv-mcp Tests/mcp/requirements.txt
run_python_suite .venv-mcp Tests/mcp
