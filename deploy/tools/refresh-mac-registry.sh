#!/bin/sh
# Refreshes the vendor files of nmap, arp-scan and Wireshark from your own MAC analysis
# service (GET /api/registry/blocks). A file is replaced only when the service's snapshot
# changed (ETag, so an unchanged registry costs a 304), and atomically (readers never see half
# a file). Run it from cron or the systemd timer beside it; see docs/TOOLS.md.
#   MAC_SERVICE   the service's base URL (default http://localhost:8080)
#   MAC_REGISTRY_DIR  where the files go (default /var/lib/mac-registry)
set -eu
base="${MAC_SERVICE:-http://localhost:8080}/api/registry/blocks"
dir="${MAC_REGISTRY_DIR:-/var/lib/mac-registry}"
mkdir -p "$dir"
for pair in arp-scan:ieee-oui.txt nmap:nmap-mac-prefixes manuf:manuf; do
  format=${pair%%:*}
  file=${pair#*:}
  rm -f "$dir/$file.tmp"
  # Without the file, the saved ETag would make curl skip it: start afresh.
  [ -f "$dir/$file" ] || rm -f "$dir/$file.etag"
  curl -fsS --compressed --etag-compare "$dir/$file.etag" --etag-save "$dir/$file.etag" -o "$dir/$file.tmp" "$base?format=$format"
  if [ -s "$dir/$file.tmp" ]; then
    mv "$dir/$file.tmp" "$dir/$file"
    echo "$file: updated"
  else
    rm -f "$dir/$file.tmp"
    echo "$file: unchanged"
  fi
done
