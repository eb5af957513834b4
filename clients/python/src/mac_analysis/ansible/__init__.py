"""Ansible filters over the service: ``mac_vendor`` and ``mac_analysis``.

Each takes one address or a list of them. A list is analysed in one streamed batch
(``Client.analyze_many``), so a play that asks for the vendors of 10,000 hosts in one
``run_once`` task makes one request, not 10,000::

    - set_fact:
        vendors: "{{ groups['all'] | map('extract', hostvars, 'mac') | list | mac_vendor }}"
      run_once: true

The service's URL is the filter's ``url`` argument, else ``MAC_ANALYSIS_URL``, else
http://localhost:8080. Ansible finds the filters where ``python3 -m mac_analysis.ansible`` says
(set ``ANSIBLE_FILTER_PLUGINS`` to it, or list it in ``filter_plugins`` of ansible.cfg).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from .._client import Client
from .._errors import MacAnalysisError

try:
    from ansible.errors import AnsibleFilterError
except ImportError:  # outside Ansible (the client's own tests)
    AnsibleFilterError = ValueError  # type: ignore[misc,assignment]

DEFAULT_URL = "http://localhost:8080"


def _url(url: str | None) -> str:
    return url or os.environ.get("MAC_ANALYSIS_URL") or DEFAULT_URL


def _items(macs: list[str], url: str | None, lang: str | None, fields: str | None) -> list[dict[str, Any]]:
    with Client(_url(url)) as client:
        return [dict(item) for item in client.analyze_many([str(m) for m in macs], lang=lang, fields=fields)]


def _one(mac: str, url: str | None, lang: str | None, fields: str | None) -> dict[str, Any]:
    with Client(_url(url)) as client:
        try:
            return dict(client.analyze(str(mac), lang=lang, fields=fields))
        except MacAnalysisError as e:
            raise AnsibleFilterError(f"mac_analysis: {mac!r}: {e.code}: {e.detail}") from e


def _many(macs: Any) -> bool:
    """Whether ``macs`` is many addresses: a list, or any other iterable but a string (a
    ``map`` filter's generator, when ``| list`` is left out)."""
    return isinstance(macs, Iterable) and not isinstance(macs, (str, bytes, Mapping))


def mac_analysis(macs: Any, url: str | None = None, lang: str | None = None, fields: str | None = None) -> Any:
    """The analysis of one address (an invalid one fails the task, saying why), or, for a list,
    one item per address in order: ``{input, analysis}`` or ``{input, error}``."""
    if _many(macs):
        return _items(list(macs), url, lang, fields)
    return _one(macs, url, lang, fields)


def mac_vendor(macs: Any, url: str | None = None, lang: str | None = None) -> Any:
    """The vendor's name of one address (None when no block holds it; an invalid one fails the
    task, and so is a private registration: the API's null), or, for a list, one name or None
    per address in order (None for an invalid one too)."""
    if _many(macs):
        return [_name(item.get("analysis")) for item in _items(list(macs), url, lang, "vendor.name")]
    return _name(_one(macs, url, lang, "vendor.name"))


def _name(analysis: dict[str, Any] | None) -> str | None:
    vendor = analysis.get("vendor") if analysis else None
    return None if vendor is None else vendor.get("name")


class FilterModule:
    """The filters Ansible loads (its plugin loader looks for this class)."""

    def filters(self) -> dict[str, Any]:
        return {"mac_vendor": mac_vendor, "mac_analysis": mac_analysis}
