"""What the cards of UNO Flip and Show 'Em No Mercy do once down, looked up by kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .effects import Effect, challengeable_draw, draw_next
from .events import Play
from .flip import SIDES
from .table import OwedDraw, Table

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
    return "skip-everyone", "; everyone else is skipped"


def discard_all(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                color: str | None) -> tuple[str, str]:
    """Discard All (dossier 7.2): the other cards of its colour went down with it; play
    passes to the next player."""
    table.turn = table.step(seat)
    return "discard-all", ""


def reverse_draw(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
                 color: str | None) -> tuple[str, str]:
    """Wild Reverse Draw 4: play changes direction, then the new next player draws 4 (a +4 in
    a stack; options.md)."""
    table.direction = -table.direction
    rule, text = challengeable_draw(ref, table, seat, play, top, color)
    return ("reverse-draw" if rule != "stacking" else rule), "; play changes direction" + text


def roulette(ref: Referee, table: Table, seat: int, play: Play, top: Card | None,
             color: str | None) -> tuple[str, str]:
    """Wild Color Roulette: the next player draws until the colour its player named, keeps
    them all and misses their turn (dossier 7.2; options.md)."""
    victim = table.step(seat)
    winner = seat if table.hands[seat] == 0 else None
    table.owed = OwedDraw(victim, table.step(victim), "roulette", winner)
    table.turn = victim
    who = table.players[victim]
    return "roulette", f"; {who} draws {table.until_text()} (`{who}: draw N`)"


EDITION_EFFECTS: dict[str, Effect] = {
    "f": flip_card, "se": skip_everyone, "+1": draw_next, "+5": draw_next,
    "+4": challengeable_draw, "w+6": challengeable_draw, "w+10": challengeable_draw,
    "wr+4": reverse_draw, "da": discard_all, "wcr": roulette,
}
