"""What ``Client`` and ``AsyncClient`` share: every request as a plan of steps, and how answers read.

A plan is a generator that yields what it needs done (send a request, wait, read or close an
answer) and gets back the result; each client runs plans with its own I/O, blocking or awaited
(``_client.py``). So the retries, the 413 split, the request bodies and the line reading are
written once, and the twins differ only in how they wait.
"""

from __future__ import annotations

import json
import time
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any, Union
from urllib.parse import quote

import httpx

from ._errors import MacAnalysisError
from ._version import __version__
from .types import BatchItem

DEFAULT_BATCH_SIZE = 100_000
"""Addresses per batch request: well under the service's BATCH_MAX_ITEMS (1,000,000 by default), and small enough to resend."""

DEFAULT_MAX_RETRY_WAIT = 30.0
"""The longest a Retry-After is waited for, in seconds: a longer one is waited this long."""

_RETRIED = (429, 503)
# A kept connection the server closed while it was idle fails the next request this way: it is
# opened again, once, whatever `retries` says.
STALE = (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)
_NDJSON = "application/x-ndjson"
# Bulk answers come gzipped (about five times smaller); httpx decodes them as they arrive.
HEADERS = {"Accept-Encoding": "gzip", "User-Agent": f"mac-analysis-client/{__version__}"}

Fields = Union[str, Sequence[str], None]


@dataclass(frozen=True)
class Send:
    """Send this request and give back its answer, unread (or raise what sending raised)."""

    method: str
    path: str
    request: dict[str, Any]


@dataclass(frozen=True)
class Sleep:
    """Wait this many seconds."""

    seconds: float


@dataclass(frozen=True)
class Close:
    """Read the rest of this answer (when ``read``), then close it."""

    response: httpx.Response
    read: bool = False


Step = Union[Send, Sleep, Close]
Plan = Generator[Step, Any, Any]


def advance(plan: Plan, result: Any, error: BaseException | None) -> tuple[bool, Any]:
    """Gives `plan` the last step's result (or error): (False, its next step), or (True, what it returned)."""
    try:
        return False, (plan.throw(error) if error is not None else plan.send(result))
    except StopIteration as done:
        return True, done.value


def params(lang: str | None, fields: Fields, **more: Any) -> dict[str, str]:
    """The query of a request: ``lang``, ``fields`` (names, or one comma-separated string) and the rest given."""
    query = {k: str(v) for k, v in more.items() if v is not None}
    if lang is not None:
        query["lang"] = lang
    if fields is not None:
        query["fields"] = fields if isinstance(fields, str) else ",".join(fields)
    return query


def analysis_path(address: str) -> str:
    """The path of one address's analysis."""
    return "/api/mac/" + quote(address, safe="")


def problem(response: httpx.Response) -> MacAnalysisError:
    """The refusal a read answer of 400 or more says, as an exception."""
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


def retry_wait(response: httpx.Response, cap: float) -> float:
    """Seconds to wait before asking again: Retry-After (seconds or an HTTP date), else 1; at most ``cap``."""
    value = response.headers.get("retry-after", "1").strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            seconds = parsedate_to_datetime(value).timestamp() - time.time()
        except (TypeError, ValueError):
            seconds = 1.0
    return min(cap, max(0.0, seconds))


def send(method: str, path: str, retries: int, max_wait: float, **request: Any) -> Plan:
    """The plan of one request: its answer once it is not a 429 or 503 to wait for; a refusal raises.

    The answer comes back unread (streamed): the caller reads and closes it.
    """
    reopened = False
    attempt = 0
    while True:
        try:
            response = yield Send(method, path, request)
        except STALE:
            if reopened:
                raise
            reopened = True
            continue
        if response.status_code in _RETRIED and attempt < retries:
            yield Close(response)
            attempt += 1
            yield Sleep(retry_wait(response, max_wait))
            continue
        if response.status_code >= 400:
            yield Close(response, read=True)
            raise problem(response)
        return response


def read_json(method: str, path: str, retries: int, max_wait: float, **request: Any) -> Plan:
    """The plan of a request whose answer is one JSON document: the document."""
    response = yield from send(method, path, retries, max_wait, **request)
    yield Close(response, read=True)
    return response.json()


@dataclass
class BatchCall:
    """One ``analyze_many`` call: its query, and its batch size, halved for the rest of the call by a 413."""

    query: dict[str, str]
    size: int
    retries: int
    max_wait: float
    _batch: list[Any] = field(default_factory=list)

    def add(self, address: Any) -> list[Any] | None:
        """Takes the next address; gives a full batch to send, or None."""
        self._batch.append(address)
        if len(self._batch) < self.size:
            return None
        full, self._batch = self._batch, []
        return full

    def rest(self) -> list[Any] | None:
        """The last batch, if any addresses are left."""
        rest, self._batch = self._batch, []
        return rest or None

    def post(self, batch: list[Any]) -> Plan:
        """The plan of one batch's request: its answer (unread), or None when the service refused it as too large and it was halved (``parts``)."""
        # NDJSON in one call: JSON escapes every newline inside a string, so with "\n" between
        # items the array is one item a line once its brackets are cut (the service weighs an
        # NDJSON body at a third of a JSON array's).
        body = (json.dumps(batch, ensure_ascii=False, separators=("\n", ":"))[1:-1] + "\n").encode()
        headers = {"Content-Type": _NDJSON, "Accept": _NDJSON}
        try:
            return (yield from send("POST", "/api/mac/batch", self.retries, self.max_wait, params=self.query, headers=headers, content=body))
        except MacAnalysisError as e:
            if e.status != 413 or len(batch) < 2:
                raise
            self.size = max(1, min(self.size, len(batch) // 2))
            return None

    def parts(self, refused: list[Any], waiting: list[list[Any]]) -> list[list[Any]]:
        """What is left to send after ``refused`` (the stack ``waiting``, last first), cut to the call's new size: a new stack."""
        left = refused + [a for part in reversed(waiting) for a in part]
        return [left[i : i + self.size] for i in range(0, len(left), self.size)][::-1]


class Lines:
    """NDJSON answer bytes, as they arrive, into items: lines split here, not by httpx.

    httpx 0.23's ``iter_lines`` steps through every character (fixed in 0.24); splitting each
    arriving chunk at its newlines keeps the stream as fast as the standard library's.
    """

    def __init__(self) -> None:
        self._rest = b""

    def feed(self, chunk: bytes) -> Iterator[BatchItem]:
        """The items whose lines this chunk completes."""
        data = self._rest + chunk if self._rest else chunk
        end = data.rfind(b"\n")
        if end < 0:
            self._rest = data
            return iter(())
        self._rest = data[end + 1 :]
        return map(json.loads, filter(None, data[:end].decode().split("\n")))

    def end(self) -> Iterator[BatchItem]:
        """The last item, when the answer did not end with a newline."""
        rest, self._rest = self._rest, b""
        return iter([json.loads(rest)] if rest.strip() else [])


def record_ends(data: bytes | bytearray, csv: bool, start: int = 0, odd: bool = False) -> Iterator[int]:
    """The offsets past each record's line end in ``data`` from ``start``: every LF, but in CSV not one in a quoted cell (``odd``: quotes open at ``start``)."""
    while (lf := data.find(b"\n", start)) >= 0:
        odd ^= csv and data.count(b'"', start, lf) % 2 == 1
        start = lf + 1
        if not odd:
            yield start


@dataclass
class AnswerHead:
    """How far a later enrich answer's header record, dropped, has been read: whether it has ended, and its quotes' parity so far."""

    done: bool = False
    odd: bool = False


ENRICH_BODY_BYTES = 8 * 1024 * 1024
"""Bytes of records per enrich request: well under the service's BATCH_MAX_BYTES (64 MiB by default), and small enough to resend."""

_RECORD_TYPES = {"ndjson": _NDJSON, "csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values; charset=utf-8"}


@dataclass
class EnrichCall:
    """One ``enrich`` call: its query, and its records cut into bodies at record ends (a CSV or TSV header sent with each)."""

    keys: Sequence[str]
    input: str
    query: dict[str, Any]
    body_bytes: int
    retries: int
    max_wait: float
    header: bytes = b""

    def bodies(self, records: bytes | str | Iterable[bytes]) -> Iterator[bytes]:
        """The request bodies: whole records, about ``body_bytes`` each (a longer record alone)."""
        pieces = [records.encode() if isinstance(records, str) else records] if isinstance(records, (bytes, str)) else records
        # A bytearray grows in place: pieces as short as lines cost no copy of what is held.
        held = bytearray()
        wait = self.body_bytes
        for piece in pieces:
            held += piece
            while len(held) >= wait:
                cut = self._cut(held)
                # A record longer than a body: looked for again once twice as much is held.
                wait = 2 * len(held) if cut <= 0 else self.body_bytes
                if cut <= 0:
                    break
                yield self._body(bytes(held[:cut]))
                del held[:cut]
        if held:
            yield self._body(bytes(held))

    def _cut(self, held: bytearray) -> int:
        """Where the last whole record within ``body_bytes`` ends (past it when the first is longer); 0 when none has ended."""
        csv = self.input == "csv"
        limit = min(self.body_bytes, len(held))
        # Back from the limit, each line end's quote parity from the one at the limit: one count of the bytes held.
        odd = csv and held.count(b'"', 0, limit) % 2 == 1
        at = limit
        while (lf := held.rfind(b"\n", 0, at)) >= 0:
            odd ^= csv and held.count(b'"', lf, at) % 2 == 1
            if not odd:
                return lf + 1
            at = lf
        return next(record_ends(held, csv, limit, csv and held.count(b'"', 0, limit) % 2 == 1), 0)

    def _body(self, records: bytes) -> bytes:
        """A request body of ``records``; the first CSV or TSV body's header is kept for the next ones."""
        if self.input == "ndjson":
            return records
        if not self.header:
            self.header = records[: next(record_ends(records, self.input == "csv"), len(records))]
            return records
        return self.header + records

    def post(self, body: bytes) -> Plan:
        """The plan of one body's request: its answer, unread."""
        return (yield from send("POST", "/api/mac/enrich", self.retries, self.max_wait, params=self.query, headers={"Content-Type": _RECORD_TYPES[self.input]}, content=body))

    def answer(self, first: bool, chunk: bytes, head: AnswerHead) -> bytes:
        """A piece of an answer as the caller gets it: a CSV or TSV header only in the first answer."""
        if first or self.input == "ndjson" or head.done:
            return chunk
        csv = self.input == "csv"
        end = next(record_ends(chunk, csv, 0, head.odd), -1)
        if end < 0:
            head.odd ^= csv and chunk.count(b'"') % 2 == 1
            return b""
        head.done = True
        return chunk[end:]