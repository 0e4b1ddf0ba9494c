"""UNO: the 108-card deck every other edition starts from."""

from __future__ import annotations

from ..engine.deck import classic_family
from ..engine.units import Edition, register


@register
class Classic(Edition):
    id = "classic"
    deck = classic_family("classic", "UNO (108 cards)", {}, 50, "dossier 2.1, 2.12")
