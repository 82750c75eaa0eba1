#!/usr/bin/env bash
# Checks PlayOn's Prometheus rules: syntax and expressions (promtool check rules), then the alerts'
# unit tests (promtool test rules). Installs nothing: promtool comes with Prometheus (Debian's
# `prometheus` package ships it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v promtool >/dev/null 2>&1; then
  echo "deploy/prometheus/check.sh: promtool is not installed. It comes with Prometheus" >&2
  echo "(on Debian or Ubuntu: apt-get install prometheus); then run this again." >&2
  exit 2
fi

cd "$here"
promtool check rules playon.rules.yml
promtool test rules playon.rules.test.yml
