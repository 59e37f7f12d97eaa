# Shared shell helpers of the editor tests (sourced by neovim.sh, vscode.sh and run-all.sh).

# Prints the path of a working hlsl-analyzer binary: $HLSL_ANALYZER_SERVER, else builds the
# `server` crate of this repository (debug) and prints target/debug/hlsl-analyzer.
find_server() {
  local bin="${HLSL_ANALYZER_SERVER:-}"
  if [ -z "$bin" ]; then
    if [ ! -f "$ROOT/server/Cargo.toml" ]; then
      echo "editors tests: no server crate in $ROOT and HLSL_ANALYZER_SERVER is not set" >&2
      return 1
    fi
    (cd "$ROOT" && cargo build -q -p server >&2)
    bin="${CARGO_TARGET_DIR:-$ROOT/target}/debug/hlsl-analyzer"
  fi
  if ! "$bin" --version 2>/dev/null | grep -q '^hlsl-analyzer'; then
    echo "editors tests: $bin does not answer --version like hlsl-analyzer" >&2
    return 1
  fi
  printf '%s\n' "$bin"
}
