"""Test-wide settings.

Under CI (``CI`` set, as ``.ci/run`` runs) hypothesis is derandomized: every run tries the
same examples, so a green submission stays green. Locally each run explores new examples
and remembers failures in ``.hypothesis/``; a failure found that way becomes an explicit
``@example`` row before it is fixed.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
