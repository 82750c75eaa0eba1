#!/usr/bin/env bash
# Restores a backup of scripts/backup/backup.sh into a fresh, empty database (docs/backups.md):
# pg_restore, then PlayOn's own `npm run migrate` (nothing to do, or only the migrations newer than
# the backup), the uploads back into DATA_DIR/uploads, and the ledger's audit.
#
#   DATABASE_URL=postgres://.../playon_restored DATA_DIR=/srv/playon/a scripts/backup/restore.sh /srv/backups/playon-20261201T020000Z
#
# DATABASE_URL names the database to fill: create it first (createdb, or the provider's console); a
# database holding any table is refused. DATA_DIR/uploads must be missing or empty. Exits 1, saying
# why, when anything does not check out; nothing it prints holds a password.
set -euo pipefail

fail() {
  printf 'restore: %s\n' "$1" >&2
  exit 1
}

[ $# -eq 1 ] || fail 'usage: scripts/backup/restore.sh <backup folder>'
backup=$1
[ -n "${DATABASE_URL:-}" ] || fail 'DATABASE_URL is not set: it names the fresh, empty database to restore into'
for tool in pg_restore psql sha256sum; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (Debian: apt-get install postgresql-client)"
done
[ -f "$backup/database.dump" ] || fail "$backup holds no database.dump"
(cd "$backup" && sha256sum --check --quiet SHA256SUMS) || fail "$backup does not match its SHA256SUMS: damaged or incomplete"

root=$(cd "$(dirname "$0")/../.." && pwd)
data_dir=${DATA_DIR:-$root/data}
sql() { psql --no-psqlrc --quiet --tuples-only --no-align --set ON_ERROR_STOP=1 --dbname="$DATABASE_URL" --command="$1"; }

# Refused before anything is written: a restore never mixes with data already there.
relations=$(sql "select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%'")
[ "$relations" = 0 ] || fail "the database to restore into is not empty ($relations tables, views or sequences): create a fresh one"
if [ -f "$backup/uploads.tar.gz" ] && [ -n "$(ls -A "$data_dir/uploads" 2>/dev/null)" ]; then
  fail "$data_dir/uploads is not empty: restore the uploads into a fresh DATA_DIR"
fi

# One transaction: a restore that fails half-way leaves the database empty, not half-filled.
pg_restore --exit-on-error --single-transaction --no-owner --no-acl --dbname="$DATABASE_URL" "$backup/database.dump"
in_backup=$(sql 'select count(*) from drizzle.__drizzle_migrations')
shipped=$(node -e 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).entries.length))' \
  "$root/apps/server/drizzle/meta/_journal.json")
[ "$in_backup" -le "$shipped" ] ||
  fail "the backup comes from a newer PlayOn ($in_backup migrations; this checkout ships $shipped): restore with that release"
(cd "$root" && npm run --silent migrate)
now=$(sql 'select count(*) from drizzle.__drizzle_migrations')
printf 'restore: database restored; %s migrations in the backup, %s newer applied by npm run migrate\n' \
  "$in_backup" "$((now - in_backup))"

if [ -f "$backup/uploads.tar.gz" ]; then
  mkdir -p "$data_dir"
  tar -C "$data_dir" -xzf "$backup/uploads.tar.gz"
  printf 'restore: uploads put back in %s/uploads (%s files)\n' "$data_dir" "$(find "$data_dir/uploads" -type f | wc -l)"
elif [ -f "$backup/uploads-in-s3.txt" ]; then
  printf 'restore: the uploads are in a bucket, not in this backup:\n' >&2
  cat "$backup/uploads-in-s3.txt" >&2
fi

# The ledger's audit (docs/operations.md): every entry balanced, every wallet equal to its postings
# and not below zero.
unbalanced=$(sql 'select count(*) from (select entry_id from postings group by entry_id having sum(amount) <> 0) e')
misstated=$(sql "select count(*) from (select a.id from ledger_accounts a left join postings p on p.account_id = a.id
  where a.kind = 'WALLET' group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)) w")
negative=$(sql "select count(*) from ledger_accounts where kind = 'WALLET' and balance < 0")
if [ "$unbalanced$misstated$negative" != 000 ]; then
  fail "the restored ledger does not check out: $unbalanced unbalanced entries, $misstated wallets whose balance is not the sum of their postings, $negative wallets below zero"
fi
printf 'restore: the ledger checks out (%s entries, %s wallets)\n' \
  "$(sql 'select count(*) from journal_entries')" "$(sql "select count(*) from ledger_accounts where kind = 'WALLET'")"
