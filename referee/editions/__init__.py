"""The editions the referee ships with; importing this package registers them."""

# isort: off
# The order editions are listed in (a session's `[Edition]` names one).
from . import classic, swap, shuffle, minecraft, minimalista, allwild, flip, nomercy
# isort: on

__all__ = ["allwild", "classic", "flip", "minecraft", "minimalista", "nomercy", "shuffle", "swap"]
