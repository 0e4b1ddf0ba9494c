"""The house rules the referee ships with; importing this package registers them.

Each module is one house rule: its option key, its rules and its hooks. Every module here is
loaded, in name order, so adding a house rule is adding its module. They never import each
other (an import-linter contract keeps them apart).
"""

import os

# The folder's listing, not pkgutil's: pkgutil loads importlib.util and more, which every
# command that referees a session would pay for. The import statement's machinery loads each
# (so `python -X importtime` reports them).
for _name in sorted(
    name[:-3] for name in os.listdir(__path__[0]) if name.endswith(".py") and name != "__init__.py"
):
    __import__(f"{__name__}.{_name}")
