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

# Worker processes (`--workers 2`, sweeps) start from a clean forkserver, not by forking
# the test process: a test process that has drawn a picture holds Mesa's llvmpipe threads,
# and a child forked while one of them held a lock waited on it forever (a whole-suite run
# hung at 99%). The command itself draws only after its games, so it keeps the default.
import multiprocessing  # noqa: E402

multiprocessing.set_start_method("forkserver", force=True)
