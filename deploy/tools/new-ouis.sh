#!/bin/sh
# The "new OUIs" job for an inventory or a SIEM: asks your MAC analysis service for the IEEE
# blocks first seen in the last DAYS days (GET /api/registry/changes, every page), and prints
# one NDJSON line (prefix, registry, name, country, address, firstSeen) for each block it has
# not reported before, on standard output: for a SIEM's file or HTTP input, or an alert.
# A block's date is the day it was first seen in a published registry file, which can be
# before the day the service installed that file: asking for a window, not "since the last
# run", and remembering what was reported (the state file: date, registry, prefix; lines older
# than the window are dropped) reports each block once, even when the service updates late.
# Run it daily from cron or a systemd timer:
#   15 5 * * * MAC_SERVICE=http://mac:8080 /opt/mac/deploy/tools/new-ouis.sh >> /var/log/new-ouis.ndjson
#   MAC_SERVICE      the service's base URL (default http://localhost:8080)
#   NEW_OUIS_STATE   the state file (default /var/lib/mac-registry/new-ouis.reported)
#   NEW_OUIS_DAYS    the window, in days (default 30; the first run reports all of it)
# Exit 0, printing nothing when nothing is new; non-zero when the service cannot be asked (the
# state is then left as it was, so the next run asks again). Needs curl and a POSIX awk.
set -eu
base="${MAC_SERVICE:-http://localhost:8080}/api/registry/changes"
state="${NEW_OUIS_STATE:-/var/lib/mac-registry/new-ouis.reported}"
since=$(date -u -d "${NEW_OUIS_DAYS:-30} days ago" +%Y-%m-%d)
mkdir -p "$(dirname "$state")"
touch "$state"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
offset=0
while :; do
  curl -fsS -H 'Accept: application/x-ndjson' -D "$work/headers" -o "$work/page" "$base?since=$since&limit=1000&offset=$offset"
  cat "$work/page" >> "$work/all"
  total=$(tr -d '\r' < "$work/headers" | sed -n 's/^[Xx]-[Tt]otal-[Cc]ount: *//p')
  offset=$((offset + 1000))
  [ "$offset" -lt "${total:-0}" ] || break
done
touch "$work/all"
# The lines not reported yet, on stdout; the state: what is still in the window, and those.
awk -F '\t' -v since="$since" -v state="$work/state" '
  function field(line, name,   m) { return match(line, "\"" name "\":\"[^\"]*\"") ? substr(line, RSTART + length(name) + 4, RLENGTH - length(name) - 5) : "" }
  FILENAME == ARGV[1] { if ($1 >= since) { seen[$2 " " $3] = 1; print > state } next }
  {
    key = field($0, "registry") " " field($0, "prefix")
    if (!(key in seen)) { seen[key] = 1; print; print field($0, "date") "\t" field($0, "registry") "\t" field($0, "prefix") > state }
  }
' "$state" "$work/all"
touch "$work/state"
mv "$work/state" "$state"
