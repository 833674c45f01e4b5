#!/usr/bin/env bash
# Restarts the Cogwork instances behind nginx one at a time, so that every request is answered:
# for each instance, mark it `down` in nginx's upstream list and reload nginx (new requests go to
# the others), wait for nginx's old workers to finish what they had started, restart the instance
# (SIGTERM: it answers what is in flight, then exits), wait until it is ready, mark it up, reload.
#
#   deploy/rolling-restart.sh [port …]     (default: every port in the upstream list)
#
# Settings, from the environment ({port} stands for the instance's port):
#   UPSTREAM_FILE  the upstream list            (/etc/nginx/cogwork/upstream.conf)
#   NGINX_RELOAD   how to reload nginx          (nginx -s reload)
#   RESTART        how to restart one instance  (systemctl restart cogwork@{port}); must return
#                  once the old process has exited and the new one was started
#   READY_URL      the instance's readiness     (http://127.0.0.1:{port}/api/ready)
#   READY_SECONDS  how long to wait for it      (120)
set -euo pipefail

UPSTREAM_FILE="${UPSTREAM_FILE:-/etc/nginx/cogwork/upstream.conf}"
NGINX_RELOAD="${NGINX_RELOAD:-nginx -s reload}"
RESTART="${RESTART:-"systemctl restart cogwork@{port}"}"
READY_URL="${READY_URL:-"http://127.0.0.1:{port}/api/ready"}"
READY_SECONDS="${READY_SECONDS:-120}"

say() { printf '%s rolling restart: %s\n' "$(date -u +%H:%M:%S)" "$*"; }
for_port() {
  local placeholder='{port}'
  printf '%s' "${1//"$placeholder"/$2}"
}

# `server host:port [down] options;` lines of the upstream list.
mark() {
  local port="$1" state="$2" flag=""
  [ "$state" = down ] && flag=" down"
  sed -i -E "s/^([[:space:]]*server[[:space:]]+[^[:space:];]+:${port})( down)?([[:space:];])/\\1${flag}\\3/" "$UPSTREAM_FILE"
}

# The pids of nginx's worker processes (their title starts "nginx: worker process").
nginx_workers() {
  local file
  for file in /proc/[0-9]*/cmdline; do
    grep -qaE '^nginx: worker process' "$file" 2>/dev/null && basename "$(dirname "$file")"
  done
  return 0
}

reload_nginx() {
  # `nginx -s reload` only signals the master and returns: the workers running now may go on
  # opening connections to the instance about to restart until the master has started new ones and
  # they have finished what they had started. So wait until each of them has exited, rather than
  # looking for "shutting down", which a worker not yet told would not show.
  local old_workers
  old_workers="$(nginx_workers)"
  bash -c "$NGINX_RELOAD"
  local waited=0 pid
  for pid in $old_workers; do
    while [ -e "/proc/$pid" ] && grep -qaE '^nginx: worker process' "/proc/$pid/cmdline" 2>/dev/null; do
      if [ "$waited" -ge 300 ]; then
        say "nginx's old workers still busy after 60 s; going on"
        return 0
      fi
      sleep 0.2
      waited=$((waited + 1))
    done
  done
}

is_ready() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(5000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"
}

ports=("$@")
if [ "${#ports[@]}" -eq 0 ]; then
  mapfile -t ports < <(grep -oE '^[[:space:]]*server[[:space:]]+[^[:space:];]+:[0-9]+' "$UPSTREAM_FILE" | grep -oE '[0-9]+$')
fi
if [ "${#ports[@]}" -lt 2 ]; then
  say "needs at least two instances (found ${#ports[@]} in $UPSTREAM_FILE): the others answer while one restarts"
  exit 1
fi

for port in "${ports[@]}"; do
  say "instance $port: out of nginx's list"
  mark "$port" down
  reload_nginx
  say "instance $port: restarting"
  bash -c "$(for_port "$RESTART" "$port")"
  url="$(for_port "$READY_URL" "$port")"
  deadline=$((SECONDS + READY_SECONDS))
  until is_ready "$url"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      say "instance $port not ready after ${READY_SECONDS} s; it stays out of nginx's list, the restart stops here"
      exit 1
    fi
    sleep 0.5
  done
  mark "$port" up
  reload_nginx
  say "instance $port: ready and back in nginx's list"
done
say "done: ${ports[*]}"
