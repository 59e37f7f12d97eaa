#!/usr/bin/env bash
# Runs the VS Code end-to-end test: packages the extension into a .vsix with the server bundled
# (`npm run package`), then drives code-server in Debian's Chromium with vscode_e2e.js.
# Needs tests/editors/install.sh to have run. The server binary: $HLSL_ANALYZER_SERVER, else
# `cargo build -p server`. The screenshot goes to $HLSL_SCREENSHOT (default in $TMPDIR); refresh the
# documentation image with HLSL_SCREENSHOT=docs/vscode-spirv-pane.png. Prints `N passed, M failed` last; exits non-zero on failure.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
. "$ROOT/tests/editors/lib.sh"
PREFIX="${HLSL_EDITORS_PREFIX:-$HOME/.cache/hlsl-analyzer-editors}"
CS="$PREFIX/code-server/node_modules/code-server"
if [ ! -f "$CS/out/node/entry.js" ] || [ ! -d "$PREFIX/driver/node_modules/playwright-core" ] || [ ! -d "$ROOT/vscode-extension/node_modules" ]; then
  echo "vscode.sh: code-server, playwright-core or the extension's packages are missing; run tests/editors/install.sh"
  echo "0 passed, 1 failed"
  exit 1
fi
SERVER="$(find_server)"

t0=$(date +%s%N)
if ! (cd "$ROOT/vscode-extension" && HLSL_ANALYZER_SERVER="$SERVER" npm run --silent package > /tmp/hlsl-vsix-$$.log 2>&1); then
  sed 's/^/# /' /tmp/hlsl-vsix-$$.log; rm -f /tmp/hlsl-vsix-$$.log
  echo "not ok - npm run package builds the .vsix"
  echo "0 passed, 1 failed"
  exit 1
fi
rm -f /tmp/hlsl-vsix-$$.log
VSIX="$ROOT/vscode-extension/hlsl-analyzer.vsix"
echo "ok - npm run package builds the .vsix ($(du -k "$VSIX" | cut -f1) KiB) in $(( ($(date +%s%N) - t0) / 1000000 )) ms"

set +e
node "$ROOT/tests/editors/vscode_e2e.js" --vsix "$VSIX" --code-server "$CS" --playwright "$PREFIX/driver" \
  --screenshot "${HLSL_SCREENSHOT:-${TMPDIR:-/tmp}/hlsl-vscode-spirv-pane.png}" | tee /tmp/hlsl-vscode-$$.out
rc=${PIPESTATUS[0]}
set -e
summary=$(tail -n 1 /tmp/hlsl-vscode-$$.out); rm -f /tmp/hlsl-vscode-$$.out
p=$(( $(echo "$summary" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1/p') + 1 ))
f=$(echo "$summary" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\2/p')
[ -n "$f" ] || { f=1; rc=1; }
echo "# vscode.sh wall time: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
echo "$p passed, $f failed"
[ "$rc" = 0 ] && [ "$f" = 0 ]
