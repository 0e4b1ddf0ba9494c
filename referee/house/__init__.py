"""The house rules the referee ships with; `units.load_standard` registers them.

Each module is one house rule: its option key, its rules and its hooks. Every module here is
loaded, in name order, so adding a house rule is adding its module (and running
`python -m referee.engine.unit_index_build`). They never import each other (an import-linter
contract keeps them apart).
"""

import os

# The folder's listing, not pkgutil's: pkgutil loads importlib.util and more, which every
# command that referees a session would pay for.
NAMES = tuple(
    sorted(
        name[:-3]
        for name in os.listdir(__path__[0])
        if name.endswith(".py") and name != "__init__.py"
    )
)
"""The house rule modules, in the order they are loaded."""
