"""Skip Everyone (UNO Flip's dark side, Show 'Em No Mercy): the player plays again."""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.events import Play
from ..engine.messages import Key, Messages
from ..engine.rules import RuleId, rule
from ..engine.sources import FLIP_MANUAL, NO_MERCY_SHEET
from ..engine.state import Game, Kind, Said, Table

SKIP_EVERYONE = rule(
    "skip-everyone",
    "Skip Everyone: every other player is skipped and the "
    "player plays again; with two players it acts as a Skip.",
    f"{FLIP_MANUAL}, 「ダークスキップ」; with two players: table default",
    unit="flip",
)
rule(
    "skip-everyone",
    "Skip Everyone: every other player is skipped and the player plays again.",
    NO_MERCY_SHEET,
    unit="nomercy",
)


class Say(Messages, namespace="skip_everyone"):
    skipped = Key("; everyone else is skipped")


def skip_everyone(
    g: Game, t: Table, seat: int, play: Play, top: Card | None, color: str | None, said: Said
) -> tuple[RuleId, bool]:
    t.turn = seat
    said.append(Say.skipped())
    return SKIP_EVERYONE, False


KIND = Kind(skip_everyone)
