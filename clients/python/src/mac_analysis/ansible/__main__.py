"""``python3 -m mac_analysis.ansible``: prints the folder to give Ansible as ANSIBLE_FILTER_PLUGINS."""

from pathlib import Path

print(Path(__file__).resolve().parent / "filter_plugins")
