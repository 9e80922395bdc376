#!/usr/bin/env bash
# The production build as docs/deploy.md deploys it: `npm run build`, the build output copied to a clean
# folder, `npm install --omit=dev` there (no tsx, TypeScript, Vite or esbuild), then the compiled server
# started with NODE_ENV=production on an empty PostgreSQL database (DATABASE_URL). It checks that demo
# data is refused, that the first administrator comes from `admin create-admin` and can sign in, that the
# web app and an API call answer, and how long the start took; then stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL to an empty PostgreSQL database}"
port="${SMOKE_PORT:-3290}"
work="$(mktemp -d "${TMPDIR:-/tmp}/dd-prod-smoke-XXXXXX")"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "== build"
npm run build >/dev/null
mkdir -p "$work/apps/server" "$work/apps/web"
cp -r apps/server/dist "$work/apps/server/dist"
cp -r apps/web/dist "$work/apps/web/dist"

echo "== npm install --omit=dev in a clean copy of the build output"
(cd "$work/apps/server/dist" && npm install --omit=dev --no-audit --no-fund --loglevel=error)
for tool in tsx typescript vite esbuild vitest drizzle-kit; do
  if [ -e "$work/apps/server/dist/node_modules/$tool" ]; then echo "dev tool $tool was installed" >&2; exit 1; fi
done

server="$work/apps/server/dist"
# Only what docs/deploy.md asks an operator to set; nothing inherited from this shell. `exec`: run in the
# background, the server itself is $! (not a subshell that a kill would leave it orphaned behind).
run() {
  exec env -i PATH="$PATH" HOME="$HOME" NODE_ENV=production DATABASE_URL="$DATABASE_URL" \
    JWT_SECRET="$(printf 'j%.0s' {1..40})" DATA_KEY="$(printf 'a%.0s' {1..64})" \
    PUBLIC_URL="http://127.0.0.1:$port" PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" LOG_LEVEL=warn "$@"
}

echo "== demo data is refused in production"
if out="$(run SEED_DEMO=true node "$server/main.js" 2>&1)"; then echo "started with SEED_DEMO=true" >&2; exit 1; fi
grep -q 'SEED_DEMO: demo data is never created in production' <<<"$out"

start_server() {
  if curl -s "http://127.0.0.1:$port/readyz" >/dev/null; then echo "port $port is taken" >&2; exit 1; fi
  local started
  started=$(date +%s%N)
  run node "$server/main.js" >"$work/server.log" 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null || [ $(( ($(date +%s%N) - started) / 1000000000 )) -gt 60 ]; then
      cat "$work/server.log" >&2; echo "the server did not become ready" >&2; exit 1
    fi
    sleep 0.02
  done
  echo "ready in $(( ($(date +%s%N) - started) / 1000000 )) ms ($1)"
}
stop_server() {
  kill "$pid"
  wait "$pid" || true
  pid=""
}

echo "== start"
start_server "migrations applied first on this empty database"

echo "== the first administrator, a page and an API call"
# Read whole before grep: `grep -q` stops at the first match and curl would fail on the closed pipe.
page="$(curl -sf "http://127.0.0.1:$port/")"
grep -q '<title>Direct Docs' <<<"$page"
link="$( (run node "$server/admin-cli.js" create-admin ops@records.example) | grep -o 'http://[^ ]*token=[^ ]*')"
SMOKE_LINK="$link" node --input-type=module -e '
const link = new URL(process.env.SMOKE_LINK);
const base = link.origin;
const userId = link.pathname.split("/")[2];
const password = "Smoke-Test-Pass-1";
const post = (path, body) =>
  fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const reset = await post(`/users/resetPassword/${userId}/`, { password, token: link.searchParams.get("token") });
if (reset.status !== 200) throw new Error(`password from the one-time link: ${reset.status} ${await reset.text()}`);
const login = await post("/users/token/", { email: "ops@records.example", password });
if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
const me = await fetch(base + "/users/user/", { headers: { authorization: `Bearer ${(await login.json()).access}` } });
const body = await me.json();
if (me.status !== 200 || !body.is_admin_user) throw new Error(`/users/user/: ${me.status} ${JSON.stringify(body)}`);
console.log(`signed in as ${body.email}, an administrator`);
'
echo "== stop, and a cold start on the migrated database"
stop_server
start_server "cold start, migrated database"
stop_server
echo "== production build smoke passed"
