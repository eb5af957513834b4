"""The filters of mac_analysis.ansible, where Ansible's filter plugin loader looks for them."""

from mac_analysis.ansible import FilterModule

__all__ = ["FilterModule"]
