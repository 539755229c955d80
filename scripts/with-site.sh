#!/usr/bin/env bash
# Runs a command against the built site served by `wrangler dev` (workerd, like production),
# then stops the server:   scripts/with-site.sh PORT COMMAND...
# Used by `make test` for the browser tests and Lighthouse. Only 127.0.0.1 is touched.
set -euo pipefail
cd "$(dirname "$0")/.."
port=$1
shift
log=.cache/wrangler-e2e.log
mkdir -p .cache
# The worker's settings from this environment (the tests set a fake EmailJS).
scripts/worker-env.sh .cache/e2e.env
# Node 24 from package.json (wrangler needs it), also for the command run.
export PATH="$PWD/node_modules/.bin:$PATH"
WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false XDG_CONFIG_HOME="$PWD/.cache/wrangler-config" \
    node_modules/.bin/wrangler dev --ip 127.0.0.1 --port "$port" --persist-to .wrangler/e2e-state \
    --env-file .cache/e2e.env --test-scheduled \
    --show-interactive-dev-session=false >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
# Up to 5 minutes: wrangler first runs the worker build (wrangler.toml [build]).
for _ in $(seq 600); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "with-site: wrangler dev exited" >&2; exit 1; }
    sleep 0.5
done
curl -fsS -o /dev/null "http://127.0.0.1:$port/" || { cat "$log" >&2; echo "with-site: no answer on port $port" >&2; exit 1; }
E2E_PORT=$port LIGHTHOUSE_URL="http://127.0.0.1:$port" "$@"
