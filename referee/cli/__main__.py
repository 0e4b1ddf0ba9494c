"""`python -m referee.cli`: the `uno-referee` command without the console script."""

import sys

from .main import main

sys.exit(main())
