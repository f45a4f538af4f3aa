#!/usr/bin/env bash
# Fetches real source trees for `npm run bench` from Debian source packages (never used by tests).
# Usage: scripts/fetch-sources.sh [DIR] [PACKAGE...]   (default DIR bench/.cache/src)
set -euo pipefail
dir="${1:-bench/.cache/src}"; shift || true
packages=("$@")
[ ${#packages[@]} -gt 0 ] || packages=(redis openssl)
if [ ! -f /etc/apt/sources.list.d/debian-src.sources ]; then
  sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources > /etc/apt/sources.list.d/debian-src.sources
  apt-get update -qq
fi
mkdir -p "$dir"
cd "$dir"
for package in "${packages[@]}"; do
  if ls -d "$package"-*/ >/dev/null 2>&1; then continue; fi
  # Only the upstream tarball is needed; a mirror may lack the newest .dsc, so failures of the rest are fine.
  apt-get source -qq --download-only "$package" >/dev/null 2>&1 || true
  for tarball in "$package"_*.orig.tar.*; do
    case "$tarball" in *.asc) continue ;; esac
    [ -f "$tarball" ] || continue
    # Unpacked as <package>-<version>, whatever the tarball's own top folder is called.
    version="${tarball#"${package}"_}"
    version="${version%%.orig.tar.*}"
    mkdir -p "$package-$version"
    tar -xf "$tarball" -C "$package-$version" --strip-components=1
  done
  ls -d "$package"-*/ >/dev/null 2>&1 || { echo "could not fetch the source of $package" >&2; exit 1; }
done
ls -d */
