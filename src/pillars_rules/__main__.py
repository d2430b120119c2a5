"""``python -m pillars_rules`` is the ``pillars-rules`` command."""

import sys

from .cli import main

sys.exit(main())
