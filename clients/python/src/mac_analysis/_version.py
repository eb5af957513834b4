"""The client's version, written once: pyproject.toml and the User-Agent read it."""

__version__ = "1.7.0"
