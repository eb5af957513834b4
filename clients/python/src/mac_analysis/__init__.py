"""Client of the MAC address analysis service: one address or millions, with their formats, I/G and
U/L bits, IEEE registry vendor (MA-L, MA-M, MA-S, IAB, CID) and first-seen date, reserved
addresses and hints (virtual machine, container, randomized), in English or French.

    from mac_analysis import Client

    with Client("http://localhost:8080") as client:
        client.analyze("00:03:93:ab:12:34")["vendor"]["name"]   # 'Apple, Inc.'
"""

from ._client import DEFAULT_BATCH_SIZE, DEFAULT_MAX_RETRY_WAIT, AsyncClient, Client, ProjectedAnalysis
from ._errors import MacAnalysisError
from ._version import __version__
from .types import Analysis, BatchItem, ExtractResult, PrefixListing, VendorSearch

__all__ = ["DEFAULT_BATCH_SIZE", "DEFAULT_MAX_RETRY_WAIT", "Analysis", "AsyncClient", "BatchItem", "Client", "ExtractResult", "MacAnalysisError", "PrefixListing", "ProjectedAnalysis", "VendorSearch"]
