#!/usr/bin/env bash
# node-llama-cpp's CPU build for the llamacpp backend's tests (the README's test command runs this
# after `npm ci`; `npm test` itself downloads nothing). It is not a dependency of ctxbench: its
# default install pulls ~700 MB of CUDA/Vulkan/ARM binaries. It goes into its own folder,
# .llamacpp/ (without optional packages; outside node_modules, so `npm ci` keeps it and a second
# run downloads nothing), and is linked as node_modules/node-llama-cpp, leaving the project's own
# optional packages (esbuild's and resvg's binaries) alone. The test runner restores that link
# when `npm ci` has removed it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then echo "install-llamacpp: no pinned CPU build for $(uname -s)-$(uname -m); the llamacpp tests will skip"; exit 0; fi
dir=.llamacpp
version=3.22.1
if [ ! -f "$dir/node_modules/node-llama-cpp/package.json" ] || ! grep -q "\"version\": \"$version\"" "$dir/node_modules/node-llama-cpp/package.json"; then
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"private": true}' > "$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --no-package-lock --omit=optional "node-llama-cpp@$version" "@node-llama-cpp/linux-x64@$version"
fi
mkdir -p node_modules
ln -sfn ../.llamacpp/node_modules/node-llama-cpp node_modules/node-llama-cpp
