"""The move box offers exactly what the referee accepts, on every turn of self-play games
(issue 11): each suggested line is accepted, and each move the real players make from the
table's public view (a card on the top card, draw, accept, challenge) is among them."""

from __future__ import annotations

import random

import pytest
from test_selfplay import FULL, seed_for

from referee.engine import events as ev
from referee.engine.ruling import Ruling
from referee.notation import parse_move
from referee.service.hints import completions
from tests.selfplay import SelfPlay
from tests.selfplay.outcomes import Divergence
from tests.selfplay.tables import random_header

pytestmark = pytest.mark.selfplay

# Every turn of each game is audited, which costs as much as refereeing the game many times
# over: fewer games than plain self-play (whose moves all go through `check` too).
GAMES = 25 if FULL else 4
EDITIONS = ["classic", "swap", "shuffle", "minecraft", "minimalista", "allwild", "flip",
            "nomercy"]


class Auditing(SelfPlay):
    """Self-play that, before each move, checks the move box's suggestions against the engine."""

    audited = 0
    offered = 0

    def emit(self, event: ev.Event) -> Ruling:
        self.audit(event)
        return super().emit(event)

    def audit(self, event: ev.Event) -> None:
        ref, header = self.ref, self.ref.header
        offered: list[ev.Event] = []
        challenge = False
        for line in completions(ref):
            if line.endswith(": challenge "):
                challenge = True  # a prefix to finish with the hand shown, not a move
                continue
            move = parse_move(line, header)
            ruling = ref.check(move)
            if not ruling.ok:
                raise Divergence(f"suggested {line!r}, refused: {ruling.text} [{ruling.rule}]")
            offered.append(move)
        self.offered += len(offered)
        if getattr(event, "player", None) != ref.actor():
            return  # jump-ins, catches, calls by others: not the move box's turn suggestions
        if isinstance(event, ev.CardPlayed):
            faces = {(m.play.card, m.play.color) for m in offered if isinstance(m, ev.CardPlayed)}
            found = (event.play.card, event.play.color) in faces
        elif isinstance(event, ev.CardsDrawn) and event.count == 1 and event.play is None:
            found = any(isinstance(m, ev.CardsDrawn) for m in offered)
        elif isinstance(event, ev.DrawAccepted):
            found = any(isinstance(m, ev.DrawAccepted) for m in offered)
        elif isinstance(event, ev.ChallengeMade):
            found = challenge
        else:
            return
        if not found:
            raise Divergence(f"{event} was legal but the move box did not offer it")
        self.audited += 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_suggestions_are_exactly_the_moves_the_referee_accepts(edition: str) -> None:
    seed = seed_for("suggestions", edition)
    rng = random.Random(seed)
    sim = Auditing(seed)
    for _ in range(GAMES):
        sim.play_game(random_header(rng, edition, rng.choice(("en", "jp"))), rounds=1)
    # Thousands of turns, each checked both ways.
    assert sim.audited > GAMES * 10 and sim.offered > GAMES * 50
