"""The client's version, written once: pyproject.toml and the User-Agent read it."""

__version__ = "0.1.0"
