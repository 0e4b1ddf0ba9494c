"""A package's names loaded from their modules on first use (PEP 562), so that a command loads
only the modules it uses; one loader for every package that does so."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping


def loader(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The module `__getattr__` of `package`: each name of `homes` is read from its module (a
    module of the package, or a full dotted name) when first asked for, then kept."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = home if home.startswith("referee.") else f"{package}.{home}"
        # The import statement's machinery, as `-X importtime` reports it (importlib's does not).
        value = getattr(__import__(module, fromlist=[name]), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
