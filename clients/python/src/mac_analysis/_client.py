"""The clients: ``Client`` (blocking) and ``AsyncClient`` (asyncio), over httpx.

Both send the same requests and read the same answers; only the waiting differs. What they share
is here as plain functions: the query, a batch's body, the problem details of a refusal and how
long to wait before asking again.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator, Sequence
from email.utils import parsedate_to_datetime
from typing import Any, overload
from urllib.parse import quote

import httpx

from ._errors import MacAnalysisError
from .types import Analysis, BatchItem, ExtractResult, PrefixListing, VendorSearch

__all__ = ["AsyncClient", "Client", "DEFAULT_BATCH_SIZE"]

DEFAULT_BATCH_SIZE = 100_000
"""Addresses per batch request: well under the service's BATCH_MAX_ITEMS (1,000,000 by default), and small enough to resend."""

_RETRIED = (429, 503)
# A kept connection the server closed while it was idle fails the next request this way: it is
# opened again, once, whatever `retries` says.
_STALE = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
_NDJSON = "application/x-ndjson"
# Bulk answers come gzipped (about five times smaller); httpx decodes them as they arrive.
_HEADERS = {"Accept-Encoding": "gzip", "User-Agent": "mac-analysis-client/0.1.0"}

Fields = str | Sequence[str] | None
ProjectedAnalysis = dict[str, Any]
"""An analysis with ``fields``: the members named, in the analysis' shape."""


def _params(lang: str | None, fields: Fields, **more: Any) -> dict[str, str]:
    params = {k: str(v) for k, v in more.items() if v is not None}
    if lang is not None:
        params["lang"] = lang
    if fields is not None:
        params["fields"] = fields if isinstance(fields, str) else ",".join(fields)
    return params


def _problem(response: httpx.Response) -> MacAnalysisError:
    try:
        body = response.json()
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    return MacAnalysisError(
        code=str(body.get("code", "http_error")),
        status=int(body.get("status", response.status_code)),
        title=str(body.get("title", response.reason_phrase)),
        detail=str(body.get("detail", response.text[:200])),
        instance=body.get("instance"),
    )


def _wait(response: httpx.Response) -> float:
    """Seconds to wait before asking again: Retry-After (seconds or an HTTP date), else 1."""
    value = response.headers.get("retry-after", "1").strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return 1.0


def _ndjson(addresses: Sequence[str]) -> bytes:
    return "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in addresses).encode()


def _path(address: str) -> str:
    return "/api/mac/" + quote(address, safe="")


class _Base:
    def __init__(self, base_url: str, timeout: float, retries: int, batch_size: int) -> None:
        if retries < 0 or batch_size < 1:
            raise ValueError("retries must be 0 or more, batch_size 1 or more")
        self.base_url = base_url.rstrip("/")
        self.retries = retries
        self.batch_size = batch_size
        self._timeout = httpx.Timeout(timeout)


class Client(_Base):
    """A blocking client of the service at ``base_url``.

    A 429 or 503 is asked again after its Retry-After, up to ``retries`` times; a kept connection
    the server closed while idle is opened again. A refusal raises MacAnalysisError.
    """

    def __init__(self, base_url: str, *, timeout: float = 30.0, retries: int = 3, batch_size: int = DEFAULT_BATCH_SIZE, **httpx_options: Any) -> None:
        super().__init__(base_url, timeout, retries, batch_size)
        self._http = httpx.Client(base_url=self.base_url, timeout=self._timeout, headers=_HEADERS, **httpx_options)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Closes the connections."""
        self._http.close()

    def _send(self, method: str, path: str, **request: Any) -> httpx.Response:
        """The answer to a request, read as it comes (close it), once it is not a 429 or 503 to wait for."""
        reopened = False
        attempt = 0
        while True:
            try:
                response = self._http.send(self._http.build_request(method, path, **request), stream=True)
            except _STALE:
                if reopened:
                    raise
                reopened = True
                continue
            if response.status_code in _RETRIED and attempt < self.retries:
                response.close()
                attempt += 1
                time.sleep(_wait(response))
                continue
            if response.status_code >= 400:
                response.read()
                response.close()
                raise _problem(response)
            return response

    def _json(self, method: str, path: str, **request: Any) -> Any:
        response = self._send(method, path, **request)
        try:
            response.read()
            return response.json()
        finally:
            response.close()

    @overload
    def analyze(self, address: str, lang: str | None = None, fields: None = None) -> Analysis: ...
    @overload
    def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> ProjectedAnalysis: ...
    def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> Analysis | ProjectedAnalysis:
        """The analysis of one address, in any shape the service reads."""
        return self._json("GET", _path(address), params=_params(lang, fields))

    def analyze_many(self, addresses: Iterable[str], lang: str | None = None, fields: Fields = None) -> Iterator[BatchItem]:
        """One batch item per address, in order, as the answers arrive.

        The addresses are read as they are sent, ``batch_size`` to a request (each kept until its
        answer has come, to send it again after a 429 or 503), so an iterable of millions never
        sits in memory. A batch the service refuses as too large (413) is split in two.
        """
        params = _params(lang, fields)
        batch: list[str] = []
        for address in addresses:
            batch.append(address)
            if len(batch) >= self.batch_size:
                yield from self._batch(batch, params)
                batch = []
        if batch:
            yield from self._batch(batch, params)

    def _batch(self, batch: list[str], params: dict[str, str]) -> Iterator[BatchItem]:
        headers = {"Content-Type": _NDJSON, "Accept": _NDJSON}
        try:
            response = self._send("POST", "/api/mac/batch", params=params, headers=headers, content=_ndjson(batch))
        except MacAnalysisError as e:
            if e.status != 413 or len(batch) < 2:
                raise
            half = len(batch) // 2
            self.batch_size = max(1, min(self.batch_size, half))
            yield from self._batch(batch[:half], params)
            yield from self._batch(batch[half:], params)
            return
        try:
            for line in response.iter_lines():
                if line:
                    yield json.loads(line)
        finally:
            response.close()

    def extract(self, text: str, lang: str | None = None, fields: Fields = None) -> ExtractResult:
        """The addresses in a text (arp -a, ip neigh, switch tables, DHCP leases, logs), each once, analysed."""
        return self._json("POST", "/api/mac/extract", params=_params(lang, fields), headers={"Content-Type": "text/plain; charset=utf-8"}, content=text.encode())

    def vendors(self, q: str | None = None, prefix: str | None = None, limit: int | None = None, offset: int | None = None, sort: str | None = None, lang: str | None = None) -> VendorSearch | PrefixListing:
        """The vendors whose name matches ``q``, or the blocks around ``prefix``."""
        return self._json("GET", "/api/vendors", params=_params(lang, None, q=q, prefix=prefix, limit=limit, offset=offset, sort=sort))


class AsyncClient(_Base):
    """The asyncio client: Client's methods, awaited (``analyze_many`` is an async iterator)."""

    def __init__(self, base_url: str, *, timeout: float = 30.0, retries: int = 3, batch_size: int = DEFAULT_BATCH_SIZE, **httpx_options: Any) -> None:
        super().__init__(base_url, timeout, retries, batch_size)
        self._http = httpx.AsyncClient(base_url=self.base_url, timeout=self._timeout, headers=_HEADERS, **httpx_options)

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the connections."""
        await self._http.aclose()

    async def _send(self, method: str, path: str, **request: Any) -> httpx.Response:
        reopened = False
        attempt = 0
        while True:
            try:
                response = await self._http.send(self._http.build_request(method, path, **request), stream=True)
            except _STALE:
                if reopened:
                    raise
                reopened = True
                continue
            if response.status_code in _RETRIED and attempt < self.retries:
                await response.aclose()
                attempt += 1
                await asyncio.sleep(_wait(response))
                continue
            if response.status_code >= 400:
                await response.aread()
                await response.aclose()
                raise _problem(response)
            return response

    async def _json(self, method: str, path: str, **request: Any) -> Any:
        response = await self._send(method, path, **request)
        try:
            await response.aread()
            return response.json()
        finally:
            await response.aclose()

    async def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> Analysis | ProjectedAnalysis:
        """The analysis of one address, in any shape the service reads."""
        return await self._json("GET", _path(address), params=_params(lang, fields))

    async def analyze_many(self, addresses: Iterable[str] | AsyncIterable[str], lang: str | None = None, fields: Fields = None) -> AsyncIterator[BatchItem]:
        """One batch item per address, in order, as the answers arrive (Client.analyze_many)."""
        params = _params(lang, fields)
        batch: list[str] = []
        async for address in _aiter(addresses):
            batch.append(address)
            if len(batch) >= self.batch_size:
                async for item in self._batch(batch, params):
                    yield item
                batch = []
        if batch:
            async for item in self._batch(batch, params):
                yield item

    async def _batch(self, batch: list[str], params: dict[str, str]) -> AsyncIterator[BatchItem]:
        headers = {"Content-Type": _NDJSON, "Accept": _NDJSON}
        try:
            response = await self._send("POST", "/api/mac/batch", params=params, headers=headers, content=_ndjson(batch))
        except MacAnalysisError as e:
            if e.status != 413 or len(batch) < 2:
                raise
            half = len(batch) // 2
            self.batch_size = max(1, min(self.batch_size, half))
            for part in (batch[:half], batch[half:]):
                async for item in self._batch(part, params):
                    yield item
            return
        try:
            async for line in response.aiter_lines():
                if line:
                    yield json.loads(line)
        finally:
            await response.aclose()

    async def extract(self, text: str, lang: str | None = None, fields: Fields = None) -> ExtractResult:
        """The addresses in a text, each once, analysed (Client.extract)."""
        return await self._json("POST", "/api/mac/extract", params=_params(lang, fields), headers={"Content-Type": "text/plain; charset=utf-8"}, content=text.encode())

    async def vendors(self, q: str | None = None, prefix: str | None = None, limit: int | None = None, offset: int | None = None, sort: str | None = None, lang: str | None = None) -> VendorSearch | PrefixListing:
        """The vendors whose name matches ``q``, or the blocks around ``prefix``."""
        return await self._json("GET", "/api/vendors", params=_params(lang, None, q=q, prefix=prefix, limit=limit, offset=offset, sort=sort))


async def _aiter(items: Iterable[str] | AsyncIterable[str]) -> AsyncIterator[str]:
    if isinstance(items, AsyncIterable):
        async for item in items:
            yield item
    else:
        for item in items:
            yield item
