#!/usr/bin/env bash
# Fails if a file in the repository names a path outside it: the development machines have a
# `shared` directory beside the repository, a user's clone has nothing there. Whatever a test or a
# tool needs lives in the repository. (This script names the pattern, so it skips itself.)
set -euo pipefail
cd "$(dirname "$0")/.."
pattern='\.\./shared|shared/(corpora|seeds)|"shared" */ *"(corpora|seeds)"'
if hits=$(git grep -n -E "$pattern" -- ':!Tools/outside-check.sh'); then
  echo "These lines read from outside the repository (a clone has nothing beside it):" >&2
  echo "$hits" >&2
  exit 1
fi
echo "no path outside the repository"
