"""The services the tests talk to, started by the project's test suite (test/python-client.test.ts)
on ephemeral ports, each with the limits a test needs. Without them the tests are skipped."""

import os
import re

import httpx
import pytest

SERVICES = {
    "service": "MAC_ANALYSIS_URL",  # the defaults
    "limited": "MAC_ANALYSIS_LIMITED_URL",  # RATE_LIMIT_RPS=1, RATE_LIMIT_BURST=1
    "budget": "MAC_ANALYSIS_BUDGET_URL",  # BODY_BUDGET_BYTES and BATCH_MAX_BYTES 200000, BODY_TIMEOUT_MS 1500
    "small": "MAC_ANALYSIS_SMALL_URL",  # BATCH_MAX_ITEMS=1000
}


def _url(name: str) -> str:
    url = os.environ.get(SERVICES[name])
    if not url:
        pytest.skip(f"{SERVICES[name]} is not set: test/python-client.test.ts starts the services")
    return url


@pytest.fixture
def url() -> str:
    return _url("service")


@pytest.fixture
def limited_url() -> str:
    return _url("limited")


@pytest.fixture
def budget_url() -> str:
    return _url("budget")


@pytest.fixture
def small_url() -> str:
    return _url("small")


def metric(url: str, name: str) -> int:
    """A counter of the service's /metrics."""
    text = httpx.get(f"{url}/metrics").text
    match = re.search(rf"^{re.escape(name)} (\d+)$", text, re.M)
    return int(match.group(1)) if match else 0
