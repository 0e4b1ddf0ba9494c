"""UNO: the 108-card deck every other edition starts from."""

from __future__ import annotations

from ..engine.deck import classic_family
from ..engine.sources import EN_SHEET, HOW_TO
from ..engine.units import Edition, register
from ..i18n import N_


@register
class Classic(Edition):
    id = "classic"
    deck = classic_family(
        "classic", N_("UNO (108 cards)"), {}, 50, f"{EN_SHEET}; {HOW_TO}, 「使用するカード」"
    )
