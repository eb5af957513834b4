#!/bin/sh
# Refreshes the vendor files of nmap, arp-scan and Wireshark from your own MAC analysis
# service (GET /api/registry/blocks). A file is replaced only when the service's snapshot
# changed (ETag, so an unchanged registry costs a 304), and atomically (readers never see half
# a file). Run it from cron or the systemd timer beside it; see docs/TOOLS.md.
# With --parquet it also fetches the registry for data engines (docs/DATA-ENGINES.md): the
# non-overlapping ranges (mac-ranges.parquet, GET /api/registry/ranges) and the blocks
# (mac-registry.parquet), for DuckDB, Spark, Trino or BigQuery to join against.
# With --postgres it also fetches the ranges as a PostgreSQL script (mac-ranges.sql) and, when
# it changed, loads it with psql (table mac_ranges, function mac_vendor(): one transaction,
# readers go on); a load that fails keeps the previous file and is tried again next run.
#   MAC_SERVICE   the service's base URL (default http://localhost:8080)
#   MAC_REGISTRY_DIR  where the files go (default /var/lib/mac-registry)
#   MAC_PG        psql's connection string (default: libpq's PGHOST, PGDATABASE, PGUSER…)
set -eu
api="${MAC_SERVICE:-http://localhost:8080}/api/registry"
dir="${MAC_REGISTRY_DIR:-/var/lib/mac-registry}"
files="blocks?format=arp-scan:ieee-oui.txt blocks?format=nmap:nmap-mac-prefixes blocks?format=manuf:manuf"
for option in "$@"; do
  case "$option" in
    --parquet) files="$files ranges?format=parquet:mac-ranges.parquet blocks?format=parquet:mac-registry.parquet" ;;
    --postgres) files="$files ranges?format=postgres:mac-ranges.sql" ;;
    *) echo "usage: $0 [--parquet] [--postgres]" >&2; exit 2 ;;
  esac
done
mkdir -p "$dir"
for pair in $files; do
  path=${pair%%:*}
  file=${pair#*:}
  rm -f "$dir/$file.tmp"
  # Without the file, the saved ETag would make curl skip it: start afresh.
  [ -f "$dir/$file" ] || rm -f "$dir/$file.etag"
  curl -fsS --compressed --etag-compare "$dir/$file.etag" --etag-save "$dir/$file.etag" -o "$dir/$file.tmp" "$api/$path"
  if [ -s "$dir/$file.tmp" ] && [ "$file" = mac-ranges.sql ] && ! psql ${MAC_PG:+"$MAC_PG"} -X -q -v ON_ERROR_STOP=1 -f "$dir/$file.tmp"; then
    rm -f "$dir/$file.tmp" "$dir/$file.etag"
    echo "$file: psql could not load it; the previous load stays" >&2
    exit 1
  fi
  if [ -s "$dir/$file.tmp" ]; then
    mv "$dir/$file.tmp" "$dir/$file"
    echo "$file: updated"
  else
    rm -f "$dir/$file.tmp"
    echo "$file: unchanged"
  fi
done
