"""The service's answers as TypedDicts, member for member the schemas of its OpenAPI document
(``/api/openapi.json``). ``tests/test_types.py`` checks every one against the document: its keys,
which are required, and the values of its enums.
"""

from typing import Literal, NotRequired, TypedDict


class FirstSeen(TypedDict):
    """When a block was first seen in a published registry (None where no source dates it)."""

    date: str
    source: Literal["archive", "ieee", "snapshot"]


class AddressFormats(TypedDict):
    kind: Literal["EUI-48", "EUI-64"]
    canonical: str
    hexadecimal: str
    dashed: str
    cisco: str
    eui64: str
    ipv6InterfaceId: str
    ipv6LinkLocal: str
    bitReversed: str


class IgBit(TypedDict):
    value: Literal[0, 1]
    meaning: Literal["individual", "group"]
    label: str


class UlBit(TypedDict):
    value: Literal[0, 1]
    meaning: Literal["universal", "local"]
    label: str


class Bits(TypedDict):
    ig: IgBit
    ul: UlBit
    transmission: Literal["unicast", "multicast", "broadcast"]
    slapQuadrant: Literal["AAI", "ELI", "SAI", "reserved"] | None


class Block(TypedDict):
    first: str
    last: str
    mask: str
    size: Literal[16777216, 1048576, 4096, 1099511627776, 68719476736, 268435456]
    firstSeen: FirstSeen | None


class Country(TypedDict):
    code: str
    name: str


class Vendor(TypedDict):
    name: str | None
    shortName: str | None
    prefix: str
    prefixLength: Literal[24, 28, 36]
    registry: Literal["MA-L", "MA-M", "MA-S"]
    block: Block
    address: str | None
    country: Country | None
    flag: str | None
    private: bool
    iab: NotRequired[Literal[True]]


class Range(TypedDict):
    first: str
    last: str


class DerivedFacts(TypedDict, total=False):
    ipv4Groups: list[str]
    ipv6Group: str
    solicitedNode: str
    vrid: int
    hsrpGroup: int
    glbpGroup: int
    glbpForwarder: int


class Special(TypedDict):
    id: str
    title: str
    summary: str
    usage: str
    range: Range
    references: list[str]
    derived: NotRequired[DerivedFacts]


class Hint(TypedDict):
    id: Literal["virtual-machine", "container", "cid", "randomized", "site"]
    title: str
    summary: str
    platform: NotRequired[Literal["vmware", "hyper-v", "virtual-pc", "xen", "virtualbox", "parallels", "kvm-qemu", "proxmox", "bhyve", "nutanix", "docker"]]
    platformName: NotRequired[str]
    references: NotRequired[list[str]]
    name: NotRequired[str | None]
    prefix: NotRequired[str]
    quadrant: NotRequired[Literal["AAI", "ELI", "SAI", "reserved"]]
    note: NotRequired[str | None]
    firstSeen: NotRequired[FirstSeen | None]


class DerivedFrom(TypedDict):
    """What the address was read out of: its kind, the input, and a DHCPv6 DUID's type and time."""

    kind: Literal["ipv6", "eui64", "ipoib", "duid", "client-id"]
    value: str
    duidType: NotRequired[Literal["LLT", "LL"]]
    time: NotRequired[str]


class Analysis(TypedDict):
    """The analysis of one address (GET /api/mac/{mac}); with ``fields``, only the members named."""

    address: AddressFormats
    bits: Bits
    vendor: Vendor | None
    special: Special | None
    hints: list[Hint]
    derivedFrom: NotRequired[DerivedFrom]


class ItemError(TypedDict):
    code: Literal["missing_mac", "invalid_mac"]
    detail: str


class AnalysedItem(TypedDict):
    input: str
    analysis: Analysis


class RefusedItem(TypedDict):
    input: str
    error: ItemError


BatchItem = AnalysedItem | RefusedItem
"""One result per input, in input order: the analysis, or why the input is not an address."""


class ExtractItem(TypedDict):
    input: str
    line: int
    context: str
    analysis: Analysis


class ExtractResult(TypedDict):
    """The addresses found in a text (POST /api/mac/extract)."""

    count: int
    truncated: bool
    items: list[ExtractItem]


class RegistryBlock(TypedDict):
    prefix: str
    prefixLength: Literal[24, 28, 36]
    registry: Literal["MA-L", "MA-M", "MA-S"]
    iab: NotRequired[Literal[True]]
    first: str
    last: str
    size: Literal[16777216, 1048576, 4096]
    firstSeen: FirstSeen | None


class VendorEntry(TypedDict):
    name: str
    shortName: str | None
    country: Country | None
    blockCount: int
    blocks: list[RegistryBlock]


class VendorSearch(TypedDict):
    """The organisations a vendor search finds (GET /api/vendors?q=)."""

    query: str
    total: int
    vendors: list[VendorEntry]


class BlockVendor(TypedDict):
    name: str
    shortName: str | None
    country: Country | None


class ListedBlock(RegistryBlock):
    mostSpecific: NotRequired[Literal[True]]
    vendor: BlockVendor | None


class PrefixListing(TypedDict):
    """The blocks around a prefix (GET /api/vendors?prefix=)."""

    query: str
    prefix: str
    total: int
    blocks: list[ListedBlock]


class Problem(TypedDict):
    """An RFC 9457 problem detail, as every refusal is answered."""

    type: str
    title: str
    status: int
    code: str
    detail: str
    instance: str
