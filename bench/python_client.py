"""The Python client's stream against the standard library's, on one running service.

    python3 bench/python_client.py URL COUNT ROUNDS

Each round streams COUNT addresses with their full analysis three ways, turn about: a plain
``http.client`` loop (NDJSON body, gzipped NDJSON answer read with ``zlib`` and split at
newlines: what a careful script with no dependency does), ``Client.analyze_many`` and
``AsyncClient.analyze_many``; the same batches of 100,000 each way. Prints one JSON object a
run: {"round", "way", "seconds", "cpu", "items"}; ``cpu`` is this process's user and system time.
"""

import asyncio
import http.client
import json
import os
import sys
import time
import zlib
from urllib.parse import urlsplit

from mac_analysis import AsyncClient, Client

BATCH = 100_000


def addresses(count):
    for i in range(count):
        yield f"02:{(i >> 24) & 255:02x}:{(i >> 16) & 255:02x}:{(i >> 8) & 255:02x}:{i & 255:02x}:01"


def standard_library(url, count):
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    items = 0
    batch = []
    for address in addresses(count):
        batch.append(address)
        if len(batch) == BATCH or items + len(batch) == count:
            body = "".join(json.dumps(a) + "\n" for a in batch).encode()
            connection.request("POST", "/api/mac/batch", body, {"Content-Type": "application/x-ndjson", "Accept": "application/x-ndjson", "Accept-Encoding": "gzip"})
            response = connection.getresponse()
            inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if response.getheader("Content-Encoding") == "gzip" else None
            rest = b""
            while chunk := response.read(65536):
                data = rest + (inflate.decompress(chunk) if inflate else chunk)
                end = data.rfind(b"\n")
                rest = data[end + 1 :]
                for line in data[:end].split(b"\n"):
                    if line:
                        json.loads(line)
                        items += 1
            batch = []
    connection.close()
    return items


def sync_client(url, count):
    with Client(url, batch_size=BATCH) as client:
        return sum(1 for _ in client.analyze_many(addresses(count)))


def async_client(url, count):
    async def main():
        async with AsyncClient(url, batch_size=BATCH) as client:
            return sum([1 async for _ in client.analyze_many(addresses(count))])

    return asyncio.run(main())


WAYS = {"standard library": standard_library, "Client": sync_client, "AsyncClient": async_client}


def main():
    url, count, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    names = list(WAYS)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            started, cpu = time.perf_counter(), os.times()
            items = WAYS[name](url, count)
            used = os.times()
            print(json.dumps({"round": r, "way": name, "seconds": time.perf_counter() - started, "cpu": used.user - cpu.user + used.system - cpu.system, "items": items}), flush=True)


if __name__ == "__main__":
    main()
