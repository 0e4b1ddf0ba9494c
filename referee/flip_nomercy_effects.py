"""What the cards of UNO Flip and Show 'Em No Mercy do once down, looked up by kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .effects import Effect, draw_next
from .events import Play
from .flip import SIDES
from .table import Table

if TYPE_CHECKING:
    from .engine import Referee


def flip_card(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
              color: str | None) -> tuple[str, str]:
    """Flip (dossier 5.3): everything turns over; the card turned up has no effect, and a Wild
    turned up takes the colour the Flip's player names (options.md, table default)."""
    exposed = play.top
    assert exposed is not None
    table.flip_over(exposed, play.top_color)
    table.turn = table.step(seat)
    text = f"; everything turns to the {SIDES[table.side]} side and {exposed.name} shows"
    if exposed.is_wild:
        text += f", naming {table.color_name()}"
    elif not exposed.is_number:
        text += " (its action does not apply)"
    return "flip", text


def skip_everyone(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                  color: str | None) -> tuple[str, str]:
    """Skip Everyone: every other player is skipped and the player plays again (dossier 5.3,
    7.2); with two players that is a Skip."""
    table.turn = seat
    return "skip-everyone", f"; everyone else is skipped: {table.players[seat]} plays again"


EDITION_EFFECTS: dict[str, Effect] = {
    "f": flip_card, "se": skip_everyone, "+1": draw_next, "+5": draw_next,
}
