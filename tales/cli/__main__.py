"""``python -m tales.cli``: the same as the ``tales`` command."""

import sys

from tales.cli import main

sys.exit(main())
