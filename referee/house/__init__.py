"""The house rules the referee ships with; importing this package registers them.

Each module is one house rule: its option key, its rules and its hooks. Every module here is
loaded, in name order, so adding a house rule is adding its module. They never import each
other (an import-linter contract keeps them apart).
"""

import importlib
import pkgutil

for _found in sorted(pkgutil.iter_modules(__path__), key=lambda module: module.name):
    importlib.import_module(f"{__name__}.{_found.name}")
