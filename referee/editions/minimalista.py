"""UNO Minimalista: classic rules and scoring, 8 plain Wilds and no special Wilds."""

from __future__ import annotations

from ..engine.deck import classic_family
from ..engine.sources import JA_WIKIPEDIA
from ..engine.units import Edition, register
from ..i18n import N_

_REPORTED = f"Composition as reported by {JA_WIKIPEDIA}, 関連商品"


@register
class Minimalista(Edition):
    id = "minimalista"
    # Japanese Wikipedia: no special Wilds, 4 more plain Wilds instead (8, 112 cards); values as
    # classic. No official sheet was at hand to check the composition against.
    deck = classic_family(
        "minimalista", N_("UNO Minimalista (108 + 4 Wild)"), {"w": 8}, 50, _REPORTED
    )
