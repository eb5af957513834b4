"""The clients: ``Client`` (blocking) and ``AsyncClient`` (asyncio), over httpx.

Both run the same plans (``_core.py``): the same requests, retries, splits and line reading; each
only does the I/O a plan asks for, blocking or awaited.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator, Sequence
from typing import Any, overload

import httpx

from . import _core
from ._core import DEFAULT_BATCH_SIZE, AnswerHead, DEFAULT_MAX_RETRY_WAIT, ENRICH_BODY_BYTES, BatchCall, Close, EnrichCall, Fields, Lines, Plan, Send, Sleep
from .types import Analysis, BatchItem, ExtractResult, PrefixListing, VendorSearch

__all__ = ["AsyncClient", "Client", "DEFAULT_BATCH_SIZE", "DEFAULT_MAX_RETRY_WAIT"]

ProjectedAnalysis = dict[str, Any]
"""An analysis with ``fields``: the members named, in the analysis' shape."""

_TEXT = {"Content-Type": "text/plain; charset=utf-8"}


class _Base:
    """The settings both clients share, and the plans of their methods."""

    def __init__(self, base_url: str, timeout: float, retries: int, batch_size: int, max_retry_wait: float) -> None:
        if retries < 0 or batch_size < 1 or max_retry_wait < 0:
            raise ValueError("retries must be 0 or more, batch_size 1 or more, max_retry_wait 0 or more")
        self.base_url = base_url.rstrip("/")
        self.retries = retries
        self.batch_size = batch_size
        self.max_retry_wait = max_retry_wait
        self._timeout = httpx.Timeout(timeout)

    def _analyze(self, address: str, lang: str | None, fields: Fields) -> Plan:
        return _core.read_json("GET", _core.analysis_path(address), self.retries, self.max_retry_wait, params=_core.params(lang, fields))

    def _extract(self, text: str, lang: str | None, fields: Fields) -> Plan:
        return _core.read_json("POST", "/api/mac/extract", self.retries, self.max_retry_wait, params=_core.params(lang, fields), headers=_TEXT, content=text.encode())

    def _vendors(self, **query: Any) -> Plan:
        lang = query.pop("lang")
        return _core.read_json("GET", "/api/vendors", self.retries, self.max_retry_wait, params=_core.params(lang, None, **query))

    def _call(self, lang: str | None, fields: Fields) -> BatchCall:
        return BatchCall(_core.params(lang, fields), self.batch_size, self.retries, self.max_retry_wait)

    def _enrich_call(self, key: str | Sequence[str], input: str, lang: str | None, fields: Fields, body_bytes: int) -> EnrichCall:
        keys = [key] if isinstance(key, str) else list(key)
        if input not in ("ndjson", "csv", "tsv") or body_bytes < 1:
            raise ValueError("input must be ndjson, csv or tsv, body_bytes 1 or more")
        return EnrichCall(keys, input, {**_core.params(lang, fields), "key": keys, "input": input}, body_bytes, self.retries, self.max_retry_wait)


class Client(_Base):
    """A blocking client of the service at ``base_url``.

    A 429 or 503 is asked again after its Retry-After (at most ``max_retry_wait`` seconds), up to
    ``retries`` times; a kept connection the server closed while idle is opened again. A refusal
    raises MacAnalysisError.
    """

    def __init__(self, base_url: str, *, timeout: float = 30.0, retries: int = 3, batch_size: int = DEFAULT_BATCH_SIZE, max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT, **httpx_options: Any) -> None:
        super().__init__(base_url, timeout, retries, batch_size, max_retry_wait)
        self._http = httpx.Client(base_url=self.base_url, timeout=self._timeout, headers=_core.HEADERS, **httpx_options)

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Closes the connections."""
        self._http.close()

    def _run(self, plan: Plan) -> Any:
        """Does what `plan` asks, blocking, and gives what it returns."""
        result: Any = None
        error: BaseException | None = None
        while True:
            done, step = _core.advance(plan, result, error)
            if done:
                return step
            result, error = None, None
            try:
                if isinstance(step, Send):
                    result = self._http.send(self._http.build_request(step.method, step.path, **step.request), stream=True)
                elif isinstance(step, Sleep):
                    time.sleep(step.seconds)
                elif isinstance(step, Close):
                    if step.read:
                        step.response.read()
                    step.response.close()
            except Exception as e:  # given to the plan, which decides
                error = e

    @overload
    def analyze(self, address: str, lang: str | None = None, fields: None = None) -> Analysis: ...
    @overload
    def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> ProjectedAnalysis: ...
    def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> Analysis | ProjectedAnalysis:
        """The analysis of one address, in any shape the service reads."""
        return self._run(self._analyze(address, lang, fields))

    def analyze_many(self, addresses: Iterable[str], lang: str | None = None, fields: Fields = None) -> Iterator[BatchItem]:
        """One batch item per address, in order, as the answers arrive.

        The addresses are read as they are sent, ``batch_size`` to a request (each kept until its
        answer has come, to send it again after a 429 or 503), so an iterable of millions never
        sits in memory. A batch the service refuses as too large (413) is split in two, and the
        rest of this call sends batches of that size.
        """
        call = self._call(lang, fields)
        for address in addresses:
            full = call.add(address)
            if full:
                yield from self._batch(call, full)
        rest = call.rest()
        if rest:
            yield from self._batch(call, rest)

    def _batch(self, call: BatchCall, batch: list[Any]) -> Iterator[BatchItem]:
        waiting = [batch]
        while waiting:
            part = waiting.pop()
            response = self._run(call.post(part))
            if response is None:
                waiting = call.parts(part, waiting)
                continue
            lines = Lines()
            try:
                for chunk in response.iter_bytes():
                    yield from lines.feed(chunk)
                yield from lines.end()
            finally:
                response.close()

    def enrich(self, records: bytes | str | Iterable[bytes], key: str | Sequence[str], input: str = "ndjson", lang: str | None = None, fields: Fields = None, body_bytes: int = ENRICH_BODY_BYTES) -> Iterator[bytes]:
        """The records (NDJSON, or CSV or TSV with a header row) with the analysis of the address at each ``key`` inserted, every byte kept, in pieces, in order.

        The records are sent ``body_bytes`` or so to a request, cut at record ends (a CSV or TSV
        header goes with each request; the pieces hold it once).
        """
        call = self._enrich_call(key, input, lang, fields, body_bytes)
        for n, body in enumerate(call.bodies(records)):
            response = self._run(call.post(body))
            head = AnswerHead()
            try:
                for chunk in response.iter_bytes():
                    yield call.answer(n == 0, chunk, head)
            finally:
                response.close()

    def extract(self, text: str, lang: str | None = None, fields: Fields = None) -> ExtractResult:
        """The addresses in a text (arp -a, ip neigh, switch tables, DHCP leases, logs), each once, analysed."""
        return self._run(self._extract(text, lang, fields))

    def vendors(self, q: str | None = None, prefix: str | None = None, limit: int | None = None, offset: int | None = None, sort: str | None = None, lang: str | None = None) -> VendorSearch | PrefixListing:
        """The vendors whose name matches ``q``, or the blocks around ``prefix``."""
        return self._run(self._vendors(q=q, prefix=prefix, limit=limit, offset=offset, sort=sort, lang=lang))


class AsyncClient(_Base):
    """The asyncio client: Client's methods, awaited (``analyze_many`` is an async iterator)."""

    def __init__(self, base_url: str, *, timeout: float = 30.0, retries: int = 3, batch_size: int = DEFAULT_BATCH_SIZE, max_retry_wait: float = DEFAULT_MAX_RETRY_WAIT, **httpx_options: Any) -> None:
        super().__init__(base_url, timeout, retries, batch_size, max_retry_wait)
        self._http = httpx.AsyncClient(base_url=self.base_url, timeout=self._timeout, headers=_core.HEADERS, **httpx_options)

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Closes the connections."""
        await self._http.aclose()

    async def _run(self, plan: Plan) -> Any:
        """Does what `plan` asks, awaited, and gives what it returns."""
        result: Any = None
        error: BaseException | None = None
        while True:
            done, step = _core.advance(plan, result, error)
            if done:
                return step
            result, error = None, None
            try:
                if isinstance(step, Send):
                    result = await self._http.send(self._http.build_request(step.method, step.path, **step.request), stream=True)
                elif isinstance(step, Sleep):
                    await asyncio.sleep(step.seconds)
                elif isinstance(step, Close):
                    if step.read:
                        await step.response.aread()
                    await step.response.aclose()
            except Exception as e:  # given to the plan, which decides
                error = e

    @overload
    async def analyze(self, address: str, lang: str | None = None, fields: None = None) -> Analysis: ...
    @overload
    async def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> ProjectedAnalysis: ...
    async def analyze(self, address: str, lang: str | None = None, fields: Fields = None) -> Analysis | ProjectedAnalysis:
        """The analysis of one address, in any shape the service reads."""
        return await self._run(self._analyze(address, lang, fields))

    async def analyze_many(self, addresses: Iterable[str] | AsyncIterable[str], lang: str | None = None, fields: Fields = None) -> AsyncIterator[BatchItem]:
        """One batch item per address, in order, as the answers arrive (Client.analyze_many)."""
        call = self._call(lang, fields)
        async for address in _aiter(addresses):
            full = call.add(address)
            if full:
                async for item in self._batch(call, full):
                    yield item
        rest = call.rest()
        if rest:
            async for item in self._batch(call, rest):
                yield item

    async def _batch(self, call: BatchCall, batch: list[Any]) -> AsyncIterator[BatchItem]:
        waiting = [batch]
        while waiting:
            part = waiting.pop()
            response = await self._run(call.post(part))
            if response is None:
                waiting = call.parts(part, waiting)
                continue
            lines = Lines()
            try:
                async for chunk in response.aiter_bytes():
                    for item in lines.feed(chunk):
                        yield item
                for item in lines.end():
                    yield item
            finally:
                await response.aclose()

    async def enrich(self, records: bytes | str | Iterable[bytes], key: str | Sequence[str], input: str = "ndjson", lang: str | None = None, fields: Fields = None, body_bytes: int = ENRICH_BODY_BYTES) -> AsyncIterator[bytes]:
        """The records with the analysis of the address at each ``key`` inserted, every byte kept (Client.enrich)."""
        call = self._enrich_call(key, input, lang, fields, body_bytes)
        for n, body in enumerate(call.bodies(records)):
            response = await self._run(call.post(body))
            head = AnswerHead()
            try:
                async for chunk in response.aiter_bytes():
                    yield call.answer(n == 0, chunk, head)
            finally:
                await response.aclose()

    async def extract(self, text: str, lang: str | None = None, fields: Fields = None) -> ExtractResult:
        """The addresses in a text, each once, analysed (Client.extract)."""
        return await self._run(self._extract(text, lang, fields))

    async def vendors(self, q: str | None = None, prefix: str | None = None, limit: int | None = None, offset: int | None = None, sort: str | None = None, lang: str | None = None) -> VendorSearch | PrefixListing:
        """The vendors whose name matches ``q``, or the blocks around ``prefix``."""
        return await self._run(self._vendors(q=q, prefix=prefix, limit=limit, offset=offset, sort=sort, lang=lang))


async def _aiter(items: Iterable[str] | AsyncIterable[str]) -> AsyncIterator[str]:
    if isinstance(items, AsyncIterable):
        async for item in items:
            yield item
    else:
        for item in items:
            yield item
