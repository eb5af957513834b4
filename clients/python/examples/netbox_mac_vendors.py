"""Fills the custom field `vendor` of every NetBox MAC address object with the vendor the MAC
analysis service names (NetBox 4.2 and later: /api/dcim/mac-addresses/).

    NETBOX_URL=https://netbox.example NETBOX_TOKEN=… MAC_ANALYSIS_URL=http://localhost:8080 \\
        python3 netbox_mac_vendors.py [--dry-run]

Create the custom field first: a text field named `vendor` on DCIM > MAC Address. Objects whose
field already holds the right name are left alone; the rest are updated in bulk PATCH requests of
BULK objects. Not run against a NetBox where this project is tested: try it on a staging instance.
"""

import os
import sys
from collections.abc import Iterator

import httpx

from mac_analysis import Client

BULK = 500


def mac_objects(netbox: httpx.Client) -> Iterator[dict]:
    """Every MAC address object, page after page."""
    url: str | None = "/api/dcim/mac-addresses/?limit=1000&brief=false"
    while url:
        page = netbox.get(url)
        page.raise_for_status()
        body = page.json()
        yield from body["results"]
        url = body["next"]


def main() -> int:
    dry_run = "--dry-run" in sys.argv
    netbox = httpx.Client(
        base_url=os.environ["NETBOX_URL"].rstrip("/"),
        headers={"Authorization": f"Token {os.environ['NETBOX_TOKEN']}", "Accept": "application/json"},
        timeout=60,
    )
    objects = {o["mac_address"]: o for o in mac_objects(netbox)}
    changes: list[dict] = []
    with Client(os.environ.get("MAC_ANALYSIS_URL", "http://localhost:8080")) as analysis:
        for item in analysis.analyze_many(objects, fields=["vendor.name", "hints.id"]):
            found = item.get("analysis")
            vendor = found["vendor"]["name"] if found and found["vendor"] else None
            if vendor is None and found and any(h["id"] == "randomized" for h in found["hints"]):
                vendor = "(randomized)"
            obj = objects[item["input"]]
            if (obj.get("custom_fields") or {}).get("vendor") != vendor:
                changes.append({"id": obj["id"], "custom_fields": {"vendor": vendor}})
    print(f"{len(objects)} MAC addresses, {len(changes)} to update", file=sys.stderr)
    if dry_run:
        return 0
    for start in range(0, len(changes), BULK):
        response = netbox.patch("/api/dcim/mac-addresses/", json=changes[start : start + BULK])
        response.raise_for_status()
    return 0


if __name__ == "__main__":
    sys.exit(main())
