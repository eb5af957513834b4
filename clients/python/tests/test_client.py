"""The clients against the real service: every method, sync and async; a million addresses from a
generator with the client's memory flat; refusals as exceptions; 429 and 503 retried after
Retry-After, caused by the service's own rate limiter and body budget; gzip; a batch split when
the service says it is too large; a connection the server closed while idle."""

import asyncio
import os
import socket
import time

import httpx
import pytest

import mac_analysis
from mac_analysis import AsyncClient, Client, MacAnalysisError
from conftest import metric

APPLE = "00:03:93:ab:12:34"


def addresses(count: int):
    """Distinct addresses, made as they are asked for (a generator: nothing kept)."""
    for i in range(count):
        yield f"02:{(i >> 24) & 255:02x}:{(i >> 16) & 255:02x}:{(i >> 8) & 255:02x}:{i & 255:02x}:01"


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def run(coroutine):
    return asyncio.run(coroutine)


def test_the_package_comes_from_the_installed_wheel():
    if os.environ.get("MAC_ANALYSIS_EXPECT_INSTALLED") != "1":
        pytest.skip("run from the source tree")
    assert "site-packages" in mac_analysis.__file__, mac_analysis.__file__
    assert os.path.exists(os.path.join(os.path.dirname(mac_analysis.__file__), "py.typed"))


def test_analyze_is_the_get_answer(url):
    with Client(url) as client:
        assert client.analyze(APPLE) == httpx.get(f"{url}/api/mac/{APPLE}").json()
        fr = client.analyze("0003.93ab.1234", lang="fr", fields=["vendor.name", "vendor.country"])
        assert fr == {"vendor": {"name": "Apple, Inc.", "country": {"code": "US", "name": "États-Unis"}}}
        assert client.analyze("0x00124b0001020304", fields="address.kind,vendor.name") == {"address": {"kind": "EUI-64"}, "vendor": {"name": "Texas Instruments"}}
        assert client.analyze("fe80::203:93ff:feab:1234")["derivedFrom"] == {"kind": "ipv6", "value": "fe80::203:93ff:feab:1234"}
        # What ipconfig /all, a dnsmasq lease and snmpwalk print.
        duid = "00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34"
        assert client.analyze(duid)["derivedFrom"] == {"kind": "duid", "value": duid, "duidType": "LLT", "time": "2022-09-20T20:28:32Z"}
        assert client.analyze("01:00:03:93:ab:12:34", fields="derivedFrom.kind") == {"derivedFrom": {"kind": "client-id"}}
        assert client.analyze("00 03 93 AB 12 34 ", fields="address.canonical") == {"address": {"canonical": "00:03:93:AB:12:34"}}


def test_refusals_raise_problem_details(url):
    with Client(url) as client:
        with pytest.raises(MacAnalysisError) as refused:
            client.analyze("00:03:93:ab:12", lang="fr")
        assert (refused.value.code, refused.value.status, refused.value.title) == ("invalid_mac", 422, "Adresse MAC invalide")
        assert "5 groupes" in refused.value.detail
        with pytest.raises(MacAnalysisError) as missing:
            client.analyze("")
        assert (missing.value.code, missing.value.status) == ("missing_mac", 400)
        with pytest.raises(MacAnalysisError) as fields:
            client.analyze(APPLE, fields=["vendor.nope"])
        assert (fields.value.code, fields.value.status) == ("invalid_fields", 400)
        assert "vendor.name" in fields.value.detail


def test_analyze_many_is_the_batch_answer_in_order(url):
    inputs = [APPLE, "not a mac", "b8:27:eb:12:34:56", "", "0x00124b0001020304"]
    with Client(url) as client:
        items = list(client.analyze_many(iter(inputs), lang="fr"))
    expected = httpx.post(f"{url}/api/mac/batch?lang=fr", json=inputs).json()
    assert items == expected
    assert [i.get("error", {}).get("code") for i in items] == [None, "invalid_mac", None, "missing_mac", None]


def test_extract_and_vendors(url):
    text = "? (192.168.1.7) at b8:27:eb:12:34:56 [ether] on eth0\nInternet  10.0.0.1  0003.93ab.1234  ARPA  Vlan1\n"
    with Client(url) as client:
        found = client.extract(text, fields=["vendor.shortName"])
        assert [(i["input"], i["line"], i["analysis"]) for i in found["items"]] == [("b8:27:eb:12:34:56", 1, {"vendor": {"shortName": "RaspberryPi"}}), ("0003.93ab.1234", 2, {"vendor": {"shortName": "Apple"}})]
        search = client.vendors(q="raspberry", limit=1)
        assert search["total"] >= 3 and len(search["vendors"]) == 1
        around = client.vendors(prefix="00:1B:C5:00:00:01")
        assert around["blocks"][0]["prefix"] == "00:1B:C5" and around["total"] >= 2
        assert [b["prefix"] for b in around["blocks"] if b.get("mostSpecific")] == ["00:1B:C5:00:0"]


def test_the_async_client_answers_as_the_sync_one(url):
    async def main():
        async with AsyncClient(url) as client:
            analysis = await client.analyze(APPLE, lang="fr")

            async def inputs():
                for a in [APPLE, "not a mac"]:
                    yield a

            items = [i async for i in client.analyze_many(inputs(), fields=["vendor.name"])]
            listed = [i async for i in client.analyze_many([APPLE], fields=["vendor.name"])]
            found = await client.extract("lease 0:3:93:ab:12:34", fields="vendor.name")
            search = await client.vendors(q="raspberry", limit=2)
            with pytest.raises(MacAnalysisError) as refused:
                await client.analyze("zz")
            return analysis, items, listed, found, search, refused.value

    analysis, items, listed, found, search, refused = run(main())
    with Client(url) as client:
        assert analysis == client.analyze(APPLE, lang="fr")
    assert items == [{"input": APPLE, "analysis": {"vendor": {"name": "Apple, Inc."}}}, {"input": "not a mac", "error": items[1]["error"]}]
    assert listed == items[:1]
    assert found["items"][0]["analysis"] == {"vendor": {"name": "Apple, Inc."}}
    assert len(search["vendors"]) == 2
    assert (refused.code, refused.status) == ("invalid_mac", 422)


def test_enrich_keeps_every_byte_and_gives_a_csv_header_once(url):
    events = b"".join(b'{"flow_id":%d,"ether":{"src_mac":"00:03:93:ab:12:%02x"}}\n' % (18446744073709551615 - i, i) for i in range(50))
    with Client(url) as client:
        out = b"".join(client.enrich(iter([events[:77], events[77:]]), key="ether.src_mac", fields="vendor.name", body_bytes=300))
        csv = b"".join(client.enrich("name,mac\nif1,00:03:93:ab:12:34\nif2,zz\n", key=["mac"], input="csv", fields="vendor,error", body_bytes=10))
        with pytest.raises(MacAnalysisError) as refused:
            list(client.enrich(b"name,addr\n", key="mac", input="csv"))
    analysis = b',"src_mac_analysis":{"vendor":{"name":"Apple, Inc."}}'
    assert out == events.replace(b'"}}\n', b'"' + analysis + b"}}\n")
    assert csv == b'name,mac,mac_vendor,mac_error\nif1,00:03:93:ab:12:34,"Apple, Inc.",\nif2,zz,,invalid_mac\n'
    assert (refused.value.code, refused.value.status) == ("invalid_key", 400)

    async def main():
        async with AsyncClient(url) as client:
            return b"".join([p async for p in client.enrich(events, key="/ether/src_mac", fields="vendor.name")])

    assert run(main()) == out


def test_contexts_close_the_connections(url):
    with Client(url) as client:
        client.analyze(APPLE)
    assert client._http.is_closed

    async def main():
        async with AsyncClient(url) as client:
            await client.analyze(APPLE)
        return client

    assert run(main())._http.is_closed


def _million(items) -> tuple[int, float, float]:
    count = 0
    at_quarter = 0.0
    for _ in items:
        count += 1
        if count == 250_000:
            at_quarter = rss_mb()
    return count, at_quarter, rss_mb()


# A client that kept what it read would grow by hundreds of MB over a million items (a dict each);
# what moves RSS here is the allocator (measured: 52 MB at 250,000, 63 MB at 1,000,000).
GROWTH_MB = 40


def test_a_million_addresses_from_a_generator_with_flat_memory(url):
    with Client(url) as client:
        count, quarter, end = _million(client.analyze_many(addresses(1_000_000), fields=["address.canonical"]))
    assert count == 1_000_000
    assert end - quarter < GROWTH_MB, (quarter, end)


def test_a_million_addresses_async_with_flat_memory(url):
    async def main():
        async def agen():
            for a in addresses(1_000_000):
                yield a

        count = 0
        quarter = 0.0
        async with AsyncClient(url) as client:
            async for _ in client.analyze_many(agen(), fields=["address.canonical"]):
                count += 1
                if count == 250_000:
                    quarter = rss_mb()
        return count, quarter, rss_mb()

    count, quarter, end = run(main())
    assert count == 1_000_000
    assert end - quarter < GROWTH_MB, (quarter, end)


def test_bulk_answers_come_gzipped(url):
    before = metric(url, "mac_batch_gzipped_total")
    with Client(url) as client:
        assert len(list(client.analyze_many(addresses(5000)))) == 5000
    assert metric(url, "mac_batch_gzipped_total") == before + 1


def test_a_429_is_asked_again_after_retry_after(limited_url):
    with Client(limited_url, retries=3) as client:
        started = time.monotonic()
        for _ in range(3):
            assert client.analyze(APPLE, fields="vendor.name") == {"vendor": {"name": "Apple, Inc."}}
        assert time.monotonic() - started >= 1.5  # one request a second, after the first
    _take_the_token(limited_url)
    with Client(limited_url, retries=0) as client:
        with pytest.raises(MacAnalysisError) as refused:
            client.analyze(APPLE, lang="fr")
        assert (refused.value.code, refused.value.status, refused.value.title) == ("rate_limited", 429, "Trop de requêtes")


def test_a_429_async(limited_url):
    async def main():
        # However many tokens the tests before left, each call gets one, waiting as Retry-After says.
        async with AsyncClient(limited_url, retries=3) as client:
            return [await client.analyze(APPLE, fields="vendor.name") for _ in range(2)]

    assert run(main()) == [{"vendor": {"name": "Apple, Inc."}}] * 2


def _take_the_token(url: str) -> None:
    """One request that succeeds (waiting as Retry-After says): the bucket is empty after it, whatever the tests before left."""
    with Client(url, retries=3) as client:
        client.analyze(APPLE)


def _until(what: str, holds) -> None:
    """Returns once `holds()` does (asked every 20 ms); fails after 10 s."""
    deadline = time.monotonic() + 10
    while not holds():
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.02)


def _hold_budget(url: str) -> socket.socket:
    """A slow upload that holds 150,000 of the 200,000 bytes of the budget until its deadline (1.5 s), once what the tests before held is given back."""
    _until("gave the budget back", lambda: metric(url, "mac_body_bytes_reserved") == 0)
    host, port = httpx.URL(url).host, httpx.URL(url).port
    held = socket.create_connection((host, port))
    held.sendall(b"POST /api/mac/batch HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 150000\r\n\r\n" + b" " * 1000)
    _until("held the upload", lambda: metric(url, "mac_body_bytes_reserved") >= 150_000)
    return held


def test_a_503_for_the_body_budget_is_asked_again(budget_url):
    batch = [a for a in addresses(5000)]  # about 110 kB of NDJSON: over what the held budget leaves
    held = _hold_budget(budget_url)
    try:
        with Client(budget_url, retries=0) as client:
            with pytest.raises(MacAnalysisError) as refused:
                list(client.analyze_many(batch, fields=["address.canonical"]))
            assert (refused.value.code, refused.value.status) == ("unavailable", 503)
    finally:
        held.close()
    held = _hold_budget(budget_url)
    try:
        with Client(budget_url, retries=5) as client:
            started = time.monotonic()
            items = list(client.analyze_many(batch, fields=["address.canonical"]))
            assert len(items) == 5000 and items[-1]["input"] == batch[-1]
            assert time.monotonic() - started >= 0.5  # answered once the holder's deadline gave its budget back
    finally:
        held.close()


def test_a_batch_over_the_service_item_limit_is_split_for_that_call_only(small_url):
    refusals = 'mac_refusals_total{reason="too_large"}'
    with Client(small_url, batch_size=5000) as client:
        for _ in range(2):
            before = metric(small_url, refusals)
            items = list(client.analyze_many(addresses(4500), fields=["address.canonical"]))
            assert [i["input"] for i in items] == list(addresses(4500))
            # 4500, then 2250, then 1125 refused: what is left is sent 562 at a time (and so would the
            # call's later batches be). The next call starts from batch_size again.
            assert metric(small_url, refusals) - before == 3
            assert client.batch_size == 5000

    async def main():
        async with AsyncClient(small_url, batch_size=3000) as client:
            return [i["input"] async for i in client.analyze_many(addresses(2500), fields=["address.canonical"])]

    assert run(main()) == list(addresses(2500))


def test_retry_after_is_waited_at_most_max_retry_wait(limited_url):
    _take_the_token(limited_url)
    with Client(limited_url, retries=3, max_retry_wait=0.05) as client:
        started = time.monotonic()
        with pytest.raises(MacAnalysisError) as refused:
            client.analyze(APPLE)  # Retry-After: 1, waited 0.05 s three times
        assert refused.value.status == 429
        assert time.monotonic() - started < 0.9
    with pytest.raises(ValueError):
        Client(limited_url, max_retry_wait=-1)


def test_the_version_is_the_distribution_s_and_the_user_agent_s(url):
    from importlib.metadata import version

    if os.environ.get("MAC_ANALYSIS_EXPECT_INSTALLED") == "1":
        assert mac_analysis.__version__ == version("mac-analysis-client")
    with Client(url) as client:
        assert client._http.headers["user-agent"] == f"mac-analysis-client/{mac_analysis.__version__}"


def test_a_connection_closed_while_idle_is_opened_again(url):
    # Both engines close a connection after 10 s without a request.
    with Client(url) as client:
        client.analyze(APPLE)
        time.sleep(11)
        assert client.analyze(APPLE, fields="vendor.name") == {"vendor": {"name": "Apple, Inc."}}
        assert len(list(client.analyze_many([APPLE]))) == 1
