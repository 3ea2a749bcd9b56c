"""The offline model's test fixtures; the shared pieces live in offline_support.py."""

from offline_support import offline_environment, served_url

__all__ = ["offline_environment", "served_url"]
