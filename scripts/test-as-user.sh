#!/usr/bin/env bash
# Runs tests again as an ordinary user (CI runs the whole suite as root first): the sandbox's defences
# must hold for both, since a root exec drops to another user and an ordinary one does not. Usage:
#   bash scripts/test-as-user.sh test/exec/attacks.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ]; then
  echo "test-as-user: already an ordinary user ($(id -un)): the suite ran as one"
  exit 0
fi
user=ctxbench-ci
id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
# the checkout must be readable by the user, and its folders searchable on the way to it
if ! runuser -u "$user" -- test -r package.json; then
  echo "test-as-user: $user cannot read $(pwd): run from a checkout others can read (a clone under /tmp)" >&2
  exit 1
fi
exec runuser -u "$user" -- node scripts/run-tests.mjs "$@"
