# Sourced by the scripts that run Python test suites against the built uno-host (mcp-test.sh,
# inspector-test.sh): one virtual environment per suite, and the run.
source Tools/lib/host.sh

# Makes the virtual environment `$1` with the packages pinned in `$2`, unless it already has
# exactly those pins (it is made again whenever they change).
ensure_venv() {
  local venv=$1 requirements=$2
  if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
    return
  fi
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
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.txt"
}

# Runs the unittest suites in the folder `$2` with the virtual environment `$1`'s Python, against
# $UNO_HOST_BINARY, or the uno-host built now when it is not set.
run_python_suite() {
  local venv=$1 folder=$2
  if [ -z "${UNO_HOST_BINARY:-}" ]; then
    swift build "${host_flags[@]}" --product uno-host
  fi
  local binary=${UNO_HOST_BINARY:-$(swift build "${host_flags[@]}" --show-bin-path)/uno-host}
  UNO_HOST_BINARY="$binary" "$venv/bin/python" -m unittest discover -s "$folder" -v
}
