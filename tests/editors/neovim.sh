#!/usr/bin/env bash
# Runs the Neovim end-to-end test (neovim_test.lua) in a headless Neovim against the language
# server: a fresh temporary workspace and XDG dirs, a hard time limit, teardown on exit.
# Neovim: $NVIM_BIN, default nvim. The server binary: $HLSL_ANALYZER_SERVER, else target/debug/hlsl-analyzer after `cargo build -p server`.
# Prints `N passed, M failed` last; exits non-zero on failure.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
. "$ROOT/tests/editors/lib.sh"
NVIM_BIN="${NVIM_BIN:-nvim}"
command -v "$NVIM_BIN" >/dev/null || { echo "neovim.sh: nvim is missing; run tests/editors/install.sh --neovim-only"; echo "0 passed, 1 failed"; exit 1; }
SERVER="$(find_server)"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/hlsl-nvim.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
cp -r "$ROOT/tests/editors/fixtures/workspace" "$TMP/ws"
mkdir -p "$TMP/xdg/config" "$TMP/xdg/data" "$TMP/xdg/state" "$TMP/xdg/cache"
t0=$(date +%s%N)
set +e
env XDG_CONFIG_HOME="$TMP/xdg/config" XDG_DATA_HOME="$TMP/xdg/data" XDG_STATE_HOME="$TMP/xdg/state" \
  XDG_CACHE_HOME="$TMP/xdg/cache" HLSL_ANALYZER_SERVER="$SERVER" HLSL_TEST_FILE="$TMP/ws/lit_ps.hlsl" \
  timeout -k 5 180 "$NVIM_BIN" --headless -u NONE -i NONE -n --cmd "set rtp^=$ROOT/editors/neovim" \
  -c "luafile $ROOT/tests/editors/neovim_test.lua" </dev/null > "$TMP/out.txt" 2> "$TMP/err.txt"
rc=$?
set -e
cat "$TMP/out.txt"
if [ -s "$TMP/err.txt" ]; then echo "# nvim stderr:"; sed 's/^/#   /' "$TMP/err.txt" | head -20; fi
if ! tail -n 1 "$TMP/out.txt" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
  echo "# nvim exited with $rc without a summary; its stderr:"; sed 's/^/#   /' "$TMP/err.txt" | tail -20
  echo "0 passed, 1 failed"
  exit 1
fi
echo "# neovim.sh wall time: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
exit $rc
