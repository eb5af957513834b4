"""The exception a refusal raises."""

from __future__ import annotations


class MacAnalysisError(Exception):
    """A refusal, as the service's RFC 9457 problem details say it: a stable ``code`` (invalid_mac,
    missing_mac, invalid_fields, rate_limited, unavailable…), the HTTP ``status``, and a ``title``
    and ``detail`` in the language asked for."""

    def __init__(self, code: str, status: int, title: str, detail: str, instance: str | None = None) -> None:
        super().__init__(f"{title} ({code}, {status}): {detail}")
        self.code = code
        self.status = status
        self.title = title
        self.detail = detail
        self.instance = instance
