#!/usr/bin/env bash
# Makes the Debian base image PlayOn's Dockerfile builds on, where no registry serves one: a minimal
# Debian from the machine's own Debian mirror (debootstrap), imported into podman as
# localhost/debian:<suite>. Skipped when that image exists. Prints the image's name. ADR 0055.
#   deploy/image/base.sh [suite]    (default trixie)
set -euo pipefail
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(cd "$(dirname "$0")" && pwd)/containers.conf}"
suite=${1:-trixie}
image=localhost/debian:$suite
if podman image exists "$image"; then
  echo "$image"
  exit 0
fi
mirror=${DEBIAN_MIRROR:-$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1 | awk '{print $2}')}
if [ -z "$mirror" ]; then
  echo 'no Debian mirror: set DEBIAN_MIRROR' >&2
  exit 1
fi
rootfs=$(mktemp -d)
trap 'rm -rf "$rootfs"' EXIT
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >&2
# The packages debootstrap fetched and the package lists: the image's build fetches its own.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
tar -C "$rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - "$image" >&2
echo "$image"
