#!/usr/bin/env bash
# PlayOn's backup (docs/backups.md): the PostgreSQL database as pg_dump's custom format, then the
# upload store, into one new folder named after the time, inside the folder given.
#
#   scripts/backup/backup.sh /srv/backups        prints the new folder, e.g. /srv/backups/playon-20261201T020000Z
#
# Reads the server's own settings from the environment: DATABASE_URL, DATA_DIR (uploads in
# DATA_DIR/uploads) or S3_BUCKET with S3_PREFIX and S3_ENDPOINT (uploads in a bucket, which this
# script does not copy: it writes the command that does). pg_dump must be of PostgreSQL's major
# version or newer. Nothing it prints or writes holds a password.
set -euo pipefail

fail() {
  printf 'backup: %s\n' "$1" >&2
  exit 1
}

[ $# -eq 1 ] || fail 'usage: scripts/backup/backup.sh <folder to write the backup in>'
[ -n "${DATABASE_URL:-}" ] ||
  fail 'DATABASE_URL is not set. The embedded database (DATA_DIR/db) is backed up by stopping the server and copying DATA_DIR whole.'
command -v pg_dump >/dev/null || fail 'pg_dump is not installed (Debian: apt-get install postgresql-client)'

root=$(cd "$(dirname "$0")/../.." && pwd)
data_dir=${DATA_DIR:-$root/data}
name="playon-$(date -u +%Y%m%dT%H%M%SZ)"
backup="$1/$name"
[ ! -e "$backup" ] || fail "$backup exists already"
# The dump holds players' personal data and the ledger: readable by this user alone.
umask 077
mkdir -p "$1"
# Written under a temporary name and renamed once whole: a folder named playon-* is a complete backup.
partial="$1/.$name.partial"
rm -rf "$partial"
mkdir "$partial"
trap 'rm -rf "$partial"' EXIT

# One consistent snapshot of the whole database, however many payments are being written meanwhile.
pg_dump --format=custom --file="$partial/database.dump" --dbname="$DATABASE_URL"
pg_restore --list "$partial/database.dump" >/dev/null || fail 'the dump cannot be read back'

# After the dump: every file a row of the dump points at was there before it (uploads are only added
# or deleted, never changed), so only a file deleted in between can be missing.
if [ -n "${S3_BUCKET:-}" ]; then
  endpoint=${S3_ENDPOINT:+ --endpoint-url $S3_ENDPOINT}
  cat >"$partial/uploads-in-s3.txt" <<NOTE
The uploads are in the bucket s3://$S3_BUCKET/${S3_PREFIX:-}, which this backup does not hold.
Keep the bucket versioned and copied elsewhere (docs/backups.md). A copy of it, taken now:
  aws s3 sync$endpoint s3://$S3_BUCKET/${S3_PREFIX:-} ./uploads/
NOTE
  printf 'backup: the uploads stay in s3://%s/%s (see uploads-in-s3.txt)\n' "$S3_BUCKET" "${S3_PREFIX:-}" >&2
elif [ -d "$data_dir/uploads" ]; then
  tar -C "$data_dir" -czf "$partial/uploads.tar.gz" uploads
else
  printf 'No uploads: %s/uploads did not exist when this backup was taken.\n' "$data_dir" >"$partial/no-uploads.txt"
fi

(cd "$partial" && sha256sum -- * >SHA256SUMS)
mv "$partial" "$backup"
trap - EXIT
printf '%s\n' "$backup"
