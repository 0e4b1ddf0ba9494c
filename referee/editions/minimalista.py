"""UNO Minimalista: classic rules and scoring, 8 plain Wilds and no special Wilds."""

from __future__ import annotations

from ..engine.deck import classic_family
from ..engine.rules import rule
from ..engine.units import Edition, register

MINIMALISTA = rule("minimalista", "Minimalista: classic rules and scoring; the deck has 8 plain "
                   "Wilds and no special Wilds (112 cards).",
                   "dossier 8 (JPwiki; composition UNCONFIRMED)", table_default=True,
                   unit="minimalista")


@register
class Minimalista(Edition):
    id = "minimalista"
    # JPwiki: no special Wilds, 4 more plain Wilds instead (8, 112 cards); values as classic.
    # The composition is UNCONFIRMED against an official sheet.
    deck = classic_family("minimalista", "UNO Minimalista (108 + 4 Wild)", {"w": 8}, 50,
                          "dossier 8, 11")
