"""The Red Dragon Inn (seeds 000-002)."""

from pathlib import Path as _Path

from tales.compiled import check_fresh as _check_fresh

_check_fresh(_Path(__file__).parent)  # (its rules may be compiled: README, "How fast")
