#!/usr/bin/env bash
# Checks a built PlayOn image the way a first deploy would trip on it (ADR 0055):
#   deploy/image/check.sh <image>
# - it runs the pinned Node (package.json's "node"), as a user that is not root;
# - it carries a health check (docker format), and no settings or secrets (no *.env, no .env*);
# - with NODE_ENV=production and no settings, it refuses to start and names what is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
image=${1:?usage: deploy/image/check.sh <image>}
run() { podman run --rm --network host --health-cmd none "$image" "$@"; }
fail() {
  echo "image check failed: $*" >&2
  exit 1
}

pinned=$(node -p "require('$repo/package.json').devDependencies.node")
node_version=$(run node --version)
[ "$node_version" = "v$pinned" ] || fail "the image runs Node $node_version, package.json pins $pinned"
uid=$(run id -u)
[ "$uid" != 0 ] || fail 'the image runs as root'
healthcheck=$(podman image inspect --format '{{json .Config.Healthcheck}}' "$image")
case $healthcheck in *api/health*) ;; *) fail "no health check on /api/health (got $healthcheck)" ;; esac
secrets=$(run find / -xdev \( -name '*.env' -o -name '.env' -o -name '.env.*' -o -name '*.pem' -o -name '.npmrc' \) -not -path '/etc/*' -not -path '/usr/*' -print 2>/dev/null || true)
[ -z "$secrets" ] || fail "settings or secrets in the image: $secrets"

# Production without its settings: a non-zero exit naming them, never a server started on defaults.
set +e
refusal=$(podman run --rm --network host --env PORT=3999 "$image" 2>&1)
status=$?
set -e
[ "$status" != 0 ] || fail 'NODE_ENV=production started without any settings'
case $refusal in
  *BETTER_AUTH_SECRET*) ;;
  *) fail "the refusal does not name the missing settings: $refusal" ;;
esac

size=$(podman image inspect --format '{{.Size}}' "$image")
echo "image ok: $image, Node $node_version, uid $uid, $((size / 1000000)) MB, refuses production without settings"
