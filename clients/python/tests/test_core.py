"""The shared core without a service: line reading at every chunk boundary, the NDJSON body, and
the Retry-After cap."""

import json
import random
import time
from email.utils import format_datetime
from datetime import datetime, timedelta, timezone

import httpx

from mac_analysis._core import AnswerHead, BatchCall, EnrichCall, Lines, Send, retry_wait


def test_lines_are_whole_items_wherever_the_chunks_cut():
    items = [{"input": f"{i:012x}", "n": i, "text": "é\\n\\u2028 ü"} for i in range(300)]
    data = "".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items).encode()
    rng = random.Random(7)
    for _ in range(200):
        cuts = sorted(rng.sample(range(1, len(data)), rng.randint(1, 40)))
        chunks = [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)])]
        lines = Lines()
        got = [item for chunk in chunks for item in lines.feed(chunk)] + list(lines.end())
        assert got == items
    # An answer whose last line has no newline still gives it; blank lines give nothing.
    lines = Lines()
    assert list(lines.feed(b'{"a":1}\n\n{"b"')) == [{"a": 1}]
    assert list(lines.feed(b":2}")) == []
    assert list(lines.end()) == [{"b": 2}]


def test_a_batch_body_is_one_item_a_line_whatever_the_items_hold():
    batch = ["00:03:93:ab:12:34", 'a "quoted", "b"', "new\nline", "back\\slash\\", "é ü 中", ""]
    call = BatchCall({}, 10, 0, 1.0)
    plan = call.post(batch)
    step = next(plan)
    assert isinstance(step, Send)
    body = step.request["content"]
    assert step.request["headers"]["Content-Type"] == "application/x-ndjson"
    assert [json.loads(line) for line in body.decode().split("\n")[:-1]] == batch
    plan.close()


def test_a_batch_call_keeps_its_size_and_halves_it_for_itself():
    call = BatchCall({}, 3, 0, 1.0)
    assert [call.add(a) for a in "abcd"] == [None, None, ["a", "b", "c"], None]
    assert call.rest() == ["d"] and call.rest() is None
    call.size = 2
    assert call.parts([1, 2, 3], [[7, 8], [4, 5, 6]]) == [[7, 8], [5, 6], [3, 4], [1, 2]]


def test_retry_after_is_read_as_seconds_or_a_date_and_capped():
    def wait(value, cap=30.0):
        return retry_wait(httpx.Response(429, headers={} if value is None else {"Retry-After": value}), cap)

    assert wait("2") == 2.0
    assert wait("3600") == 30.0
    assert wait("3600", cap=5) == 5.0
    assert wait("-4") == 0.0
    assert wait(None) == 1.0
    assert wait("soon") == 1.0
    later = format_datetime(datetime.now(timezone.utc) + timedelta(hours=2), usegmt=True)
    assert wait(later) == 30.0
    assert 0 < wait(format_datetime(datetime.now(timezone.utc) + timedelta(seconds=10), usegmt=True)) <= 10


def test_enrich_bodies_are_whole_records_and_carry_the_csv_header():
    records = b'name,mac\r\nif1,00:03:93:ab:12:34\r\n"multi\nline",zz\r\nif3,3c:22:fb:00:11:22\r\n'
    call = EnrichCall(["mac"], "csv", {}, 12, 0, 1.0)
    rng = random.Random(3)
    cuts = sorted(rng.sample(range(1, len(records)), 6))
    bodies = list(call.bodies([records[a:b] for a, b in zip([0, *cuts], [*cuts, len(records)])]))
    assert len(bodies) > 1
    assert all(body.startswith(b"name,mac\r\n") for body in bodies)
    # Each body holds whole records (the quoted line end stays inside its cell), each record once.
    assert sorted(r for body in bodies for r in body.split(b"\r\n")[1:] if r) == sorted(r for r in records.split(b"\r\n")[1:] if r)
    # The answers after the first lose their header row, however their pieces are cut.
    head = AnswerHead()
    assert call.answer(False, b"name,mac,mac_vendor\r", head) == b""
    assert call.answer(False, b"\nif3,3c:22:fb:00:11:22,Apple\r\n", head) == b"if3,3c:22:fb:00:11:22,Apple\r\n"
    ndjson = EnrichCall(["m"], "ndjson", {}, 10, 0, 1.0)
    assert list(ndjson.bodies('{"m":"a"}\n{"m":"b"}\n')) == [b'{"m":"a"}\n', b'{"m":"b"}\n']


def test_enrich_bodies_read_a_quoted_line_end_in_the_header_and_many_short_pieces_in_linear_time():
    # A header cell holding a line end: the header is its whole first record, in bodies and answers.
    records = b'"na\nme",mac\n' + b"".join(b'"if\n%d",00:03:93:ab:12:34\n' % i for i in range(50))
    call = EnrichCall(["mac"], "csv", {}, 64, 0, 1.0)
    bodies = list(call.bodies([records[i : i + 7] for i in range(0, len(records), 7)]))
    assert len(bodies) > 5 and all(body.startswith(b'"na\nme",mac\n') for body in bodies)
    assert b"".join(body[len(b'"na\nme",mac\n') :] for body in bodies) == records[len(b'"na\nme",mac\n') :]
    head = AnswerHead()
    assert call.answer(False, b'"na\nme",mac,', head) == b""
    assert call.answer(False, b'mac_vendor\n"if\n1",x\n', head) == b'"if\n1",x\n'
    # 300,000 pieces of a line each, one body of about 2 MiB a time: each byte is copied and scanned a bounded number of times.
    line = b'"a, ""b""\nc",00:03:93:ab:12:34\n'
    started = time.monotonic()
    bodies = list(EnrichCall(["mac"], "csv", {}, 2 * 1024 * 1024, 0, 1.0).bodies(line for _ in range(300_000)))
    assert time.monotonic() - started < 10
    assert sum(len(body) for body in bodies) == len(line) * 300_000 + (len(bodies) - 1) * len(line)
    assert all(body.endswith(line) and body.count(b"\n") % 2 == 0 for body in bodies)
