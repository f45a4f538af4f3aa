#!/usr/bin/env bash
# node-llama-cpp's CPU build for the llamacpp backend's tests. It is not a dependency of ctxbench:
# its default install pulls ~700 MB of CUDA/Vulkan/ARM binaries. It is installed into its own folder
# (node_modules/.llamacpp, without optional packages) and linked as node_modules/node-llama-cpp, so
# the project's own optional packages (esbuild's and resvg's binaries) are left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then echo "install-llamacpp: no pinned CPU build for $(uname -s)-$(uname -m); the llamacpp tests will skip"; exit 0; fi
dir=node_modules/.llamacpp
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"private": true}' > "$dir/package.json"
npm install --prefix "$dir" --no-audit --no-fund --no-package-lock --omit=optional node-llama-cpp@3.22.1 @node-llama-cpp/linux-x64@3.22.1
ln -sfn .llamacpp/node_modules/node-llama-cpp node_modules/node-llama-cpp
