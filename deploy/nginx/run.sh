#!/usr/bin/env sh
# Runs nginx in front of PlayOn's instances, as any user, in the foreground:
#   deploy/nginx/run.sh <prefix dir> <listen> <instance> [<instance>...]
# e.g. deploy/nginx/run.sh /tmp/playon-nginx 8080 127.0.0.1:3001 127.0.0.1:3002
# The prefix directory gets the rendered nginx.conf, nginx.pid, logs/ and tmp/. With
# NGINX_SAY_UPSTREAM=on each answer carries X-PlayOn-Upstream (which instance answered), for the
# cross-instance tests; leave it off in production, where instance addresses are nobody's business.
set -eu
if [ "$#" -lt 3 ]; then
  echo "usage: $0 <prefix dir> <listen> <instance> [<instance>...]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
prefix=$1
listen=$2
shift 2
mkdir -p "$prefix/logs" "$prefix/tmp"
servers=''
for instance in "$@"; do
  servers="$servers    server $instance max_fails=3 fail_timeout=2s;\\
"
done
headers=''
if [ "${NGINX_SAY_UPSTREAM:-off}" = on ]; then
  headers='    add_header X-PlayOn-Upstream $upstream_addr always;'
fi
sed -e "s|@LISTEN@|$listen|" \
  -e "s|@UPSTREAM_SERVERS@|$servers|" \
  -e "s|@EXTRA_HEADERS@|$headers|" \
  "$here/playon.conf.template" >"$prefix/nginx.conf"
# Debian's nginx refuses to start without its default log when run as a user who cannot write
# /var/log/nginx: -e points that early log into the prefix too.
nginx=$(command -v nginx || echo /usr/sbin/nginx)
exec "$nginx" -p "$prefix/" -c "$prefix/nginx.conf" -e "$prefix/logs/error.log" -g 'daemon off;'
