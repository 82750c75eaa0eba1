#!/usr/bin/env bash
# Builds PlayOn's image with podman, with no registry and no daemon (ADR 0055): the Debian base from
# deploy/image/base.sh, then deploy/Dockerfile from the repository root, with Node, npm and the
# packages from the npm registry this machine uses. Prints the image's name.
#   deploy/image/build.sh [tag]     (default playon:<short commit>, also tagged playon:latest)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
export CONTAINERS_CONF="${CONTAINERS_CONF:-$here/containers.conf}"
tag=${1:-playon:$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo dev)}
base=${PLAYON_BASE_IMAGE:-$("$here/base.sh")}
registry=${NPM_REGISTRY:-$(npm config get registry)}
# The registry's certificate authorities, as npm here trusts them (a secret: kept out of the layers).
cafile=${NPM_CAFILE:-$(npm config get cafile)}
case $cafile in null | undefined | '') cafile=/etc/ssl/certs/ca-certificates.crt ;; esac
# The docker format keeps the HEALTHCHECK (OCI images have no field for it).
podman build \
  --format docker \
  --network host \
  --layers \
  --file "$repo/deploy/Dockerfile" \
  --build-arg "BASE=$base" \
  --build-arg "NPM_REGISTRY=$registry" \
  --secret "id=npm_ca,src=$cafile" \
  --tag "$tag" \
  --tag playon:latest \
  "$repo" >&2
echo "$tag"
