#!/usr/bin/env bash
# System packages ctxbench needs at run and test time: bubblewrap (the execution sandbox),
# Chromium (the viewer's end-to-end tests), and the toolchains of the execution fixtures
# (make, gcc/g++, CMake, a JDK; gcov comes with gcc), and redis-server (the queue's tests start one:
# `exec --queue`, `ctxbench worker`). Installs only what is missing; needs root (or sudo).
set -euo pipefail
missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
command -v prlimit >/dev/null 2>&1 || missing+=(util-linux)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
# Another apt or dpkg (unattended upgrades, a parallel setup) may hold the locks: wait for them up
# to ten minutes instead of failing at once. `install` waits by itself (DPkg::Lock::Timeout);
# `update` ignores that option for the package lists' lock, so it is retried while the lock is held.
LOCK_WAIT=600
for ((waited = 0; ; waited += 5)); do
  if err=$($SUDO apt-get update -qq 2>&1); then break; fi
  if ! grep -q "Could not get lock" <<<"$err" || [ "$waited" -ge "$LOCK_WAIT" ]; then echo "$err" >&2; exit 1; fi
  [ "$waited" -eq 0 ] && echo "setup-system: apt's package lists are locked by another process; waiting up to ${LOCK_WAIT}s" >&2
  sleep 5
done
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=$LOCK_WAIT "${missing[@]}" >/dev/null
