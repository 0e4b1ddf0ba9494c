"""Self-play's models of units registered from elsewhere (a test's own edition or house rule).

The real game knows the shipped editions and house rules by heart; a unit it does not know
brings a model of what it changes, registered here by the unit's id while the unit is."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

from referee.engine.cards import Card

if TYPE_CHECKING:
    from .game import RealGame


class UnitModel:
    """What a unit changes in the real game; each default changes nothing."""

    def active(self, edition: str, options: Mapping[str, str]) -> bool:
        """Whether the unit plays at this table (its edition, or its option on)."""
        return False

    def refuses(self, real: RealGame, face: Card) -> bool:
        """A card that matches, yet the unit does not let go down now."""
        return False

    def play(self, real: RealGame, seat: int, face: Card) -> bool:
        """Apply the effect of a card of the unit's own (True), or leave it to the core."""
        return False


MODELS: dict[str, UnitModel] = {}


@contextmanager
def modelled(unit: str, model: UnitModel) -> Iterator[None]:
    """Self-play models `unit` for a while."""
    MODELS[unit] = model
    try:
        yield
    finally:
        del MODELS[unit]
